//! Long counts that lose nothing: a SQLite checkpoint of every finished
//! unit, a shard's record written atomically, and the merge that checks
//! shard records before it adds them up.
//!
//! Everything here works on a [`nqueens::count::Plan`] and the units the
//! driver reports, whatever the method that made the plan.

#![deny(missing_docs)]

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
