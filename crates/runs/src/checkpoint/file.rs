//! The checkpoint's file itself: what kind of file a path names, and the
//! advisory lock that lets one count at a time write into it.

use super::not_ours;
use crate::CheckpointError;
use std::fs::{File, OpenOptions};
use std::path::Path;

/// Refuses a path that names something other than a regular file (SQLite
/// keeps a log and an index beside the file: a directory, a device or a
/// pipe cannot be a checkpoint). A missing path is let through.
/// So are the log, index and journal SQLite keeps beside it, where one
/// is there but not a regular file (SQLite would wait forever on a pipe,
/// or write through a link into a file that is not ours).
pub(super) fn refuse_other_kinds(path: &Path) -> Result<(), CheckpointError> {
    if let Ok(meta) = std::fs::metadata(path) {
        if !meta.is_file() {
            let why = format!("it is {}, not a file", kind(&meta.file_type()));
            return Err(not_ours(path, why));
        }
    }
    for suffix in ["-wal", "-shm", "-journal"] {
        let beside = super::inspect::beside(path, suffix);
        let Ok(meta) = std::fs::symlink_metadata(&beside) else {
            continue;
        };
        if !meta.is_file() {
            let what = match meta.file_type().is_symlink() {
                true => "a symbolic link",
                false => kind(&meta.file_type()),
            };
            let why = format!(
                "{} beside it is {what}, where SQLite keeps a file of its own (move it away)",
                beside.display()
            );
            return Err(not_ours(path, why));
        }
    }
    Ok(())
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

/// Why this user cannot write the checkpoint at `path` where it is (the
/// file, its directory, where SQLite keeps its log, or a log or index
/// beside it that another user left); none when it can. Asked before
/// SQLite opens it to write, which would leave a log and an index of
/// this user's beside another's file.
pub(super) fn unwritable(path: &Path) -> Option<String> {
    use std::os::unix::fs::MetadataExt;
    let directory = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    if !may_write(directory) {
        return Some(format!(
            "this user may not write in its directory {} (SQLite keeps its log beside it)",
            directory.display()
        ));
    }
    if !may_write(path) {
        return Some("this user may not write to the file".into());
    }
    ["-wal", "-shm", "-journal"].iter().find_map(|suffix| {
        let beside = super::inspect::beside(path, suffix);
        let owner = std::fs::metadata(&beside).ok()?.uid();
        (!may_write(&beside)).then(|| {
            format!(
                "{} beside it belongs to user {owner} and this user may not write to it \
                 (its owner or root can remove it once no count runs)",
                beside.display()
            )
        })
    })
}

/// Whether this process may write to `path`, by its effective user and
/// groups (what the kernel checks when the file is opened).
fn may_write(path: &Path) -> bool {
    use std::os::unix::ffi::OsStrExt;
    let Ok(name) = std::ffi::CString::new(path.as_os_str().as_bytes()) else {
        return false;
    };
    // SAFETY: `name` is a NUL-terminated string that lives across the
    // call; faccessat only reads it.
    unsafe { libc::faccessat(libc::AT_FDCWD, name.as_ptr(), libc::W_OK, libc::AT_EACCESS) == 0 }
}

/// This process's file size limit (`ulimit -f`), in bytes, when the
/// checkpoint at `path` or its log has reached it (SQLite says only
/// "disk I/O error" when a write is cut by it); none otherwise.
pub(super) fn size_limit_reached(path: &Path) -> Option<u64> {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: `limit` is a valid rlimit for getrlimit to fill in.
    if unsafe { libc::getrlimit(libc::RLIMIT_FSIZE, &mut limit) } != 0
        || limit.rlim_cur == libc::RLIM_INFINITY
    {
        return None;
    }
    let size =
        |suffix| std::fs::metadata(super::inspect::beside(path, suffix)).map_or(0, |m| m.len());
    // A write that would pass the limit is refused whole: the file stops
    // within a page of it (SQLite's pages are at most 64 KiB).
    let largest = size("").max(size("-wal")).max(size("-journal"));
    (largest + 65_536 >= limit.rlim_cur).then_some(limit.rlim_cur)
}
