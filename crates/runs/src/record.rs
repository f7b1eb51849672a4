//! A shard's record: made from what its units found, bound whole by a
//! checksum, and written atomically (a temporary file beside the target,
//! synced, then renamed over it), so that a crash never leaves a partial
//! record where `merge` looks.

use crate::checksum::checksum;
use crate::{hex, residues, RecordError};
use nqueens::count::{Plan, Shard, Tally};
use nqueens_report::runs::{Residues, ShardRecord, SHARD_RECORD_FORMAT};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The file name a shard's record gets in a directory:
/// `shard-I-of-K.json`.
pub fn file_name(shard: Shard) -> String {
    format!("shard-{}-of-{}.json", shard.index(), shard.count())
}

/// The record of `shard` of `plan`, whose units `ids` found `tally` in
/// `seconds` on `threads` threads.
pub fn make(
    plan: &Plan,
    shard: Shard,
    ids: &[usize],
    tally: Tally,
    seconds: f64,
    threads: usize,
) -> ShardRecord {
    let mut record = ShardRecord {
        format: SHARD_RECORD_FORMAT.into(),
        n: plan.size().get(),
        shard: shard.index(),
        shards: shard.count(),
        method: plan.method().name().into(),
        plan_version: plan.version(),
        plan_hash: hex(plan.fingerprint()),
        units: ids.len(),
        units_hash: hex(plan.fingerprint_of_units(ids)),
        total_thirds: tally.thirds(),
        nodes: tally.nodes(),
        residues: Residues {
            total_thirds: residues(tally.thirds()),
            nodes: residues(tally.nodes()),
        },
        tool_version: env!("CARGO_PKG_VERSION").into(),
        seconds,
        threads,
        checksum: String::new(),
    };
    record.checksum = checksum_of(&record);
    record
}

/// The checksum `record` should carry: over its JSON with the checksum
/// left empty (JSON's field order is the struct's, and a record's seconds
/// read back to the same bits).
pub fn checksum_of(record: &ShardRecord) -> String {
    let blank = ShardRecord {
        checksum: String::new(),
        ..record.clone()
    };
    let text = serde_json::to_vec(&blank).expect("a record always serializes");
    checksum(&[b"nqueens-shard", &text])
}

/// Where `--out PATH` puts `shard`'s record: PATH itself, or inside it
/// when it is a directory (or ends in `/`, when it must be one). Checked
/// before any work is done: the directory must exist, and a file there
/// must be a regular one.
pub fn target(path: &Path, shard: Shard) -> Result<PathBuf, RecordError> {
    let bad = |why: &str| RecordError::BadTarget {
        path: path.to_owned(),
        why: why.into(),
    };
    let as_directory = path.as_os_str().to_string_lossy().ends_with('/');
    let target = match (path.is_dir(), as_directory) {
        (true, _) => path.join(file_name(shard)),
        (false, true) => return Err(bad("no such directory (make it first)")),
        (false, false) => path.to_owned(),
    };
    if !directory_of(&target).is_dir() {
        return Err(bad("its directory does not exist (make it first)"));
    }
    // The record replaces a file by renaming over it: never a device, a
    // pipe, a directory or a link's target elsewhere.
    if target.symlink_metadata().is_ok_and(|meta| !meta.is_file()) {
        return Err(bad("it exists and is not a regular file"));
    }
    // Only a record is ours to replace: any other file is the user's.
    if target.metadata().is_ok_and(|meta| meta.len() > 0) && !is_a_record(&target) {
        return Err(bad(
            "it exists and is not an nqueens shard record (it is left as it is)",
        ));
    }
    Ok(target)
}

/// Whether the file at `path` says it is a shard record, of any format.
fn is_a_record(path: &Path) -> bool {
    let text = std::fs::read(path).unwrap_or_default();
    serde_json::from_slice::<serde_json::Value>(&text).is_ok_and(|value| {
        (value.get("format").and_then(|format| format.as_str()))
            .is_some_and(|format| format.starts_with("nqueens-shard/"))
    })
}

/// A record's place, made sure of before the work starts (so that a bad
/// path fails at once, not after hours of counting).
pub struct PendingRecord {
    path: PathBuf,
}

impl PendingRecord {
    /// Makes sure a record can be written to `path`: a file can be made
    /// in its directory (made and removed at once, so that a count that
    /// is killed leaves nothing behind).
    pub fn create(path: &Path) -> Result<PendingRecord, RecordError> {
        temporary_beside(path)?;
        Ok(PendingRecord {
            path: path.to_owned(),
        })
    }

    /// Where the record goes.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Writes `record` whole, syncs it, and renames it into place. On an
    /// error nothing is left behind, and the target is as it was.
    pub fn commit(self, record: &ShardRecord) -> Result<(), RecordError> {
        let io = io_error(&self.path);
        let mut file = temporary_beside(&self.path)?;
        let mut text = serde_json::to_vec(record).map_err(|err| io(err.into()))?;
        text.push(b'\n');
        file.write_all(&text).map_err(&io)?;
        file.as_file().sync_all().map_err(&io)?;
        file.persist(&self.path).map_err(|err| io(err.error))?;
        // The rename itself is durable only once the directory is synced.
        let directory = directory_of(&self.path);
        std::fs::File::open(directory)
            .and_then(|dir| dir.sync_all())
            .map_err(io)
    }
}

/// A new temporary file beside `path`, removed when dropped unless it is
/// renamed into place.
fn temporary_beside(path: &Path) -> Result<tempfile::NamedTempFile, RecordError> {
    tempfile::Builder::new()
        .prefix(TEMPORARY_PREFIX)
        .suffix(".tmp")
        .tempfile_in(directory_of(path))
        .map_err(io_error(path))
}

/// How a record's temporary file is named: `.shard-XXXXXX.tmp`. One is
/// left only by a count killed while it wrote its record.
pub const TEMPORARY_PREFIX: &str = ".shard-";

/// The directory a file goes in.
fn directory_of(path: &Path) -> &Path {
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    }
}

fn io_error(path: &Path) -> impl Fn(std::io::Error) -> RecordError + '_ {
    move |source| RecordError::Io {
        path: path.to_owned(),
        source,
    }
}

/// Reads the record at `path`.
pub fn read(path: &Path) -> Result<ShardRecord, RecordError> {
    let text = std::fs::read(path).map_err(io_error(path))?;
    let not_a_record = |why: String| RecordError::NotARecord {
        path: path.to_owned(),
        why,
    };
    let format: Option<String> = serde_json::from_slice::<serde_json::Value>(&text)
        .ok()
        .and_then(|value| value.get("format")?.as_str().map(str::to_owned));
    match format {
        Some(format) if format != SHARD_RECORD_FORMAT => {
            return Err(not_a_record(format!(
                "its format is {format:?}, not {SHARD_RECORD_FORMAT:?}: merge it with the nqueens that counted it"
            )))
        }
        _ => {}
    }
    serde_json::from_slice(&text).map_err(|err| not_a_record(err.to_string()))
}
