//! Command-line arguments: the clap definitions and the parsers that turn
//! bad input into one-line errors naming the value and what is allowed.

mod choices;
mod constraint;
mod error;
mod request;
mod runs;
mod values;

pub use constraint::{CompleteArgs, OneArgs, PinArgs, RandomArgs, VerifyArgs};
pub use error::report;
pub use request::{parse, Complete, Count, Goal, Huge, Run, Solve, Source, Trace, Verify};
pub use runs::{AuditArgs, EstimateArgs, LongRunArgs, MergeArgs, SampleArgs, StatusArgs};
pub use values::MAX_SAMPLE_SECONDS;

use clap::{Args, Parser, Subcommand};
use nqueens::{Algorithm, BoardSize, Glyph};
use nqueens_report::Format;
use std::net::IpAddr;
use values::{
    algorithm_choice, algorithm_help, device_choice, format_choice, method_choice, method_help,
    parse_board_size, parse_glyph, parse_host, parse_limit, parse_max_events, parse_memory,
    parse_port, parse_size, parse_threads, report_format_choice,
};
pub use values::{DeviceChoice, MethodChoice, ReportFormat};

/// Place n queens on an n×n board so that no two attack each other.
#[derive(Debug, Parser)]
#[command(name = "nqueens", version, propagate_version = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

/// One subcommand per job. Those a build lacks the feature for are hidden
/// from its help, manual and completions, and refused naming the feature.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Print every solution (or the first K), streamed as they are found.
    Solve(SolveArgs),
    /// Print the number of solutions.
    Count(CountArgs),
    /// Narrate the search step by step.
    Trace(TraceArgs),
    /// Run the five algorithms on the same board, side by side.
    Compare(CompareArgs),
    /// Serve the interactive board and its JSON API over HTTP.
    #[cfg_attr(not(feature = "serve"), command(hide = true))]
    Serve(ServeArgs),
    /// Check boards, or a whole answer: every attacking pair and its line.
    Verify(VerifyArgs),
    /// Complete a board around pre-placed queens and blocked squares.
    Complete(CompleteArgs),
    /// One solution for any size up to 10^8, by an explicit construction.
    One(OneArgs),
    /// A random solution by min-conflicts local search, up to 10^7.
    Random(RandomArgs),
    /// How far a checkpointed count has got, and how long it has to go.
    #[cfg_attr(not(feature = "checkpoints"), command(hide = true))]
    Status(StatusArgs),
    /// Predict a count's time, core-hours and memory from a short sample.
    Estimate(EstimateArgs),
    /// Check shard records and add them up into the board's counts.
    Merge(MergeArgs),
    /// Count a random sample of a checkpoint's finished units again, and
    /// compare.
    #[cfg_attr(not(feature = "checkpoints"), command(hide = true))]
    Audit(AuditArgs),
    /// List the GPUs a count can run on.
    #[cfg_attr(not(feature = "gpu"), command(hide = true))]
    Devices(DevicesArgs),
    /// Print the JSON schema of a report that `--json` prints.
    Schema(SchemaArgs),
    /// Print the completion script for a shell (see the README's Install).
    Completions(CompletionsArgs),
    /// Print the manual page, every subcommand's included, as roff: `nqueens
    /// man | man -l -` shows it.
    Man(ManArgs),
}

/// `nqueens man`.
#[derive(Debug, Args)]
pub struct ManArgs {
    /// Write each page as its own file into DIR (nqueens.1,
    /// nqueens-solve.1, ...): a man1 folder that `manpath` lists.
    #[arg(long, value_name = "DIR")]
    pub dir: Option<std::path::PathBuf>,
}

/// `nqueens completions`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to complete in.
    #[arg(value_name = "SHELL")]
    pub shell: clap_complete::Shell,
}

/// `nqueens schema`.
#[derive(Debug, Args)]
pub struct SchemaArgs {
    /// The report: count, estimate, status, merge, audit, compare,
    /// devices or complete-count (none: list them).
    #[arg(value_name = "REPORT", value_parser = clap::builder::PossibleValuesParser::new(report_names()))]
    pub report: Option<String>,
}

/// The reports whose schemas are published.
fn report_names() -> Vec<&'static str> {
    nqueens_report::published::schemas()
        .into_iter()
        .map(|(name, _)| name)
        .collect()
}

/// `nqueens devices`.
#[derive(Debug, Args)]
pub struct DevicesArgs {
    /// One JSON object instead of a list (`nqueens schema devices`).
    #[arg(long)]
    pub json: bool,
    /// text or json: `--format json` is `--json`.
    #[arg(long, value_name = "FORMAT", value_parser = report_format_choice(), hide_possible_values = true, conflicts_with = "json")]
    pub format: Option<ReportFormat>,
}

/// `nqueens serve`.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Address to listen on: loopback unless you choose another.
    #[arg(long, value_name = "IP", value_parser = parse_host, default_value = "127.0.0.1")]
    pub host: IpAddr,
    /// Port to listen on; 0 picks a free one (the URL printed says which).
    #[arg(long, value_name = "PORT", value_parser = parse_port, default_value = "8080", allow_hyphen_values = true)]
    pub port: u16,
}

