//! `count --checkpoint FILE`: a SQLite database with what the run is (n,
//! method, plan version and fingerprint, shard) and one row per finished
//! unit (its tally, seconds, and residues as a check), committed by a
//! writer thread several times a second. A killed run loses at most the
//! units in flight and those of the last fraction of a second; a resumed
//! one skips every unit already in the file.

mod identity;
mod recorder;
mod rows;
mod status;

pub use recorder::Recorder;
pub use status::status;

use crate::CheckpointError;
use identity::Identity;
use nqueens::count::{Plan, Shard, UnitDone};
use rusqlite::Connection;
use std::fs::{File, OpenOptions};
use std::path::{Path, PathBuf};

/// An open checkpoint, checked against the run, with the units it holds.
pub struct Checkpoint {
    path: PathBuf,
    connection: Connection,
    /// Held until the run ends: one process counts into a file at a time.
    lock: File,
    done: Vec<UnitDone>,
}

impl Checkpoint {
    /// Opens the checkpoint at `path` for the run of `ids` (the units of
    /// `plan`, or of its `shard`), creating it when the file is new or
    /// empty. A file of another run, one that is not a checkpoint, or one
    /// with a damaged row is refused, and left as it was.
    pub fn open(
        path: &Path,
        plan: &Plan,
        shard: Option<Shard>,
        ids: &[usize],
    ) -> Result<Checkpoint, CheckpointError> {
        let lock = take_lock(path)?;
        let connection = connect(path)?;
        let ours = Identity::of(plan, shard, ids.len());
        let sqlite = sqlite_error(path);
        match Identity::read(&connection).map_err(&sqlite)? {
            None => ours.create(&connection).map_err(&sqlite)?,
            Some(Err(what)) => return Err(corrupted(path, what)),
            Some(Ok(theirs)) if theirs != ours => {
                return Err(CheckpointError::OtherRun {
                    path: path.to_owned(),
                    theirs: theirs.describe(),
                    ours: ours.describe(),
                })
            }
            Some(Ok(_)) => {}
        }
        let done = rows::read(&connection, ids)
            .map_err(&sqlite)?
            .map_err(|what| corrupted(path, what))?;
        Ok(Checkpoint {
            path: path.to_owned(),
            connection,
            lock,
            done,
        })
    }

    /// The units already done, in id order.
    pub fn done(&self) -> &[UnitDone] {
        &self.done
    }

    /// Starts the writer thread that records the units still to run, on
    /// `threads` threads.
    pub fn recorder(self, threads: usize) -> Result<Recorder, CheckpointError> {
        Recorder::start(self.path, self.connection, self.lock, threads)
    }
}

/// Takes the file's advisory lock, creating the file if it is missing.
fn take_lock(path: &Path) -> Result<File, CheckpointError> {
    let io = |source: std::io::Error| CheckpointError::Io {
        path: path.to_owned(),
        source,
    };
    let file = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)
        .map_err(io)?;
    // SQLite keeps a log and an index beside the file: a device or a pipe
    // cannot be a checkpoint.
    if !file.metadata().map_err(io)?.is_file() {
        return Err(io(std::io::Error::other("not a regular file")));
    }
    match file.try_lock() {
        Ok(()) => Ok(file),
        Err(std::fs::TryLockError::WouldBlock) => Err(CheckpointError::InUse {
            path: path.to_owned(),
        }),
        Err(std::fs::TryLockError::Error(source)) => Err(io(source)),
    }
}

/// A connection in write-ahead-log mode: a commit costs no sync of the
/// whole file, survives the process being killed, and readers (`status`)
/// never wait for the writer.
fn connect(path: &Path) -> Result<Connection, CheckpointError> {
    let connection = Connection::open(path).map_err(sqlite_error(path))?;
    let setup =
        "PRAGMA busy_timeout = 5000; PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;";
    match connection.execute_batch(setup) {
        Ok(()) => Ok(connection),
        Err(err) if is_not_a_database(&err) => {
            Err(corrupted(path, "it is not a SQLite database".into()))
        }
        Err(err) => Err(sqlite_error(path)(err)),
    }
}

fn is_not_a_database(err: &rusqlite::Error) -> bool {
    err.sqlite_error_code() == Some(rusqlite::ErrorCode::NotADatabase)
}

fn sqlite_error(path: &Path) -> impl Fn(rusqlite::Error) -> CheckpointError + '_ {
    move |source| CheckpointError::Sqlite {
        path: path.to_owned(),
        source,
    }
}

fn corrupted(path: &Path, what: String) -> CheckpointError {
    CheckpointError::Corrupted {
        path: path.to_owned(),
        what,
    }
}
