//! The JSON of long runs: a shard's record, what `merge`, `status` and
//! `estimate` print. Counts are integers of any size (serde_json writes
//! and reads a `u128` in full).

use serde::{Deserialize, Serialize};

/// What every shard record says it is, to tell it from other JSON files.
pub const SHARD_RECORD_FORMAT: &str = "nqueens-shard/3";

/// `count N --shard I/K`: what one shard of a count found, written once
/// the shard is done.
///
/// A shard's part of the total is kept in thirds of a board, because with
/// symmetry a board found may stand for 8/3 boards of its class. The
/// unique count is (total + 2·F90 + F180) / 8, where F90 and F180 are the
/// boards a quarter and a half turn leave unchanged: a shard's part of it
/// is its part of the total, and `merge` adds the two fixed-point counts
/// of the whole board once.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ShardRecord {
    /// Always [`SHARD_RECORD_FORMAT`].
    pub format: String,
    /// The board size.
    pub n: usize,
    /// This shard's index, from 0.
    pub shard: usize,
    /// How many shards the count is cut into.
    pub shards: usize,
    /// The counting method (`backtrack`, `plain` or `join`).
    pub method: String,
    /// The version of the method's plans.
    pub plan_version: u32,
    /// The plan's fingerprint, 16 hex digits.
    pub plan_hash: String,
    /// How many of the plan's units this shard ran.
    pub units: usize,
    /// The fingerprint of the set of units it ran, 16 hex digits.
    pub units_hash: String,
    /// Three times this shard's part of the total.
    pub total_thirds: u128,
    /// Search nodes its units visited.
    pub nodes: u128,
    /// `total_thirds` and `nodes` modulo 13 and 15, as a check on both.
    pub residues: Residues,
    /// The version of nqueens that counted it.
    pub tool_version: String,
    /// Wall-clock seconds its units took.
    pub seconds: f64,
    /// Worker threads it ran on.
    pub threads: usize,
    /// Units whose counts the run read back from its checkpoint rather
    /// than counting them: all of them for a finished shard run again.
    /// Such a record repeats a count; it is no second one.
    pub resumed_units: usize,
    /// The checkpoint the run counted into, when it had one: an id of its
    /// run and the moment the file was made (16 hex digits), kept by a
    /// copy of the file too. Two records that share one share counts, and
    /// do not confirm each other.
    pub checkpoint: Option<String>,
    /// SHA-256 of the record with this field empty, 64 hex digits: binds
    /// every field above to the others.
    pub checksum: String,
}

/// The residues of a record's two counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Residues {
    /// `total_thirds` mod 13 and mod 15.
    pub total_thirds: [u8; 2],
    /// `nodes` mod 13 and mod 15.
    pub nodes: [u8; 2],
}

/// `merge --json`: whether the records make a whole, checked count, what
/// is wrong otherwise, and the counts when nothing is.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct MergeReport {
    /// True when every shard is present once or confirmed, and no check
    /// failed: only then are the counts given.
    pub complete: bool,
    /// The board size the records agree on (most of them, when they do not).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub n: Option<usize>,
    /// The shard count they agree on.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shards: Option<usize>,
    /// The method they agree on.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub method: Option<String>,
    /// Records read.
    pub records: usize,
    /// Every problem found, one per record or missing shard.
    pub problems: Vec<Problem>,
    /// What merge saw that did not stop it: files named twice, copies of
    /// a record, unfinished records of stopped counts.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    /// Shards counted by two or more independent runs that agree.
    pub confirmed: Vec<Confirmed>,
    /// All solutions, when complete.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub total: Option<u128>,
    /// Solutions up to rotation and reflection, when complete.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unique: Option<u128>,
    /// Search nodes of all shards, when complete.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nodes: Option<u128>,
    /// The seconds of all shards added up, when complete.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shard_seconds: Option<f64>,
    /// With `--audit K`: the shards counted again, and what they found.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub audit: Option<AuditReport>,
    /// The record each shard's counts were taken from (for an audit).
    #[serde(skip)]
    pub counted: Vec<CountedShard>,
}

/// The record a shard's counts were taken from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CountedShard {
    /// The shard.
    pub shard: usize,
    /// The record's file.
    pub file: String,
    /// Three times its part of the total, and its nodes.
    pub counts: [u128; 2],
}

/// One thing that keeps records from making a whole count.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct Problem {
    /// `unreadable`, `corrupted`, `wrong_n`, `wrong_shards`, `wrong_plan`,
    /// `disagreeing` (a shard's records disagree: `merge --audit` settles
    /// it), `audit` (a shard counted again agrees with no record of it),
    /// `missing` or `impossible` (the records add up to a count no board
    /// has).
    pub kind: String,
    /// The file at fault; none for a missing shard.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    /// The shard concerned, when known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shard: Option<usize>,
    /// What is wrong, in words.
    pub message: String,
    /// For a missing or doubtful shard: the command that counts it again.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rerun: Option<String>,
}

