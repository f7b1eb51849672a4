//! `count --checkpoint FILE`: a SQLite database with what the run is (n,
//! method, plan version and fingerprint, shard) and one row per finished
//! unit (its tally and seconds, bound to the run and the unit by a
//! checksum), committed by a writer thread several times a second. A
//! killed run loses at most the units in flight and those of the last
//! fraction of a second; a resumed one skips every unit already in the
//! file, and counts again any whose row no longer holds.

mod file;
mod identity;
mod inspect;
mod opening;
mod recorder;
mod rows;
mod schema;
mod status;
mod stored;

pub use recorder::Recorder;
pub use status::status;
pub use stored::{read, Stored};

use crate::CheckpointError;
use identity::{Found, Identity};
use nqueens::count::{Plan, Shard, UnitDone};
use opening::Opened;
use rusqlite::Connection;
use std::fs::File;
use std::path::{Path, PathBuf};

/// An open checkpoint, checked against the run, with the units it holds.
pub struct Checkpoint {
    path: PathBuf,
    /// None for a finished count read where it cannot be written.
    connection: Option<Connection>,
    /// Held until the run ends: one process counts into a file at a time.
    lock: File,
    done: Vec<UnitDone>,
    dropped: Vec<String>,
    binding: String,
    id: String,
}

impl Checkpoint {
    /// Opens the checkpoint at `path` for the run of `ids` (the units of
    /// `plan`, or of its `shard`), creating it when the file is missing,
    /// empty, or a creation of ours cut short. A file of another run, one
    /// that is not a checkpoint, or one that SQLite finds damaged is
    /// refused and left as it was, with the log or journal beside it (it
    /// is told apart before SQLite opens it for writing: inspect.rs,
    /// opening.rs). One this user cannot write is only read: its units,
    /// when its count is finished (its recorder then records nothing);
    /// refused otherwise, with what cannot be written. Rows that no
    /// longer match their checksum are dropped, to be counted again
    /// ([`Checkpoint::dropped`] says which).
    pub fn open(
        path: &Path,
        plan: &Plan,
        shard: Option<Shard>,
        ids: &[usize],
    ) -> Result<Checkpoint, CheckpointError> {
        file::refuse_other_kinds(path)?;
        let lock = file::take_lock(path)?;
        let sqlite = sqlite_error(path);
        let ours = Identity::of(plan, shard, ids.len());
        let binding = ours.binding();
        let (connection, id, rows) = match opening::open(path, &ours)? {
            Opened::Writable(connection) => {
                write_ahead(&connection).map_err(&sqlite)?;
                let (id, rows) = contents(&connection, path, ids, &binding)?;
                let rowids: Vec<i64> = rows.damaged.iter().map(|(rowid, _)| *rowid).collect();
                rows::drop_rows(&connection, &rowids).map_err(&sqlite)?;
                (Some(connection), id, rows)
            }
            // A finished count is read where it cannot be written; any
            // other is refused, with its units and how to go on.
            Opened::ReadOnly(reading, why) => {
                let (id, rows) = contents(&reading, path, ids, &binding)?;
                if rows.done.len() < ids.len() {
                    return Err(CheckpointError::ReadOnly {
                        path: path.to_owned(),
                        why,
                        done: rows.done.len(),
                        units: ids.len(),
                        copy: copy_command(path),
                    });
                }
                (None, id, rows)
            }
        };
        Ok(Checkpoint {
            path: path.to_owned(),
            connection,
            lock,
            done: rows.done,
            dropped: rows.damaged.into_iter().map(|(_, why)| why).collect(),
            binding,
            id,
        })
    }

    /// The checkpoint's id: its run and the moment its file was made, 16
    /// hex digits. A copy of the file has the same; another file of the
    /// same run has another.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// The units already done, in id order.
    pub fn done(&self) -> &[UnitDone] {
        &self.done
    }

    /// What was wrong with each row dropped on opening: their units are
    /// counted again.
    pub fn dropped(&self) -> &[String] {
        &self.dropped
    }

    /// Starts the writer thread that records the units still to run, on
    /// `threads` threads.
    pub fn recorder(self, threads: usize) -> Result<Recorder, CheckpointError> {
        Recorder::start(self.path, self.connection, self.lock, self.binding, threads)
    }
}

