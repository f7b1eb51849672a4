//! Command-line arguments: the clap definitions and the parsers that turn
//! bad input into one-line errors naming the value and what is allowed.

use crate::format::Format;
use clap::error::ErrorKind;
use clap::{Args, CommandFactory, Parser, Subcommand};
use nqueens::{BoardSize, Glyphs, MAX_N};

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
}

/// `nqueens count`.
#[derive(Debug, Args)]
pub struct CountArgs {
    /// Board size, 0 to 32.
    #[arg(value_name = "N", value_parser = parse_size, allow_hyphen_values = true)]
    pub n: BoardSize,
    /// Print {"n":N,"total":T,"seconds":S} instead of the bare count.
    #[arg(long)]
    pub json: bool,
}

/// A validated `solve` request.
pub struct Solve {
    pub size: BoardSize,
    pub format: Format,
    pub glyphs: Glyphs,
    pub limit: Option<u64>,
}

/// A validated `count` request.
pub struct Count {
    pub size: BoardSize,
    pub json: bool,
}

/// What to run, after every check has passed.
pub enum Run {
    Solve(Solve),
    Count(Count),
}

/// Parses `std::env::args`, including the checks clap cannot express.
pub fn parse() -> Result<Run, clap::Error> {
    match Cli::try_parse().map_err(reword_missing_size)?.command {
        Command::Solve(a) => {
            if a.queen == a.empty {
                return Err(usage_error(
                    "solve",
                    ErrorKind::ArgumentConflict,
                    format!(
                        "--queen and --empty are both '{}': the two glyphs must differ",
                        a.queen
                    ),
                ));
            }
            Ok(Run::Solve(Solve {
                size: a.n,
                format: a.format,
                glyphs: Glyphs {
                    queen: a.queen,
                    empty: a.empty,
                },
                limit: a.limit,
            }))
        }
        Command::Count(a) => Ok(Run::Count(Count {
            size: a.n,
            json: a.json,
        })),
    }
}

/// clap's own message for a missing N says what is missing but not what is
/// allowed; say both, with the subcommand's usage below.
fn reword_missing_size(err: clap::Error) -> clap::Error {
    let missing_n =
        err.kind() == ErrorKind::MissingRequiredArgument && err.to_string().contains("<N>");
    let subcommand = ["solve", "count"]
        .into_iter()
        .find(|name| err.to_string().contains(&format!("nqueens {name}")));
    match subcommand {
        Some(name) if missing_n => usage_error(
            name,
            ErrorKind::MissingRequiredArgument,
            format!("missing board size N: give an integer from 0 to {MAX_N}"),
        ),
        _ => err,
    }
}

/// A usage error (exit status 2) followed by `subcommand`'s usage line.
fn usage_error(subcommand: &str, kind: ErrorKind, message: String) -> clap::Error {
    let mut command = Cli::command();
    command.build();
    match command.find_subcommand_mut(subcommand) {
        Some(sub) => sub.error(kind, message),
        None => command.error(kind, message),
    }
}

fn parse_size(text: &str) -> Result<BoardSize, String> {
    let allowed = format!("the board size must be an integer from 0 to {MAX_N}");
    let n: usize = text.trim().parse().map_err(|_| allowed.clone())?;
    BoardSize::new(n).map_err(|_| allowed)
}

fn parse_glyph(text: &str) -> Result<char, String> {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(ch), None) if !ch.is_control() => Ok(ch),
        _ => Err("a glyph must be exactly one printable character".into()),
    }
}

fn parse_format(text: &str) -> Result<Format, String> {
    text.parse()
}

fn parse_limit(text: &str) -> Result<u64, String> {
    text.parse()
        .map_err(|_| "the limit must be a whole number from 0 to 18446744073709551615".into())
}
