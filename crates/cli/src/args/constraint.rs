//! The arguments of the constraint tools: `verify`, `complete`, `one` and
//! `random`, and the `--fix`/`--block` squares that `solve` and `count`
//! share with `complete`.

use super::values::{
    format_choice, parse_answer_size, parse_glyph, parse_huge_size, parse_limit, parse_random_size,
    parse_seed, parse_square, parse_timeout, verify_format_choice,
};
use crate::args::values::VerifyFormat;
use clap::Args;
use nqueens::{Glyph, Square};
use nqueens_report::Format;
use std::time::Duration;

/// `--fix R:C`, `--block R:C` and `--timeout` on `solve` and `count`.
#[derive(Debug, Args)]
pub struct PinArgs {
    /// Keep a queen on row R, column C (0-based; repeatable): the search
    /// completes the board around it (boards up to 64 wide).
    #[arg(long, value_name = "R:C", value_parser = parse_square, allow_hyphen_values = true)]
    pub fix: Vec<Square>,
    /// No queen may stand on row R, column C (0-based; repeatable).
    #[arg(long, value_name = "R:C", value_parser = parse_square, allow_hyphen_values = true)]
    pub block: Vec<Square>,
    /// With --fix or --block: give up after this many seconds.
    #[arg(long, value_name = "SECONDS", value_parser = parse_timeout, allow_hyphen_values = true)]
    pub timeout: Option<Duration>,
}

/// `nqueens verify`.
#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// The boards to check: a file, or - for standard input.
    #[arg(value_name = "FILE", default_value = "-")]
    pub file: String,
    /// How the input is written: boards, json, columns, ndjson or fen
    /// (detected from its first line when not given); svg reads any of them
    /// and draws the boards checked, attacking pairs joined by red lines.
    #[arg(long, value_name = "FORMAT", value_parser = verify_format_choice(), hide_possible_values = true)]
    pub format: Option<VerifyFormat>,
    /// Check a whole answer for n (1 to 16): every board valid, none
    /// twice, none missing.
    #[arg(long, value_name = "N", value_parser = parse_answer_size, allow_hyphen_values = true)]
    pub all: Option<usize>,
    /// With --all: the boards must also come in the order `solve` prints
    /// them.
    #[arg(long, requires = "all")]
    pub ordered: bool,
    /// One JSON object per board, then one for the summary.
    #[arg(long, conflicts_with = "format")]
    pub json: bool,
    /// The queen's glyph in boards (detected when not given).
    #[arg(long, value_name = "CH", value_parser = parse_glyph, requires = "empty", allow_hyphen_values = true)]
    pub queen: Option<Glyph>,
    /// The empty square's glyph in boards.
    #[arg(long, value_name = "CH", value_parser = parse_glyph, requires = "queen", allow_hyphen_values = true)]
    pub empty: Option<Glyph>,
}

/// `nqueens complete`.
#[derive(Debug, Args)]
pub struct CompleteArgs {
    /// The board: rows of Q (a queen), x (blocked) and . (free), or - for
    /// standard input.
    #[arg(value_name = "FILE")]
    pub file: String,
    /// Count the completions instead of showing one.
    #[arg(long)]
    pub count: bool,
    /// Stream every completion.
    #[arg(long, conflicts_with = "count")]
    pub all: bool,
    /// With --all: stop after K completions.
    #[arg(long, value_name = "K", value_parser = parse_limit, requires = "all", allow_hyphen_values = true)]
    pub limit: Option<u64>,
    /// Output format: boards, json, columns, ndjson, svg or fen (with
    /// --count: json or none).
    #[arg(long, value_name = "FORMAT", value_parser = format_choice(), hide_possible_values = true, default_value = "boards")]
    pub format: Format,
    /// The same as `--format json`; with --count, one JSON object
    /// (`nqueens schema complete-count`).
    #[arg(long, conflicts_with = "format")]
    pub json: bool,
    /// Give up after this many seconds.
    #[arg(long, value_name = "SECONDS", value_parser = parse_timeout, allow_hyphen_values = true)]
    pub timeout: Option<Duration>,
}

/// `nqueens one`.
#[derive(Debug, Args)]
pub struct OneArgs {
    /// Board size: 1, or 4 to 100000000.
    #[arg(value_name = "N", value_parser = parse_huge_size, allow_negative_numbers = true)]
    pub n: usize,
    /// Output format: boards, json, columns, ndjson, svg or fen (boards,
    /// json and svg up to N = 1000).
    #[arg(long, value_name = "FORMAT", value_parser = format_choice(), hide_possible_values = true, default_value = "boards")]
    pub format: Format,
    /// The same as `--format json`.
    #[arg(long, conflicts_with = "format")]
    pub json: bool,
}

/// `nqueens random`.
#[derive(Debug, Args)]
pub struct RandomArgs {
    /// Board size: 1, or 4 to 10000000.
    #[arg(value_name = "N", value_parser = parse_random_size, allow_negative_numbers = true)]
    pub n: usize,
    /// The same seed gives the same board (default: one from the clock,
    /// printed on stderr).
    #[arg(long, value_name = "S", value_parser = parse_seed, allow_hyphen_values = true)]
    pub seed: Option<u64>,
    /// Output format: boards, json, columns, ndjson, svg or fen (boards,
    /// json and svg up to N = 1000).
    #[arg(long, value_name = "FORMAT", value_parser = format_choice(), hide_possible_values = true, default_value = "boards")]
    pub format: Format,
    /// The same as `--format json`.
    #[arg(long, conflicts_with = "format")]
    pub json: bool,
    /// No progress bar.
    #[arg(long, short)]
    pub quiet: bool,
}
