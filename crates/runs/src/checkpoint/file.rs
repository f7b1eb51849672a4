//! The checkpoint's file itself: what kind of file a path names, and the
//! advisory lock that lets one count at a time write into it.

use super::not_ours;
use crate::CheckpointError;
use std::fs::{File, OpenOptions};
use std::path::Path;

/// Refuses a path that names something other than a regular file (SQLite
/// keeps a log and an index beside the file: a directory, a device or a
/// pipe cannot be a checkpoint). A missing path is let through.
pub(super) fn refuse_other_kinds(path: &Path) -> Result<(), CheckpointError> {
    match std::fs::metadata(path) {
        Ok(meta) if !meta.is_file() => Err(not_ours(
            path,
            format!("it is {}, not a file", kind(&meta.file_type())),
        )),
        _ => Ok(()),
    }
}

/// A kind of file that is not a regular one, in words.
fn kind(file_type: &std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if file_type.is_fifo() {
            return "a named pipe (FIFO)";
        }
        if file_type.is_char_device() {
            return "a character device";
        }
        if file_type.is_block_device() {
            return "a block device";
        }
        if file_type.is_socket() {
            return "a socket";
        }
    }
    match file_type.is_dir() {
        true => "a directory",
        false => "not a regular file",
    }
}

/// Takes the file's advisory lock, creating the file if it is missing.
/// A file that is there is opened only to read: it may not be ours.
pub(super) fn take_lock(path: &Path) -> Result<File, CheckpointError> {
    let io = |source: std::io::Error| CheckpointError::Io {
        path: path.to_owned(),
        source,
    };
    let file = match File::open(path) {
        Ok(file) => file,
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(false)
            .open(path)
            .map_err(io)?,
        Err(err) => return Err(io(err)),
    };
    match file.try_lock() {
        Ok(()) => Ok(file),
        Err(std::fs::TryLockError::WouldBlock) => Err(CheckpointError::InUse {
            path: path.to_owned(),
        }),
        Err(std::fs::TryLockError::Error(source)) => Err(io(source)),
    }
}

/// Whether a count holds the checkpoint's lock, seen without taking it
/// (a count starting that very moment would find it taken): from the
/// kernel's list of locks, /proc/locks, where a count's lock is a FLOCK
/// WRITE line naming the file's device and inode. None where there is no
/// such list.
pub(super) fn is_locked(path: &Path) -> Option<bool> {
    use std::os::unix::fs::MetadataExt;
    let meta = std::fs::metadata(path).ok()?;
    let locks = std::fs::read_to_string("/proc/locks").ok()?;
    let (major, minor) = (libc::major(meta.dev()), libc::minor(meta.dev()));
    let file = format!("{major:02x}:{minor:02x}:{}", meta.ino());
    Some(locks.lines().any(|line| {
        // "1: FLOCK ADVISORY WRITE PID MAJ:MIN:INODE START END"; a waiter's
        // line has "->" after the number, and so does not match.
        let fields: Vec<&str> = line.split_whitespace().collect();
        fields.get(1..4) == Some(&["FLOCK", "ADVISORY", "WRITE"][..])
            && fields.get(5) == Some(&file.as_str())
    }))
}
