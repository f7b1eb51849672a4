//! The arguments of long runs: `status`, `estimate`, `merge` and
//! `audit`, and the `--checkpoint`/`--shard`/`--out` flags of `count`.

use super::values::{
    method_choice, method_help, parse_memory, parse_sample_seconds, parse_sample_size, parse_seed,
    parse_shard, parse_size, parse_threads, report_format_choice, MethodChoice, ReportFormat,
};
use clap::Args;
use nqueens::count::Shard;
use nqueens::BoardSize;
use std::path::PathBuf;

/// `count`'s flags for long runs.
#[derive(Debug, Args)]
pub struct LongRunArgs {
    /// Keep every finished unit in this SQLite file, and skip those it
    /// already holds: a killed count resumes where it stopped.
    #[arg(long, value_name = "FILE")]
    #[cfg_attr(not(feature = "checkpoints"), arg(hide = true))]
    pub checkpoint: Option<PathBuf>,
    /// Run only shard I of K (I from 0), a part of the work balanced by
    /// cost, and write its record (JSON) for `nqueens merge`.
    #[arg(long, value_name = "I/K", value_parser = parse_shard, allow_hyphen_values = true)]
    pub shard: Option<Shard>,
    /// With --shard: write the record to FILE atomically (into a directory:
    /// as shard-I-of-K.json there) instead of to standard output.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

/// `nqueens status`.
#[derive(Debug, Args)]
pub struct StatusArgs {
    /// A checkpoint written by `count --checkpoint`.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// Print one JSON object (`nqueens schema status`).
    #[arg(long)]
    pub json: bool,
    /// text or json: `--format json` is `--json`.
    #[arg(long, value_name = "FORMAT", value_parser = report_format_choice(), hide_possible_values = true, conflicts_with = "json")]
    pub format: Option<ReportFormat>,
}

/// `nqueens estimate`.
#[derive(Debug, Args)]
pub struct EstimateArgs {
    /// Board size, 0 to 32.
    #[arg(value_name = "N", value_parser = parse_size, allow_negative_numbers = true)]
    pub n: BoardSize,
    #[arg(long, value_name = "M", value_parser = method_choice(), hide_possible_values = true, default_value = "auto",
          help = method_help("The counting method"))]
    pub method: MethodChoice,
    /// Seconds to spend timing samples.
    #[arg(long, value_name = "S", value_parser = parse_sample_seconds, default_value_t = nqueens::count::SAMPLE_SECONDS, allow_hyphen_values = true)]
    pub seconds: f64,
    /// The seed that picks the samples (the same seed, the same samples).
    #[arg(long, value_name = "SEED", value_parser = parse_seed, default_value_t = nqueens::count::SAMPLE_SEED, allow_hyphen_values = true)]
    pub seed: u64,
    /// The threads to predict the wall-clock time for (default: one per core).
    #[arg(long, short = 'j', value_name = "T", value_parser = parse_threads, allow_hyphen_values = true)]
    pub threads: Option<usize>,
    /// The most memory the count may take, as `count --max-memory` (the
    /// join works in less, more slowly: the sample runs as the count would).
    #[arg(long, value_name = "SIZE", value_parser = parse_memory, allow_hyphen_values = true)]
    pub max_memory: Option<u64>,
    /// Print one JSON object (`nqueens schema estimate`).
    #[arg(long)]
    pub json: bool,
    /// text or json: `--format json` is `--json`.
    #[arg(long, value_name = "FORMAT", value_parser = report_format_choice(), hide_possible_values = true, conflicts_with = "json")]
    pub format: Option<ReportFormat>,
    /// No progress on stderr: neither what the estimate will take nor how
    /// long it has taken.
    #[arg(long, short)]
    pub quiet: bool,
}

/// `nqueens merge`.
#[derive(Debug, Args)]
pub struct MergeArgs {
    /// Shard records, or directories whose *.json files are records.
    #[arg(value_name = "PATH", required = true)]
    pub paths: Vec<PathBuf>,
    /// Print one JSON object (`nqueens schema merge`).
    #[arg(long)]
    pub json: bool,
    /// text or json: `--format json` is `--json`.
    #[arg(long, value_name = "FORMAT", value_parser = report_format_choice(), hide_possible_values = true, conflicts_with = "json")]
    pub format: Option<ReportFormat>,
    /// Count K randomly chosen shards again from scratch, and merge only
    /// if each agrees with its record (a record's checksum has no key:
    /// anyone can make one for a forged count). Every shard whose records
    /// disagree is counted again first, and takes the records that agree
    /// with that count.
    #[arg(long, value_name = "K", value_parser = parse_sample_size, allow_hyphen_values = true)]
    pub audit: Option<usize>,
    #[command(flatten)]
    pub sample: SampleArgs,
}

/// `nqueens audit`.
#[derive(Debug, Args)]
pub struct AuditArgs {
    /// A checkpoint written by `count --checkpoint`.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// How many of its finished units to count again.
    #[arg(long, value_name = "K", value_parser = parse_sample_size, default_value = "16", allow_hyphen_values = true)]
    pub units: usize,
    #[command(flatten)]
    pub sample: SampleArgs,
    /// Print one JSON object (`nqueens schema audit`).
    #[arg(long)]
    pub json: bool,
    /// text or json: `--format json` is `--json`.
    #[arg(long, value_name = "FORMAT", value_parser = report_format_choice(), hide_possible_values = true, conflicts_with = "json")]
    pub format: Option<ReportFormat>,
}

/// How an audit's sample is chosen and counted again.
#[derive(Debug, Args)]
pub struct SampleArgs {
    /// The seed that chooses what is counted again (default: one nobody
    /// can guess, printed so that the audit can be repeated).
    #[arg(long, value_name = "SEED", value_parser = parse_seed, allow_hyphen_values = true)]
    pub seed: Option<u64>,
    /// Worker threads for counting again (default: one per core).
    #[arg(long, short = 'j', value_name = "T", value_parser = parse_threads, allow_hyphen_values = true)]
    pub threads: Option<usize>,
    /// The most memory counting again may take, as `count --max-memory`.
    #[arg(long, value_name = "SIZE", value_parser = parse_memory, allow_hyphen_values = true)]
    pub max_memory: Option<u64>,
    /// No progress bar while counting again.
    #[arg(long, short)]
    pub quiet: bool,
}
