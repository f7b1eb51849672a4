//! Long counts that lose nothing: a SQLite checkpoint of every finished
//! unit, a shard's record written atomically, the merge that checks
//! shard records before it adds them up, and the audit that counts a
//! random sample of stored results again.
//!
//! Everything here works on a [`nqueens::count::Plan`] and the units the
//! driver reports, whatever the method that made the plan.
//!
//! The checkpoints, and SQLite with them, are the `checkpoints` feature
//! (on by default): records, merges and audits of records need no SQLite,
//! and a lean `nqueens` is built without it.

#![deny(missing_docs)]

pub mod audit;
#[cfg(feature = "checkpoints")]
pub mod checkpoint;
mod checksum;
mod error;
pub mod merge;
pub mod record;
mod residues;

#[cfg(feature = "checkpoints")]
pub use checkpoint::{Checkpoint, Recorder};
#[cfg(feature = "checkpoints")]
pub use error::CheckpointError;
pub use error::RecordError;
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
