//! A shard's record: made from what its units found, bound whole by a
//! checksum, and written atomically where `--out` says (write.rs) — only
//! over nothing or over a record of the same shard of the same count
//! (place.rs) — so that a crash never leaves a partial record where
//! `merge` looks, and nothing of the user's is replaced.

mod place;
mod write;

pub use place::{target, RecordOf};
pub use write::{PendingRecord, Placed, TEMPORARY_PREFIX};

use crate::checksum::checksum;
use crate::{hex, residues, RecordError};
use nqueens::count::{Plan, Shard, Tally};
use nqueens_report::runs::{Residues, ShardRecord, SHARD_RECORD_FORMAT};
use std::io::Read;
use std::path::Path;

/// The file name a shard's record gets in a directory:
/// `shard-I-of-K.json`.
pub fn file_name(shard: Shard) -> String {
    format!("shard-{}-of-{}.json", shard.index(), shard.count())
}

/// How a shard's run went: the units it ran (`ids`, of `shard` of
/// `plan`), what they found, and where their counts came from.
pub struct ShardRun<'a> {
    /// The plan.
    pub plan: &'a Plan,
    /// The shard.
    pub shard: Shard,
    /// Its units' ids.
    pub ids: &'a [usize],
    /// What they found, all of them.
    pub tally: Tally,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Worker threads.
    pub threads: usize,
    /// Units read back from the checkpoint, not counted by this run.
    pub resumed_units: usize,
    /// The checkpoint's id, when the run had one.
    pub checkpoint: Option<String>,
}

/// The record of a shard's run.
pub fn make(run: ShardRun) -> ShardRecord {
    let ShardRun {
        plan,
        shard,
        ids,
        tally,
        ..
    } = run;
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
        seconds: run.seconds,
        threads: run.threads,
        resumed_units: run.resumed_units,
        checkpoint: run.checkpoint,
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

/// The most bytes a record is read to: one is under a kilobyte, so a
/// larger file (or `/dev/zero`) is no record, and is not read whole.
pub const RECORD_MAX_BYTES: u64 = 64 * 1024;

/// The bytes of the file at `path`, if it is a regular file of at most
/// [`RECORD_MAX_BYTES`]; otherwise why it cannot be a record.
fn read_capped(path: &Path) -> Result<Vec<u8>, RecordError> {
    let io = |source| RecordError::Io {
        path: path.to_owned(),
        source,
    };
    // Looked at before it is opened: opening a named pipe waits for a writer.
    if !std::fs::metadata(path).map_err(io)?.is_file() {
        return Err(not_a_record(path, "it is not a regular file".into()));
    }
    let file = std::fs::File::open(path).map_err(io)?;
    let mut bytes = Vec::new();
    file.take(RECORD_MAX_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(io)?;
    match bytes.len() as u64 > RECORD_MAX_BYTES {
        true => Err(not_a_record(
            path,
            format!(
                "it is over {} KiB, and a record is under 1 KiB",
                RECORD_MAX_BYTES / 1024
            ),
        )),
        false => Ok(bytes),
    }
}

fn not_a_record(path: &Path, why: String) -> RecordError {
    RecordError::NotARecord {
        path: path.to_owned(),
        why,
    }
}

/// The `format` a JSON file says it has, if it says one.
fn format_of(bytes: &[u8]) -> Option<String> {
    let value: serde_json::Value = serde_json::from_slice(bytes).ok()?;
    Some(value.get("format")?.as_str()?.to_owned())
}

/// Whether the file at `path` says it is a shard record, of any version:
/// a `format` of `nqueens-shard/…`.
pub fn says_it_is_a_record(path: &Path) -> bool {
    read_capped(path)
        .ok()
        .and_then(|bytes| format_of(&bytes))
        .is_some_and(|format| format.starts_with("nqueens-shard/"))
}

/// Reads the record at `path`.
pub fn read(path: &Path) -> Result<ShardRecord, RecordError> {
    let text = read_capped(path)?;
    match format_of(&text) {
        Some(format) if format != SHARD_RECORD_FORMAT => {
            return Err(not_a_record(
                path,
                format!("its format is {format:?}, not {SHARD_RECORD_FORMAT:?}: merge it with the nqueens that counted it"),
            ))
        }
        _ => {}
    }
    serde_json::from_slice(&text).map_err(|err| {
        let why = match text.starts_with("\u{feff}".as_bytes()) {
            true => "it begins with a byte-order mark (U+FEFF), which no record has".into(),
            false => err.to_string(),
        };
        not_a_record(path, why)
    })
}