/// `cp` with the checkpoint at `path` and the log beside it, if any: the
/// log may hold its last rows.
fn copy_command(path: &Path) -> String {
    let log = inspect::beside(path, "-wal");
    let files = std::iter::once(path).chain(log.exists().then_some(log.as_path()));
    let quoted: Vec<String> = files
        .map(|file| crate::shell_quoted(&file.display().to_string()))
        .collect();
    format!("cp {}", quoted.join(" "))
}

/// The id of the checkpoint `connection` is open on, and the rows of the
/// units `ids` it holds for the run `binding` names.
fn contents(
    connection: &Connection,
    path: &Path,
    ids: &[usize],
    binding: &str,
) -> Result<(String, rows::Rows), CheckpointError> {
    let id = run_id(connection, binding).map_err(sqlite_error(path))?;
    let rows = rows::read(connection, ids, binding).map_err(|what| corrupted(path, what))?;
    Ok((id, rows))
}

/// The id of the checkpoint `connection` is open on, of the run `binding`
/// names: from the moment its run was written.
fn run_id(connection: &Connection, binding: &str) -> rusqlite::Result<String> {
    let created: f64 =
        connection.query_row("SELECT created FROM nqueens_run", [], |row| row.get(0))?;
    let digest = crate::checksum::checksum(&[
        b"nqueens-checkpoint",
        binding.as_bytes(),
        &created.to_bits().to_le_bytes(),
    ]);
    Ok(digest[..16].to_owned())
}

/// Nothing but a checkpoint of the run `ours` gets past this.
fn refuse_unless(found: Found, ours: &Identity, path: &Path) -> Result<(), CheckpointError> {
    match found {
        Found::Ours(theirs) if theirs == *ours => Ok(()),
        Found::Ours(theirs) => Err(CheckpointError::OtherRun {
            path: path.to_owned(),
            theirs: theirs.describe(),
            differs: theirs.differences(ours),
            go_on: match theirs.command(path) {
                Some(command) => format!("go on with the count it holds: {command}"),
                None => "the same count".into(),
            },
        }),
        Found::NotOurs(why) => Err(not_ours(path, why)),
        Found::Damaged(what) => Err(corrupted(path, what)),
    }
}

/// What the database is, with SQLite's "not a database" and "malformed"
/// turned into answers rather than errors.
fn identify(connection: &Connection, path: &Path) -> Result<Found, CheckpointError> {
    match Identity::read(connection) {
        Ok(found) => Ok(found),
        Err(err) if is_not_a_database(&err) => Ok(Found::NotOurs(
            "it is not an nqueens checkpoint (not a SQLite database)".into(),
        )),
        Err(err) if err.sqlite_error_code() == Some(rusqlite::ErrorCode::DatabaseCorrupt) => {
            Ok(Found::Damaged(err.to_string()))
        }
        Err(err) => Err(sqlite_error(path)(err)),
    }
}

/// Write-ahead-log mode: a commit costs no sync of the whole file,
/// survives the process being killed, and readers (`status`) never wait
/// for the writer. Set only on a file known to be ours, once its run and
/// tables are in the file itself (a new one is made in SQLite's default
/// rollback mode), so that its header and run can always be read from
/// the file alone.
fn write_ahead(connection: &Connection) -> rusqlite::Result<()> {
    connection.execute_batch("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;")
}

fn is_not_a_database(err: &rusqlite::Error) -> bool {
    err.sqlite_error_code() == Some(rusqlite::ErrorCode::NotADatabase)
}

/// SQLite's error on the checkpoint at `path`; its "disk I/O error" said
/// as what it was where that can be known: the file size limit reached.
fn sqlite_error(path: &Path) -> impl Fn(rusqlite::Error) -> CheckpointError + '_ {
    move |source| {
        let io = source.sqlite_error_code() == Some(rusqlite::ErrorCode::SystemIoFailure);
        match io.then(|| file::size_limit_reached(path)).flatten() {
            Some(limit) => CheckpointError::TooLarge {
                path: path.to_owned(),
                limit,
            },
            None => CheckpointError::Sqlite {
                path: path.to_owned(),
                source,
            },
        }
    }
}

fn corrupted(path: &Path, what: String) -> CheckpointError {
    CheckpointError::Corrupted {
        path: path.to_owned(),
        what,
    }
}

fn not_ours(path: &Path, why: String) -> CheckpointError {
    CheckpointError::NotACheckpoint {
        path: path.to_owned(),
        why,
    }
}
