//! Command-line arguments: the clap definitions and the parsers that turn
//! bad input into one-line errors naming the value and what is allowed.

mod error;
mod values;

use crate::format::Format;
use clap::error::ErrorKind;
use clap::{Args, Parser, Subcommand};
use error::{quoted, usage_error};
use nqueens::{Algorithm, BoardSize, Glyphs, Search};
use values::{
    parse_algorithm, parse_format, parse_glyph, parse_limit, parse_max_events, parse_size,
    parse_threads,
};

/// Place n queens on an n×n board so that no two attack each other.
#[derive(Debug, Parser)]
#[command(name = "nqueens", version, propagate_version = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

/// One subcommand per job.
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
}

/// `nqueens solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// Board size, 0 to 32.
    #[arg(value_name = "N", value_parser = parse_size, allow_hyphen_values = true)]
    pub n: BoardSize,
    /// Output format: boards, json (LeetCode 51), columns or ndjson.
    #[arg(long, value_name = "FORMAT", value_parser = parse_format, default_value = "boards")]
    pub format: Format,
    /// Character drawn for a queen.
    #[arg(long, value_name = "CH", value_parser = parse_glyph, default_value = "Q", allow_hyphen_values = true)]
    pub queen: char,
    /// Character drawn for an empty square.
    #[arg(long, value_name = "CH", value_parser = parse_glyph, default_value = ".", allow_hyphen_values = true)]
    pub empty: char,
    /// Stop after K solutions.
    #[arg(long, value_name = "K", value_parser = parse_limit, allow_hyphen_values = true)]
    pub limit: Option<u64>,
    /// permutations, naive, sets, arrays or bitmask.
    #[arg(long, value_name = "NAME", value_parser = parse_algorithm, default_value = "bitmask")]
    pub algorithm: Algorithm,
    /// Print search statistics to stderr.
    #[arg(long)]
    pub stats: bool,
    /// One board per symmetry class: the smallest of its rotations and
    /// reflections (ndjson adds its "class_size").
    #[arg(long)]
    pub unique: bool,
    /// Worker threads for the bitmask search (default: one per core).
    #[arg(long, value_name = "T", value_parser = parse_threads, allow_hyphen_values = true)]
    pub threads: Option<usize>,
}

/// `nqueens count`.
#[derive(Debug, Args)]
pub struct CountArgs {
    /// Board size, 0 to 32.
    #[arg(value_name = "N", value_parser = parse_size, allow_hyphen_values = true)]
    pub n: BoardSize,
    /// Print {"n","total","unique","nodes","seconds","threads"} as JSON.
    #[arg(long)]
    pub json: bool,
    /// Worker threads (default: one per core).
    #[arg(long, value_name = "T", value_parser = parse_threads, allow_hyphen_values = true)]
    pub threads: Option<usize>,
    /// No progress bar.
    #[arg(long, short)]
    pub quiet: bool,
    /// permutations, naive, sets, arrays or bitmask.
    #[arg(long, value_name = "NAME", value_parser = parse_algorithm, default_value = "bitmask")]
    pub algorithm: Algorithm,
    /// Search the whole tree (bitmask searches one board per class).
    #[arg(long)]
    pub no_symmetry: bool,
    /// Print search statistics (to stderr, or as "stats" in the JSON).
    #[arg(long)]
    pub stats: bool,
}

/// `nqueens trace`.
#[derive(Debug, Args)]
pub struct TraceArgs {
    /// Board size, 0 to 32.
    #[arg(value_name = "N", value_parser = parse_size, allow_hyphen_values = true)]
    pub n: BoardSize,
    /// Stop at the first solution, or go on to the end of the search.
    #[arg(long, value_enum, default_value = "first")]
    pub until: Until,
    /// permutations, naive, sets, arrays or bitmask.
    #[arg(long, value_name = "NAME", value_parser = parse_algorithm, default_value = "sets")]
    pub algorithm: Algorithm,
    /// Stop after K events.
    #[arg(long, value_name = "K", value_parser = parse_max_events, allow_hyphen_values = true)]
    pub max_events: Option<u64>,
    /// One JSON object per event, per line.
    #[arg(long)]
    pub json: bool,
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
    #[arg(value_name = "N", value_parser = parse_size, allow_hyphen_values = true)]
    pub n: BoardSize,
    /// {"n":N,"algorithms":[...]} instead of a table.
    #[arg(long)]
    pub json: bool,
}

/// A validated `solve` request.
pub struct Solve {
    pub search: Search,
    pub format: Format,
    pub glyphs: Glyphs,
    pub limit: Option<u64>,
    /// The fast path: bitmask without statistics.
    pub fast: bool,
    pub stats: bool,
    pub unique: bool,
    pub threads: usize,
}

/// A validated `count` request.
pub struct Count {
    pub search: Search,
    pub json: bool,
    /// Bitmask with full symmetry, on `threads` threads.
    pub symmetric: bool,
    pub threads: usize,
    pub quiet: bool,
    pub stats: bool,
}

/// A validated `trace` request.
pub struct Trace {
    pub search: Search,
    pub until: Until,
    pub max_events: Option<u64>,
    pub json: bool,
}

/// What to run, after every check has passed.
pub enum Run {
    Solve(Solve),
    Count(Count),
    Trace(Trace),
    Compare(CompareArgs),
}

pub use error::report;

/// Parses `std::env::args_os`, including the checks clap cannot express.
pub fn parse() -> Result<Run, clap::Error> {
    let args = error::utf8_args(std::env::args_os())?;
    let cli = Cli::try_parse_from(&args).map_err(|err| error::reword(err, &args))?;
    match cli.command {
        Command::Solve(a) => {
            if a.queen == a.empty {
                return Err(usage_error(
                    "solve",
                    ErrorKind::ArgumentConflict,
                    format!(
                        "--queen and --empty are both {}: the two glyphs must differ",
                        quoted(&a.queen.to_string())
                    ),
                ));
            }
            Ok(Run::Solve(Solve {
                search: search("solve", a.algorithm, a.n)?,
                format: a.format,
                glyphs: Glyphs {
                    queen: a.queen,
                    empty: a.empty,
                },
                limit: a.limit,
                fast: a.algorithm == Algorithm::Bitmask && !a.stats,
                stats: a.stats,
                unique: a.unique,
                threads: a.threads.unwrap_or_else(all_cores),
            }))
        }
        Command::Count(a) => Ok(Run::Count(Count {
            search: search("count", a.algorithm, a.n)?,
            json: a.json,
            symmetric: a.algorithm == Algorithm::Bitmask && !a.no_symmetry,
            threads: a.threads.unwrap_or_else(all_cores),
            quiet: a.quiet,
            stats: a.stats,
        })),
        Command::Trace(a) => Ok(Run::Trace(Trace {
            search: search("trace", a.algorithm, a.n)?,
            until: a.until,
            max_events: a.max_events,
            json: a.json,
        })),
        Command::Compare(a) => Ok(Run::Compare(a)),
    }
}

/// The algorithm on the board, or a usage error when it refuses the size.
fn search(subcommand: &str, algorithm: Algorithm, size: BoardSize) -> Result<Search, clap::Error> {
    algorithm
        .on(size)
        .map_err(|err| usage_error(subcommand, ErrorKind::ValueValidation, err.to_string()))
}

fn all_cores() -> usize {
    std::thread::available_parallelism().map_or(1, |cores| cores.get())
}
