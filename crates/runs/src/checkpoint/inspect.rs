//! What a file given as a checkpoint is, found without changing it or
//! anything beside it. SQLite, opened the usual way on a database with a
//! write-ahead log or a hot rollback journal, merges the log or rolls the
//! journal back before a single query runs: so the file's own header is
//! read first, and SQLite reads only the main file, as immutable (no log,
//! no index, no lock, no write), or a private copy of the file and its
//! log. Only a file whose header carries our application id is opened
//! the usual way, and for writing only once its run is found to be ours.

use super::identity::{Found, Identity, APPLICATION_ID};
use crate::CheckpointError;
use rusqlite::{Connection, OpenFlags};
use std::io::Read;
use std::path::{Path, PathBuf};

/// The most of a write-ahead log copied to read a file whose header does
/// not say whose it is: an nqueens checkpoint's log before its first
/// merge holds its first thousand pages at most.
const LOG_COPY_MAX: u64 = 64 << 20;

/// What a file turned out to be from its bytes.
pub(super) enum Sniffed {
    /// Missing, or empty with nothing beside it: ours to fill.
    New,
    /// Its header carries our application id: SQLite reads it read-only
    /// (a log or journal of ours may be merged or rolled back: the file is ours).
    Ours,
    /// Found without SQLite touching the file: another program's
    /// database or file, or (read from a private copy) one of ours.
    Known(Found),
}

/// What the file at `path` is. Nothing is written, here or beside it.
pub(super) fn sniff(path: &Path) -> Result<Sniffed, CheckpointError> {
    let io = |source| CheckpointError::Io {
        path: path.to_owned(),
        source,
    };
    let size = match std::fs::metadata(path) {
        Ok(meta) => meta.len(),
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => return Ok(Sniffed::New),
        Err(err) => return Err(io(err)),
    };
    let log = beside(path, "-wal");
    let log_size = std::fs::metadata(&log).map_or(0, |meta| meta.len());
    if size == 0 {
        return Ok(match log_size {
            0 => Sniffed::New,
            _ => Sniffed::Known(Found::NotOurs(format!(
                "it is empty, and {} beside it is the write-ahead log of another database \
                 (move that away first)",
                log.display()
            ))),
        });
    }
    let Some(header) = Header::read(path).map_err(io)? else {
        return Ok(Sniffed::Known(Found::NotOurs(
            "it is not an nqueens checkpoint (not a SQLite database)".into(),
        )));
    };
    Ok(match header.application_id {
        APPLICATION_ID => Sniffed::Ours,
        // A checkpoint of an earlier nqueens, stopped before its first
        // merge, has only its first page in the file, and its id in the log.
        0 if log_size > 0 && log_size <= LOG_COPY_MAX && size <= header.page_size => {
            Sniffed::Known(read_copy(path).map_err(io)?)
        }
        _ => Sniffed::Known(read_main_file(path)),
    })
}

/// The fields of SQLite's 100-byte file header read here.
struct Header {
    page_size: u64,
    application_id: i64,
}

impl Header {
    /// The header of the file at `path`; none when it is not a SQLite
    /// database's.
    fn read(path: &Path) -> std::io::Result<Option<Header>> {
        let mut bytes = [0; 100];
        let mut file = std::fs::File::open(path)?;
        match file.read_exact(&mut bytes) {
            Ok(()) => {}
            Err(err) if err.kind() == std::io::ErrorKind::UnexpectedEof => return Ok(None),
            Err(err) => return Err(err),
        }
        if !bytes.starts_with(b"SQLite format 3\0") {
            return Ok(None);
        }
        let big_endian = |at: usize| u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap());
        let page_size = match u16::from_be_bytes([bytes[16], bytes[17]]) {
            1 => 65_536,
            size => u64::from(size),
        };
        Ok(Some(Header {
            page_size,
            application_id: i64::from(big_endian(68)),
        }))
    }
}

/// What another program's database holds, read as immutable: SQLite
/// then reads no log or journal beside it, takes no lock and writes
/// nothing.
fn read_main_file(path: &Path) -> Found {
    let read = open_immutable(path).and_then(|connection| Identity::read(&connection));
    read.unwrap_or_else(|err| Found::NotOurs(format!("it is not an nqueens checkpoint ({err})")))
}

/// What the file and its write-ahead log hold, read from copies of both
/// in a directory of our own.
fn read_copy(path: &Path) -> std::io::Result<Found> {
    let copy = Reading::copy_of(path)?;
    Ok(match Identity::read(&copy) {
        Ok(found) => found,
        Err(err) => Found::NotOurs(format!("it is not an nqueens checkpoint ({err})")),
    })
}

/// A connection that reads a database of ours without changing it or
/// anything beside it: on the file itself, or on a private copy of the
/// file and of the log or journal SQLite keeps beside it.
pub(super) struct Reading {
    /// Declared first, so closed before the copy's directory goes.
    connection: Connection,
    _copy: Option<tempfile::TempDir>,
}

impl Reading {
    /// A connection on the file itself.
    pub(super) fn direct(connection: Connection) -> Reading {
        Reading {
            connection,
            _copy: None,
        }
    }

    /// A connection on copies of `path` and of the log or journal beside
    /// it, in a directory of our own: SQLite merges the log or rolls the
    /// journal back there, as it would in the file itself, and nowhere
    /// else. (The log's index is not copied: SQLite makes it again.)
    pub(super) fn copy_of(path: &Path) -> std::io::Result<Reading> {
        let directory = tempfile::tempdir()?;
        let copy = directory.path().join("checkpoint");
        std::fs::copy(path, &copy)?;
        for suffix in ["-wal", "-journal"] {
            match std::fs::copy(beside(path, suffix), beside(&copy, suffix)) {
                Err(err) if err.kind() == std::io::ErrorKind::NotFound => {}
                copied => drop(copied?),
            }
        }
        let connection = Connection::open(&copy).map_err(std::io::Error::other)?;
        Ok(Reading {
            connection,
            _copy: Some(directory),
        })
    }

    /// Whether the database holds nothing at all: what SQLite leaves when
    /// it rolls back the creation of a file, cut short by a kill.
    pub(super) fn is_empty(&self) -> rusqlite::Result<bool> {
        let pages: i64 = (self.connection).query_row("PRAGMA page_count", [], |row| row.get(0))?;
        Ok(pages == 0)
    }
}

impl std::ops::Deref for Reading {
    type Target = Connection;

    fn deref(&self) -> &Connection {
        &self.connection
    }
}

/// A read-only connection that reads the main file only, as it is.
pub(super) fn open_immutable(path: &Path) -> rusqlite::Result<Connection> {
    open_read_only(path, "immutable=1")
}

/// A read-only connection on `path` with the URI parameters `query`.
pub(super) fn open_read_only(path: &Path, query: &str) -> rusqlite::Result<Connection> {
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY
        | OpenFlags::SQLITE_OPEN_NO_MUTEX
        | OpenFlags::SQLITE_OPEN_URI;
    Connection::open_with_flags(format!("file:{}?{query}", uri_path(path)), flags)
}

/// The file SQLite keeps beside `path` with `suffix` (`-wal`, `-shm`,
/// `-journal`).
pub(super) fn beside(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

/// `path` as the path of a `file:` URI: every byte but the unreserved
/// ones and `/` percent-encoded.
fn uri_path(path: &Path) -> String {
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_owned());
    let mut uri = String::new();
    for &byte in absolute.as_os_str().as_encoded_bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' | b'/' => {
                uri.push(byte as char)
            }
            _ => uri.push_str(&format!("%{byte:02X}")),
        }
    }
    uri
}
