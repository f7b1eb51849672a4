//! Long counts that lose nothing: a SQLite checkpoint of every finished
//! unit, a shard's record written atomically, the merge that checks
//! shard records before it adds them up, and the audit that counts a
//! random sample of stored results again.
//!
//! Everything here works on a [`nqueens::count::Plan`] and the units the
//! driver reports, whatever the method that made the plan.

#![deny(missing_docs)]

pub mod audit;
pub mod checkpoint;
mod checksum;
mod error;
pub mod merge;
pub mod record;
mod residues;

pub use checkpoint::{Checkpoint, Recorder};
pub use error::{CheckpointError, RecordError};
pub use residues::residues;

/// The fingerprints this crate writes: 16 hex digits.
pub fn hex(fingerprint: u64) -> String {
    format!("{fingerprint:016x}")
}

/// `word` as a shell reads it back: as it is when it is plain, else in
/// single quotes. Advice that names a file runs as printed.
pub fn shell_quoted(word: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "-_./:=@%+,".contains(c);
    match !word.is_empty() && word.chars().all(plain) {
        true => word.to_owned(),
        false => format!("'{}'", word.replace('\'', r"'\''")),
    }
}
