//! `count --checkpoint FILE`: the SQLite checkpoint a count resumes from
//! and keeps each finished unit in (long_count.rs runs the count around
//! it). SQLite comes with the `checkpoints` feature; a build without it
//! refuses the flag here.

use crate::error::CliError;
use nqueens::count::UnitDone;

#[cfg(feature = "checkpoints")]
pub use sqlite::resume;

/// A checkpoint opened for a count: its finished units, what keeps the
/// others (its writer), and its id for the shard's record.
pub struct Resumed {
    pub done: Vec<UnitDone>,
    pub id: String,
    pub keeper: Box<dyn Keeper>,
}

/// What keeps a count's units as they finish: a checkpoint's writer.
pub trait Keeper: Sync {
    /// Hands a finished unit over; false once keeping has failed (the run
    /// should then stop: its results could no longer be kept).
    fn keep(&self, done: UnitDone) -> bool;

    /// Keeps what is left; its failure said as the run's.
    fn finish(self: Box<Self>) -> Result<(), CliError>;
}

/// The refusal of `--checkpoint` by a build without SQLite.
#[cfg(not(feature = "checkpoints"))]
pub fn resume(
    _: &std::path::Path,
    _: &nqueens::count::CountStart<'_>,
    _: Option<nqueens::count::Shard>,
) -> Result<Resumed, CliError> {
    use crate::built::{lacking, Feature};
    Err(lacking(Feature::Checkpoints, "--checkpoint"))
}

#[cfg(feature = "checkpoints")]
mod sqlite {
    use super::{Keeper, Resumed};
    use crate::error::CliError;
    use nqueens::count::{CountStart, Shard, UnitDone};
    use nqueens_runs::{Checkpoint, CheckpointError, Recorder};
    use std::io::{self, Write};
    use std::path::Path;

    /// The checkpoint's finished units, a writer for the others and its
    /// id; refused when the file cannot be used. Rows dropped as damaged
    /// are said on stderr: their units are counted again.
    pub fn resume(
        path: &Path,
        start: &CountStart<'_>,
        shard: Option<Shard>,
    ) -> Result<Resumed, CliError> {
        let refused = |err: CheckpointError| CliError::Refused(format!("{err}{}", room(&err)));
        let (plan, ids) = (start.plan, start.ids);
        let checkpoint = Checkpoint::open(path, plan, shard, ids).map_err(refused)?;
        let mut err = io::stderr().lock();
        for why in checkpoint.dropped() {
            let _ = writeln!(
                err,
                "nqueens: checkpoint {}: {why}: the row is dropped, and its unit counted again",
                path.display()
            );
        }
        let (done, id) = (checkpoint.done().to_vec(), checkpoint.id().to_owned());
        let threads = start.driver.thread_count();
        let recorder = checkpoint.recorder(threads).map_err(refused)?;
        Ok(Resumed {
            done,
            id,
            keeper: Box::new(recorder),
        })
    }

    impl Keeper for Recorder {
        fn keep(&self, done: UnitDone) -> bool {
            self.record(done)
        }

        fn finish(self: Box<Self>) -> Result<(), CliError> {
            (*self).finish().map_err(|err| {
                CliError::Failed(format!(
                    "{err}: the run stopped, and the units the checkpoint holds are kept{}",
                    room(&err)
                ))
            })
        }
    }

    /// What to do about a checkpoint that could not be written: on a full
    /// disk, make room; past the file size limit, raise it; and run the
    /// same command again.
    fn room(err: &CheckpointError) -> String {
        err.go_on()
            .map_or_else(String::new, |go_on| format!("; {go_on}"))
    }
}
