//! A checkpoint read without changing it, as `status` and `audit` read
//! it (while its count runs, or after): refused unless it is ours, its
//! run's plan made again, its rows checked.

use super::identity::{Found, Identity};
use super::inspect::{self, Sniffed};
use super::opening::{open_to_read, sound};
use super::rows::{self, Rows};
use super::{corrupted, file, identify, not_ours, recorder::now};
use crate::{hex, CheckpointError};
use nqueens::count::{Method, Plan, Shard};
use nqueens::BoardSize;
use std::path::Path;

/// What a checkpoint holds.
pub struct Stored {
    pub(super) identity: Identity,
    /// The plan of its run, made again.
    pub plan: Plan,
    /// The units of its run (all of the plan's, or its shard's).
    pub ids: Vec<usize>,
    pub(super) rows: Rows,
    /// Threads of the last session.
    pub(super) threads: usize,
    /// Seconds since its last commit.
    pub(super) since_last_commit: f64,
    /// Whether the last session ended (none started: true).
    pub(super) ended: bool,
}

impl Stored {
    /// The shard of the run, when it is one.
    pub fn shard(&self) -> Option<Shard> {
        self.identity.shard.parse().ok()
    }

    /// The finished units whose rows hold, in id order.
    pub fn done(&self) -> &[nqueens::count::UnitDone] {
        &self.rows.done
    }
}

/// Reads the checkpoint at `path`. A count may start, commit or end
/// while it is read (no lock keeps it out: `status` never takes one), so
/// a read that fails as one can when the files change under it is tried
/// again: a few times in any case, and for as long as the files keep
/// changing between tries (counts starting and ending one after another
/// beside it), up to a bound. A file that stays as it is fails at once
/// after the few tries.
pub fn read(path: &Path) -> Result<Stored, CheckpointError> {
    let started = std::time::Instant::now();
    let mut tries = 1;
    loop {
        let before = Files::of(path);
        let read = read_once(path);
        let again = match &read {
            Err(err) if may_pass(err) => {
                tries < TRIES || (Files::of(path) != before && started.elapsed() < CHANGING_MAX)
            }
            _ => false,
        };
        if !again {
            return read;
        }
        tries += 1;
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

/// How many times a read is tried whatever happens to the files.
const TRIES: usize = 5;

/// How long reads are tried again while the files keep changing.
const CHANGING_MAX: std::time::Duration = std::time::Duration::from_secs(10);

/// What can be seen of the file and of the log and index SQLite keeps
/// beside it, without opening them: whether a count changed them.
#[derive(PartialEq)]
struct Files([Option<(u64, u64, std::time::SystemTime)>; 3]);

impl Files {
    fn of(path: &Path) -> Files {
        use std::os::unix::fs::MetadataExt;
        let seen = |path: &Path| {
            let meta = std::fs::metadata(path).ok()?;
            Some((meta.ino(), meta.len(), meta.modified().ok()?))
        };
        Files([
            seen(path),
            seen(&inspect::beside(path, "-wal")),
            seen(&inspect::beside(path, "-shm")),
        ])
    }
}

/// Whether `err` is one a read meets when a count changes the files
/// under it: its log or index gone or made between two looks, a page
/// being written back, a file read as it is made ("disk I/O error").
fn may_pass(err: &CheckpointError) -> bool {
    use rusqlite::ErrorCode::{
        CannotOpen, DatabaseBusy, DatabaseCorrupt, DatabaseLocked, SystemIoFailure,
    };
    match err {
        CheckpointError::Sqlite { source, .. } => matches!(
            source.sqlite_error_code(),
            Some(CannotOpen | DatabaseBusy | DatabaseCorrupt | DatabaseLocked | SystemIoFailure)
        ),
        CheckpointError::Corrupted { .. } => true,
        _ => false,
    }
}

fn read_once(path: &Path) -> Result<Stored, CheckpointError> {
    if std::fs::metadata(path).is_err() {
        return Err(CheckpointError::Missing {
            path: path.to_owned(),
        });
    }
    file::refuse_other_kinds(path)?;
    match inspect::sniff(path)? {
        Sniffed::New => {
            return Err(CheckpointError::Empty {
                path: path.to_owned(),
            })
        }
        // Refused here unless ours: only then is it opened the usual way.
        Sniffed::Known(found) => drop(identity_of(found, path)?),
        Sniffed::Ours => {}
    }
    let connection = open_to_read(path)?;
    // A creation cut short, rolled back to nothing.
    if connection.is_empty().unwrap_or(false) {
        return Err(CheckpointError::Empty {
            path: path.to_owned(),
        });
    }
    let identity = identity_of(identify(&connection, path)?, path)?;
    sound(&connection, path)?;
    let (plan, ids) = run_of(&identity).map_err(|why| not_ours(path, why))?;
    let rows =
        rows::read(&connection, &ids, &identity.binding()).map_err(|what| corrupted(path, what))?;
    let (threads, last_commit, ended): (i64, f64, Option<f64>) = connection
        .query_row(
            "SELECT threads, last_commit, ended FROM nqueens_session ORDER BY id DESC LIMIT 1",
            [],
            |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)),
        )
        .unwrap_or((1, f64::NAN, Some(0.0)));
    Ok(Stored {
        identity,
        plan,
        ids,
        rows,
        threads: threads.max(1) as usize,
        since_last_commit: (now() - last_commit).max(0.0),
        ended: ended.is_some(),
    })
}

/// The run of a checkpoint of ours; anything else refused.
fn identity_of(found: Found, path: &Path) -> Result<Identity, CheckpointError> {
    match found {
        Found::Ours(identity) => Ok(identity),
        Found::Damaged(what) => Err(corrupted(path, what)),
        Found::NotOurs(why) => Err(not_ours(path, why)),
    }
}

/// The plan and unit ids `identity` names, from this build of nqueens;
/// an error when this build makes another plan.
fn run_of(identity: &Identity) -> Result<(Plan, Vec<usize>), String> {
    let method: Method = identity.method.parse().map_err(|err| format!("{err}"))?;
    let size = BoardSize::new(identity.n).map_err(|err| err.to_string())?;
    let plan =
        Plan::new(size, method).map_err(|err| format!("{err} in this version of nqueens"))?;
    if hex(plan.fingerprint()) != identity.plan_hash {
        return Err(format!(
            "it was made by another version of nqueens (plan {} {}; this one makes plan {} {})",
            identity.plan_version,
            identity.plan_hash,
            plan.version(),
            hex(plan.fingerprint())
        ));
    }
    let ids = match identity.shard.as_str() {
        "all" => (0..plan.units().len()).collect(),
        shard => plan.shard(shard.parse::<Shard>().map_err(|err| err.to_string())?),
    };
    Ok((plan, ids))
}
