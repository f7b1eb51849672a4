//! What can go wrong with a checkpoint or a record, each naming the file.

use std::path::PathBuf;
use thiserror::Error;

/// A checkpoint that cannot be used.
#[cfg(feature = "checkpoints")]
#[derive(Debug, Error)]
pub enum CheckpointError {
    /// SQLite could not open, read or write it.
    #[error("checkpoint {path}: {source}")]
    Sqlite {
        /// The file.
        path: PathBuf,
        /// What SQLite said.
        source: rusqlite::Error,
    },
    /// It is the checkpoint of another count.
    #[error(
        "checkpoint {path} is of {theirs}, not of this count ({differs}): give another file, or {go_on}"
    )]
    OtherRun {
        /// The file.
        path: PathBuf,
        /// The count it holds, in words.
        theirs: String,
        /// What differs between that count and the one asked for.
        differs: String,
        /// How to go on with the count it holds: the command, when this
        /// nqueens makes that count's plan.
        go_on: String,
    },
    /// A checkpoint whose file SQLite finds damaged, or whose run or
    /// units cannot be read or trusted as a whole.
    #[error("checkpoint {path} is damaged: {what}; its finished units cannot be trusted: give another file to count into (this one is left as it is)")]
    Corrupted {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        what: String,
    },
    /// Not a checkpoint this nqueens writes: another kind of file, another
    /// program's database, or another version's checkpoint. Left as it was.
    #[error("checkpoint {path} cannot be used: {why}; give another file")]
    NotACheckpoint {
        /// The file.
        path: PathBuf,
        /// What it is.
        why: String,
    },
    /// Another process is counting into it.
    #[error("checkpoint {path} is in use by another nqueens count: wait for it to end, or give another file")]
    InUse {
        /// The file.
        path: PathBuf,
    },
    /// It cannot be written by this user, and its count is not finished
    /// (a finished one is read).
    #[error("checkpoint {path} cannot be written: {why}; it holds {done} of {} (`nqueens status {path}` reads them): to go on, copy it into a directory you can write to (`{copy} DIR/`) and count into the copy", nqueens::plural(*.units, "unit"))]
    ReadOnly {
        /// The file.
        path: PathBuf,
        /// What cannot be written, in words.
        why: String,
        /// Units it holds.
        done: usize,
        /// Units of its count.
        units: usize,
        /// The command that copies it and its log, but for where to.
        copy: String,
    },
    /// A write was cut by the process's file size limit.
    #[error("checkpoint {path} cannot grow past this process's file size limit of {limit} bytes (`ulimit -f`)")]
    TooLarge {
        /// The file.
        path: PathBuf,
        /// The limit, in bytes.
        limit: u64,
    },
    /// It is empty: no count has written to it yet (for `status`; a
    /// count starts in it).
    #[error("checkpoint {path} is empty: no count has written to it yet (`nqueens count N --checkpoint {path}` counts into it)")]
    Empty {
        /// The file.
        path: PathBuf,
    },
    /// It does not exist (for `status`).
    #[error("checkpoint {path} does not exist")]
    Missing {
        /// The file.
        path: PathBuf,
    },
    /// Its lock could not be taken for another reason.
    #[error("checkpoint {path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
}

#[cfg(feature = "checkpoints")]
impl CheckpointError {
    /// What makes the same command go on, for an error that leaves the
    /// file sound: room on a full disk, or a higher file size limit.
    pub fn go_on(&self) -> Option<&'static str> {
        match self {
            CheckpointError::Sqlite { source, .. }
                if source.sqlite_error_code() == Some(rusqlite::ErrorCode::DiskFull) =>
            {
                Some("once there is room on its disk, the same command goes on")
            }
            CheckpointError::TooLarge { .. } => {
                Some("with a higher limit (`ulimit -f unlimited`), the same command goes on")
            }
            _ => None,
        }
    }
}

/// A shard record that cannot be written or read.
#[derive(Debug, Error)]
pub enum RecordError {
    /// The file system refused.
    #[error("{path}: {}", plain(source))]
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// A place a record cannot be written to.
    #[error("cannot write a shard record to {path}: {why}")]
    BadTarget {
        /// The path given.
        path: PathBuf,
        /// What is wrong with it.
        why: String,
    },
    /// Not a shard record.
    #[error("{path} is not an nqueens shard record: {why}")]
    NotARecord {
        /// The file.
        path: PathBuf,
        /// Why.
        why: String,
    },
}

/// What the system said, in its own words: without Rust's " (os error
/// N)" and without the temporary file's path that tempfile adds (the
/// error names the record's own path).
fn plain(err: &std::io::Error) -> String {
    let text = err.to_string();
    let text = text.split(" (os error").next().unwrap_or(&text);
    text.split(" at path ").next().unwrap_or(text).to_owned()
}
