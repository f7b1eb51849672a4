//! Opening a checkpoint: for writing only once it is known to be ours and
//! of this run, and where it can be written; read without changing
//! anything beside it otherwise.

use super::identity::Identity;
use super::inspect::{self, Reading, Sniffed};
use super::{corrupted, file, identify, refuse_unless, sqlite_error};
use crate::CheckpointError;
use rusqlite::Connection;
use std::path::Path;
use std::time::Duration;

/// A checkpoint of the run asked for, opened.
pub(super) enum Opened {
    /// To write into.
    Writable(Connection),
    /// Only to read, and why it cannot be written.
    ReadOnly(Reading, String),
}

/// Opens the file at `path` as a checkpoint of the run `ours`: a new one
/// when it holds nothing (missing, empty, or a creation cut short);
/// refused unless it is of that run.
pub(super) fn open(path: &Path, ours: &Identity) -> Result<Opened, CheckpointError> {
    let sqlite = sqlite_error(path);
    match inspect::sniff(path)? {
        Sniffed::New => Ok(Opened::Writable(begin(path, ours)?)),
        Sniffed::Ours => {
            let reading = open_to_read(path)?;
            // A creation of ours cut short reads as nothing once SQLite
            // rolls it back: ours to begin again.
            if reading.is_empty().map_err(&sqlite)? {
                drop(reading);
                return Ok(Opened::Writable(begin(path, ours)?));
            }
            refuse_unless(identify(&reading, path)?, ours, path)?;
            if let Some(why) = file::unwritable(path) {
                return Ok(Opened::ReadOnly(reading, why));
            }
            drop(reading);
            let connection = open_to_write(path).map_err(&sqlite)?;
            sound(&connection, path)?;
            Ok(Opened::Writable(connection))
        }
        Sniffed::Known(found) => {
            refuse_unless(found, ours, path)?;
            if let Some(why) = file::unwritable(path) {
                return Ok(Opened::ReadOnly(open_to_read(path)?, why));
            }
            Ok(Opened::Writable(open_to_write(path).map_err(&sqlite)?))
        }
    }
}

/// A new checkpoint of the run `ours` in the file at `path`, which holds
/// nothing once SQLite has rolled back what a killed creation left.
fn begin(path: &Path, ours: &Identity) -> Result<Connection, CheckpointError> {
    let sqlite = sqlite_error(path);
    let connection = open_to_write(path).map_err(&sqlite)?;
    let pages: i64 =
        (connection.query_row("PRAGMA page_count", [], |row| row.get(0))).map_err(&sqlite)?;
    if pages != 0 {
        return Err(corrupted(path, "it changed while it was opened".into()));
    }
    ours.create(&connection).map_err(&sqlite)?;
    Ok(connection)
}

/// A connection that can write: only ever opened on a file of our own
/// (SQLite merges a log or rolls a journal back as it opens).
pub(super) fn open_to_write(path: &Path) -> rusqlite::Result<Connection> {
    let connection = Connection::open(path)?;
    connection.busy_timeout(Duration::from_secs(5))?;
    Ok(connection)
}

/// A read-only connection on a file whose header says it is ours, that
/// changes nothing beside it. With no write-ahead log beside the file, or
/// one of a header and no pages, the file alone holds everything, and it
/// is read as immutable (no index file needed either: a checkpoint in a
/// read-only directory reads). With a log, the file alone is not enough
/// (a merge of the log cut short by a full disk leaves it half written),
/// and SQLite reads the log too, its index opened only to read
/// (`readonly_shm`: a stale index is rebuilt in memory, never in the
/// file). Where that fails as a count killed in its first moments can
/// leave it (SQLite answers "locking protocol" to a reader of an index it
/// may not rebuild), where the index is missing (SQLite would make one,
/// and a reader makes no file), and always beside a rollback journal (a
/// creation or a change of mode cut short, which SQLite rolls back before
/// anything is read), a private copy is read instead.
pub(super) fn open_to_read(path: &Path) -> Result<Reading, CheckpointError> {
    let size = |suffix| std::fs::metadata(inspect::beside(path, suffix)).map_or(0, |m| m.len());
    let direct = match (size("-journal"), size("-wal")) {
        (0, 0..=WAL_HEADER) => Some(inspect::open_immutable(path)),
        (0, _) if inspect::beside(path, "-shm").exists() => {
            Some(inspect::open_read_only(path, "readonly_shm=1"))
        }
        _ => None,
    };
    match direct.map(|opened| opened.and_then(readable)) {
        Some(Ok(connection)) => Ok(Reading::direct(connection)),
        Some(Err(err)) if !needs_a_copy(&err) => Err(sqlite_error(path)(err)),
        _ => Reading::copy_of(path).map_err(|source| CheckpointError::Io {
            path: path.to_owned(),
            source,
        }),
    }
}

/// The size of a write-ahead log's header: a log no longer than this
/// holds no pages.
const WAL_HEADER: u64 = 32;

/// `connection`, once a first read through it has passed (SQLite opens
/// the log and its index only when a read begins).
fn readable(connection: Connection) -> rusqlite::Result<Connection> {
    connection.busy_timeout(Duration::from_secs(5))?;
    connection.query_row("SELECT count(*) FROM sqlite_master", [], |_| Ok(()))?;
    Ok(connection)
}

/// Whether a read of the file itself failed for want of a log index it
/// could use, which a private copy does not need.
fn needs_a_copy(err: &rusqlite::Error) -> bool {
    use rusqlite::ErrorCode::{CannotOpen, DatabaseBusy, FileLockingProtocolFailed, ReadOnly};
    matches!(
        err.sqlite_error_code(),
        Some(CannotOpen | DatabaseBusy | FileLockingProtocolFailed | ReadOnly)
    )
}

/// SQLite's own check of the file's pages and indexes: a damaged file's
/// rows cannot be trusted to be all there, or to be where they belong.
pub(super) fn sound(connection: &Connection, path: &Path) -> Result<(), CheckpointError> {
    let first: Result<String, _> = connection.query_row("PRAGMA quick_check", [], |row| row.get(0));
    match first {
        Ok(ok) if ok == "ok" => Ok(()),
        Ok(found) => Err(corrupted(path, format!("SQLite's check found: {found}"))),
        Err(err) => Err(corrupted(path, format!("SQLite's check failed: {err}"))),
    }
}