/// A shard given by several independent records that agree.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct Confirmed {
    /// The shard.
    pub shard: usize,
    /// The records, in the order read.
    pub files: Vec<String>,
}

/// `status FILE --json`: how far a checkpointed count has got.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct StatusReport {
    /// The board size.
    pub n: usize,
    /// The counting method.
    pub method: String,
    /// `I/K` when the checkpoint is of one shard.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shard: Option<String>,
    /// Units finished.
    pub done: usize,
    /// Units in the run.
    pub units: usize,
    /// Rows that no longer match their checksum: not counted as done, and
    /// counted again when the count resumes.
    pub damaged: usize,
    /// The total so far: the boards the finished units stand for, rounded
    /// down (a unit's part may be a third of a board).
    pub total_so_far: u128,
    /// The count's nodes so far: what they are is `nodes_kind`.
    pub nodes_so_far: u128,
    /// What the nodes count, as in `count --json`.
    pub nodes_kind: nqueens::count::NodesKind,
    /// The unique count, once every unit of a whole count is done.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unique: Option<u128>,
    /// Seconds of the finished units, added up over threads.
    pub unit_seconds: f64,
    /// Seconds left on the last run's threads, from the finished units'
    /// speed; none before any unit is done.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub eta_seconds: Option<f64>,
    /// Worker threads of the last run.
    pub threads: usize,
    /// Seconds since the last commit: small while a run is going on.
    pub seconds_since_last_commit: f64,
    /// Whether a count is running on the checkpoint now (it holds the
    /// file's lock).
    pub running: bool,
}

/// `estimate N --json`: a count's cost, before running it.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct EstimateReport {
    /// The board size.
    pub n: usize,
    /// The counting method.
    pub method: String,
    /// The plan's units.
    pub units: usize,
    /// Predicted seconds on one core.
    pub one_core_seconds: f64,
    /// Half the width of a 95% interval around it; `null` when the sample
    /// cannot give one.
    pub margin_seconds: Option<f64>,
    /// Why there is no interval, when there is none.
    pub no_margin: Option<String>,
    /// How much this machine's speed varied during the sample, as a share
    /// of it (one standard deviation, robust); part of the interval.
    /// `null` when too few readings were taken.
    pub speed_spread: Option<f64>,
    /// The same in core-hours.
    pub core_hours: f64,
    /// Predicted wall-clock seconds on `threads` threads.
    pub seconds_on_threads: f64,
    /// The threads that assumes (by default one per core).
    pub threads: usize,
    /// Memory the count needs, in bytes.
    pub memory_bytes: u64,
    /// The least memory the count runs in, more slowly, for a method that
    /// fits itself to `--max-memory` (the join); `null` for one that does
    /// not.
    pub least_memory_bytes: Option<u64>,
    /// Pieces of work timed.
    pub pieces: u64,
    /// Rows placed above each piece.
    pub piece_rows: usize,
    /// Seconds spent making the plan and checking its memory, before the
    /// sample.
    pub prepare_seconds: f64,
    /// Seconds spent sampling.
    pub sample_seconds: f64,
    /// The most memory the process held (resident), where known.
    pub peak_bytes: Option<u64>,
    /// The seed that picked the pieces.
    pub seed: u64,
}

/// `audit FILE --json`, and `merge --audit K`'s `"audit"`: stored results
/// counted again from scratch, and how likely the sample was to find one
/// that is wrong.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct AuditReport {
    /// What was counted again: `units` (of a checkpoint) or `shards` (of
    /// a set of records).
    pub of: String,
    /// How many there were to choose from: finished units, or shards.
    pub population: usize,
    /// The seed that chose them: the same seed chooses the same ones.
    pub seed: u64,
    /// Each one counted again.
    pub checked: Vec<AuditCheck>,
    /// True when every one agrees with what was stored.
    pub agrees: bool,
    /// The chance that this audit finds a wrong one when exactly one of
    /// the population is wrong.
    pub finds_one_wrong: f64,
    /// The same when 1% of them (at least one) are wrong.
    pub finds_one_percent_wrong: f64,
    /// Seconds spent counting.
    pub seconds: f64,
}

/// One unit or shard counted again.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct AuditCheck {
    /// The unit's id, or the shard's index.
    pub id: usize,
    /// The record it was stored in (shards only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    /// What was stored: three times its part of the total, and its nodes.
    pub stored: [u128; 2],
    /// What counting it again found.
    pub counted: [u128; 2],
}

impl crate::stamp::Report for EstimateReport {
    const NAME: &'static str = "estimate";
}

impl crate::stamp::Report for StatusReport {
    const NAME: &'static str = "status";
}

impl crate::stamp::Report for MergeReport {
    const NAME: &'static str = "merge";
}

impl crate::stamp::Report for AuditReport {
    const NAME: &'static str = "audit";
}
