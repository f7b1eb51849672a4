//! A record written atomically: a temporary file beside the target,
//! synced, then renamed into place — over nothing, or over a record of
//! the same shard; if something else took the place while the count ran,
//! the record goes beside it under a name of its own.

use super::place::{directory_of, taken, RecordOf};
use crate::RecordError;
use nqueens_report::runs::ShardRecord;
use std::io::Write;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use tempfile::NamedTempFile;

/// How a record's temporary file is named: `.shard-XXXXXX.tmp`. One is
/// left only by a count killed while it wrote its record.
pub const TEMPORARY_PREFIX: &str = ".shard-";

/// A record's place, made sure of before the work starts (so that a bad
/// path fails at once, not after hours of counting).
pub struct PendingRecord {
    path: PathBuf,
    of: RecordOf,
}

/// Where a record went.
#[derive(Debug, PartialEq, Eq)]
pub enum Placed {
    /// Where it was asked to go.
    AtTarget,
    /// Beside it, at this path: what is at the target now is not a
    /// record a record may replace, for the reason given.
    Beside(PathBuf, String),
}

impl PendingRecord {
    /// Makes sure the record of `of` can be written to `path`: a file can
    /// be made in its directory (made and removed at once, so that a
    /// count that is killed leaves nothing behind).
    pub fn create(path: &Path, of: RecordOf) -> Result<PendingRecord, RecordError> {
        temporary_beside(path)?;
        Ok(PendingRecord {
            path: path.to_owned(),
            of,
        })
    }

    /// Where the record goes.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Writes `record` whole, syncs it, and renames it into place, if the
    /// place is still free or holds a record of the same shard (looked at
    /// again now: a file may have appeared there while the count ran);
    /// otherwise beside it. On an error nothing is left behind, and the
    /// target is as it was.
    pub fn commit(self, record: &ShardRecord) -> Result<Placed, RecordError> {
        let io = io_error(&self.path);
        let mut file = temporary_beside(&self.path)?;
        let mut text = serde_json::to_vec(record).map_err(|err| io(err.into()))?;
        text.push(b'\n');
        file.write_all(&text).map_err(&io)?;
        file.as_file().sync_all().map_err(&io)?;
        let placed = place(file, &self.path, &self.of)?;
        // The rename itself is durable only once the directory is synced.
        let directory = directory_of(&self.path);
        std::fs::File::open(directory)
            .and_then(|dir| dir.sync_all())
            .map_err(io)?;
        Ok(placed)
    }
}

/// Renames `file` to `target` when nothing is there (never over a file
/// that appears meanwhile), or over what is there when it is a record of
/// `of`; otherwise to the first free name beside it.
fn place(file: NamedTempFile, target: &Path, of: &RecordOf) -> Result<Placed, RecordError> {
    let file = match file.persist_noclobber(target) {
        Ok(_) => return Ok(Placed::AtTarget),
        Err(err) if err.error.kind() == std::io::ErrorKind::AlreadyExists => err.file,
        Err(err) => return Err(io_error(target)(err.error)),
    };
    let Some(why) = taken(target, of) else {
        file.persist(target)
            .map_err(|err| io_error(target)(err.error))?;
        return Ok(Placed::AtTarget);
    };
    let mut file = file;
    for k in 1..=BESIDE_TRIES {
        let beside = numbered(target, k);
        match file.persist_noclobber(&beside) {
            Ok(_) => return Ok(Placed::Beside(beside, why)),
            Err(err) if err.error.kind() == std::io::ErrorKind::AlreadyExists => file = err.file,
            Err(err) => return Err(io_error(&beside)(err.error)),
        }
    }
    let taken = std::io::Error::new(
        std::io::ErrorKind::AlreadyExists,
        format!("it is taken ({why}), and so are the names beside it"),
    );
    Err(io_error(target)(taken))
}

/// How many names beside the target are tried.
const BESIDE_TRIES: usize = 1000;

/// `DIR/NAME.K.json` for the target `DIR/NAME.json` (or `DIR/NAME`): a
/// name `merge DIR` reads too.
fn numbered(target: &Path, k: usize) -> PathBuf {
    let name = target.file_name().unwrap_or_default().to_string_lossy();
    let stem = name.strip_suffix(".json").unwrap_or(&name);
    directory_of(target).join(format!("{stem}.{k}.json"))
}

/// A new temporary file beside `path`, removed when dropped unless it is
/// renamed into place. It is made with the mode a new file gets here (read
/// and write for all, less the umask), not tempfile's private 0600: a record
/// in a shared directory is for others to merge.
fn temporary_beside(path: &Path) -> Result<NamedTempFile, RecordError> {
    tempfile::Builder::new()
        .prefix(TEMPORARY_PREFIX)
        .suffix(".tmp")
        .permissions(std::fs::Permissions::from_mode(0o666))
        .tempfile_in(directory_of(path))
        .map_err(io_error(path))
}

fn io_error(path: &Path) -> impl Fn(std::io::Error) -> RecordError + '_ {
    move |source| RecordError::Io {
        path: path.to_owned(),
        source,
    }
}
