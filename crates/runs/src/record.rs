//! A shard's record: made from what its units found, written atomically
//! (a temporary file beside the target, synced, then renamed over it), so
//! that a crash never leaves a partial record where `merge` looks.

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
    ShardRecord {
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
    }
}

/// Where `--out PATH` puts `shard`'s record: PATH itself, or inside it
/// when it is a directory.
pub fn target(path: &Path, shard: Shard) -> PathBuf {
    match path.is_dir() {
        true => path.join(file_name(shard)),
        false => path.to_owned(),
    }
}

/// A record's file, made ready before the work starts (so that a bad
/// path fails at once, not after hours of counting): a temporary file
/// beside the target, renamed over it when the record is written.
pub struct PendingRecord {
    path: PathBuf,
    file: tempfile::NamedTempFile,
}

impl PendingRecord {
    /// Makes ready to write the record to `path`.
    pub fn create(path: &Path) -> Result<PendingRecord, RecordError> {
        // The record replaces a file by renaming over it: never a device,
        // a pipe or a link's target elsewhere.
        if path.symlink_metadata().is_ok_and(|meta| !meta.is_file()) {
            return Err(io_error(path)(std::io::Error::other("not a regular file")));
        }
        let file = tempfile::Builder::new()
            .prefix(".shard-")
            .suffix(".tmp")
            .tempfile_in(directory_of(path))
            .map_err(io_error(path))?;
        Ok(PendingRecord {
            path: path.to_owned(),
            file,
        })
    }

    /// Writes `record` whole, syncs it, and renames it into place.
    pub fn commit(mut self, record: &ShardRecord) -> Result<(), RecordError> {
        let io = io_error(&self.path);
        let mut text = serde_json::to_vec(record).map_err(|err| io(err.into()))?;
        text.push(b'\n');
        self.file.write_all(&text).map_err(&io)?;
        self.file.as_file().sync_all().map_err(&io)?;
        self.file.persist(&self.path).map_err(|err| io(err.error))?;
        // The rename itself is durable only once the directory is synced.
        let directory = directory_of(&self.path);
        std::fs::File::open(directory)
            .and_then(|dir| dir.sync_all())
            .map_err(io)
    }
}

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
    let record: ShardRecord =
        serde_json::from_slice(&text).map_err(|err| not_a_record(err.to_string()))?;
    match record.format == SHARD_RECORD_FORMAT {
        true => Ok(record),
        false => Err(not_a_record(format!(
            "its format is {:?}, not {SHARD_RECORD_FORMAT:?}",
            record.format
        ))),
    }
}