/// `nqueens solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// Board size, 0 to 32 (to 64 with --fix or --block).
    #[arg(value_name = "N", value_parser = parse_board_size, allow_negative_numbers = true)]
    pub n: usize,
    /// Output format: boards, json (LeetCode 51), columns, ndjson, svg or
    /// fen (8×8 only).
    #[arg(long, value_name = "FORMAT", value_parser = format_choice(), hide_possible_values = true, default_value = "boards")]
    pub format: Format,
    /// The same as `--format json`.
    #[arg(long, conflicts_with = "format")]
    pub json: bool,
    /// Character drawn for a queen: one visible character, 1 or 2 columns wide.
    #[arg(long, value_name = "CH", value_parser = parse_glyph, default_value = "Q", allow_hyphen_values = true)]
    pub queen: Glyph,
    /// Character drawn for an empty square, as wide as the queen's.
    #[arg(long, value_name = "CH", value_parser = parse_glyph, default_value = ".", allow_hyphen_values = true)]
    pub empty: Glyph,
    /// Stop after K solutions.
    #[arg(long, value_name = "K", value_parser = parse_limit, allow_hyphen_values = true)]
    pub limit: Option<u64>,
    #[arg(long, value_name = "NAME", value_parser = algorithm_choice(), hide_possible_values = true, help = algorithm_help(), default_value = "bitmask")]
    pub algorithm: Algorithm,
    /// Print search statistics to stderr.
    #[arg(long)]
    pub stats: bool,
    /// One board per symmetry class: the smallest of its rotations and
    /// reflections (ndjson adds its "class_size").
    #[arg(long)]
    pub unique: bool,
    /// Worker threads for the bitmask search (default: one per core).
    #[arg(long, short = 'j', value_name = "T", value_parser = parse_threads, allow_hyphen_values = true)]
    pub threads: Option<usize>,
    /// No progress bar, no time estimate.
    #[arg(long, short)]
    pub quiet: bool,
    #[command(flatten)]
    pub pins: PinArgs,
}

/// `nqueens count`. The environment variable NQUEENS_KERNEL (auto, or a
/// kernel of `Kernel::ALL`) pins the counting kernel.
#[derive(Debug, Args)]
pub struct CountArgs {
    /// Board size, 0 to 32 (to 64 with --fix or --block).
    #[arg(value_name = "N", value_parser = parse_board_size, allow_negative_numbers = true)]
    pub n: usize,
    /// Print one JSON object: the counts, what the nodes are, the time,
    /// the method and more (`nqueens schema count` prints its schema).
    #[arg(long)]
    pub json: bool,
    /// text or json: `--format json` is `--json`.
    #[arg(long, value_name = "FORMAT", value_parser = report_format_choice(), hide_possible_values = true, conflicts_with = "json")]
    pub format: Option<ReportFormat>,
    /// Worker threads for the bitmask count (default: one per core).
    #[arg(long, short = 'j', value_name = "T", value_parser = parse_threads, allow_hyphen_values = true)]
    pub threads: Option<usize>,
    /// No progress bar, no time estimate.
    #[arg(long, short)]
    pub quiet: bool,
    #[arg(long, value_name = "NAME", value_parser = algorithm_choice(), hide_possible_values = true, help = algorithm_help(), default_value = "bitmask")]
    pub algorithm: Algorithm,
    /// Search the whole tree (bitmask searches about one board per class):
    /// the same as --method plain.
    #[arg(long)]
    pub no_symmetry: bool,
    #[arg(long, value_name = "NAME", value_parser = method_choice(), hide_possible_values = true, default_value = "auto",
          help = method_help("How the bitmask algorithm counts"))]
    pub method: MethodChoice,
    /// The most memory the count may need, e.g. 8G (default: half of this
    /// machine's); a count that needs more is refused before it starts.
    #[arg(long, value_name = "SIZE", value_parser = parse_memory, allow_hyphen_values = true)]
    pub max_memory: Option<u64>,
    /// Print search statistics (to stderr, or as "stats" in the JSON).
    #[arg(long)]
    pub stats: bool,
    /// Where the bitmask count runs: cpu, gpu, or auto (a GPU from
    /// N = 18 when one is present and the method searches; `nqueens
    /// devices` lists them).
    #[arg(long, value_name = "DEVICE", value_parser = device_choice(), hide_possible_values = true, default_value = "auto")]
    pub device: DeviceChoice,
    #[command(flatten)]
    pub pins: PinArgs,
    #[command(flatten)]
    pub long_run: LongRunArgs,
}

/// `nqueens trace`.
#[derive(Debug, Args)]
pub struct TraceArgs {
    /// Board size, 0 to 32.
    #[arg(value_name = "N", value_parser = parse_size, allow_negative_numbers = true)]
    pub n: BoardSize,
    /// Stop at the first solution, or go on to the end of the search.
    #[arg(long, value_enum, default_value = "first")]
    pub until: Until,
    #[arg(long, value_name = "NAME", value_parser = algorithm_choice(), hide_possible_values = true, help = algorithm_help(), default_value = "sets")]
    pub algorithm: Algorithm,
    /// Stop after K events.
    #[arg(long, value_name = "K", value_parser = parse_max_events, allow_hyphen_values = true)]
    pub max_events: Option<u64>,
    /// One JSON object per event, per line.
    #[arg(long)]
    pub json: bool,
    /// text or json: `--format json` is `--json`.
    #[arg(long, value_name = "FORMAT", value_parser = report_format_choice(), hide_possible_values = true, conflicts_with = "json")]
    pub format: Option<ReportFormat>,
}

/// How far `trace` goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Until {
    /// Stop at the first solution.
    First,
    /// Search the whole tree.
    All,
}

/// `nqueens compare`.
#[derive(Debug, Args)]
pub struct CompareArgs {
    /// Board size, 0 to 32.
    #[arg(value_name = "N", value_parser = parse_size, allow_negative_numbers = true)]
    pub n: BoardSize,
    /// One JSON object instead of a table (`nqueens schema compare`).
    #[arg(long)]
    pub json: bool,
    /// text or json: `--format json` is `--json`.
    #[arg(long, value_name = "FORMAT", value_parser = report_format_choice(), hide_possible_values = true, conflicts_with = "json")]
    pub format: Option<ReportFormat>,
}
