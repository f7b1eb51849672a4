//! Parsers for argument values: each turns bad input into a message that
//! says what is allowed (clap puts the value and the argument before it).

use super::choices::Choices;
pub use nqueens::count::parse_memory;
pub use nqueens::count::DeviceChoice;
use nqueens::count::{Method, MAX_THREADS};
use nqueens::{Algorithm, BoardSize, Glyph, Named, Square, MAX_N};
use nqueens_report::read::InputFormat;
use nqueens_report::Format;
use std::net::{IpAddr, Ipv4Addr};
use std::time::Duration;

pub fn parse_size(text: &str) -> Result<BoardSize, String> {
    let allowed = format!("the board size must be an integer from 0 to {MAX_N}");
    let n: usize = text.trim().parse().map_err(|_| allowed.clone())?;
    BoardSize::new(n).map_err(|_| allowed)
}

/// The board size of `solve` and `count`: up to 64, which only `--fix`
/// and `--block` allow past [`MAX_N`] (checked once every flag is known).
pub fn parse_board_size(text: &str) -> Result<usize, String> {
    let allowed = board_size_allowed();
    match text.trim().parse::<usize>() {
        Ok(n) if n <= nqueens::constraint::COMPLETE_MAX_N => Ok(n),
        _ => Err(allowed),
    }
}

/// What `solve` and `count` allow as N.
pub fn board_size_allowed() -> String {
    format!(
        "the board size must be an integer from 0 to {MAX_N} (to {} with --fix or --block)",
        nqueens::constraint::COMPLETE_MAX_N
    )
}

pub fn parse_glyph(text: &str) -> Result<Glyph, String> {
    Glyph::new(text).map_err(|err| err.to_string())
}

pub fn parse_format(text: &str) -> Result<Format, String> {
    text.parse()
}

pub fn parse_limit(text: &str) -> Result<u64, String> {
    text.parse()
        .map_err(|_| "the limit must be a whole number from 0 to 18446744073709551615".into())
}

pub fn parse_algorithm(text: &str) -> Result<Algorithm, String> {
    text.parse().map_err(|_| {
        "the algorithm must be one of permutations, naive, sets, arrays, bitmask".into()
    })
}

pub fn parse_max_events(text: &str) -> Result<u64, String> {
    match text.parse() {
        Ok(0) | Err(_) => {
            Err("the event limit must be a whole number from 1 to 18446744073709551615".into())
        }
        Ok(k) => Ok(k),
    }
}

pub fn parse_threads(text: &str) -> Result<usize, String> {
    match text.parse() {
        Ok(t) if (1..=MAX_THREADS).contains(&t) => Ok(t),
        _ => Err(format!(
            "the thread count must be a whole number from 1 to {MAX_THREADS} (without --threads: one per core)"
        )),
    }
}

pub fn parse_host(text: &str) -> Result<IpAddr, String> {
    match text {
        "localhost" => Ok(IpAddr::V4(Ipv4Addr::LOCALHOST)),
        _ => text.parse().map_err(|_| {
            "the host must be an IP address such as 127.0.0.1, ::1 or 0.0.0.0 (or localhost)".into()
        }),
    }
}

pub fn parse_port(text: &str) -> Result<u16, String> {
    text.parse()
        .map_err(|_| "the port must be a whole number from 0 to 65535 (0 picks a free one)".into())
}

/// What `verify --format` names: how the input is written, or svg (the
/// input's format detected, the boards drawn).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VerifyFormat {
    /// Read boards written this way; report in text.
    Input(InputFormat),
    /// Read boards in any format; draw them.
    Svg,
}

pub fn parse_verify_format(text: &str) -> Result<VerifyFormat, String> {
    match text {
        "svg" => Ok(VerifyFormat::Svg),
        _ => text.parse().map(VerifyFormat::Input).map_err(|_| {
            "the format must be one of boards, json, columns, ndjson, fen (how the input is \
             written) or svg (draw the boards)"
                .into()
        }),
    }
}

/// `R:C`, both 0-based.
pub fn parse_square(text: &str) -> Result<Square, String> {
    let allowed = || "a square is ROW:COL, two whole numbers from 0, such as 0:3".to_string();
    let (row, col) = text.split_once(':').ok_or_else(allowed)?;
    let number = |part: &str| part.trim().parse::<usize>().map_err(|_| allowed());
    Ok(Square {
        row: number(row)?,
        col: number(col)?,
    })
}

/// The longest `--timeout`: a day.
const MAX_TIMEOUT_SECONDS: f64 = 86_400.0;

pub fn parse_timeout(text: &str) -> Result<Duration, String> {
    match text.trim().parse::<f64>() {
        Ok(seconds) if seconds > 0.0 && seconds <= MAX_TIMEOUT_SECONDS => {
            Ok(Duration::from_secs_f64(seconds))
        }
        _ => Err("the timeout must be a number of seconds above 0 and at most 86400".into()),
    }
}

/// A board size from 0 up to `max` that has a solution (all but 2 and 3).
fn solvable_size(text: &str, max: usize) -> Result<usize, String> {
    let allowed = || format!("the board size must be 0, 1 or an integer from 4 to {max}");
    match text.trim().parse::<usize>() {
        Ok(2 | 3) => Err(format!("{}: boards of 2 and 3 have no solution", allowed())),
        Ok(n) if n <= max => Ok(n),
        _ => Err(allowed()),
    }
}

pub fn parse_huge_size(text: &str) -> Result<usize, String> {
    solvable_size(text, nqueens::huge::ONE_MAX_N)
}

pub fn parse_random_size(text: &str) -> Result<usize, String> {
    solvable_size(text, nqueens::huge::RANDOM_MAX_N)
}

pub fn parse_sample_size(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(k) if k >= 1 => Ok(k),
        _ => Err("the number to count again must be a whole number from 1 up".into()),
    }
}

pub fn parse_seed(text: &str) -> Result<u64, String> {
    text.trim()
        .parse()
        .map_err(|_| "the seed must be a whole number from 0 to 18446744073709551615".into())
}

pub fn parse_answer_size(text: &str) -> Result<usize, String> {
    let max = nqueens::constraint::ANSWER_MAX_N;
    match text.trim().parse::<usize>() {
        // The empty board's one solution cannot be written in any format.
        Ok(n) if (1..=max).contains(&n) => Ok(n),
        _ => Err(format!(
            "the board size must be an integer from 1 to {max} (n = 17 has 95,815,104 solutions)"
        )),
    }
}

pub fn parse_shard(text: &str) -> Result<nqueens::count::Shard, String> {
    text.trim()
        .parse()
        .map_err(|err: nqueens::ShardError| err.to_string())
}

/// `count --device`: the count request's own choices.
pub fn parse_device(text: &str) -> Result<DeviceChoice, String> {
    text.parse()
        .map_err(|_| format!("the device must be one of {}", DeviceChoice::listed()))
}

/// The help of `--method`: `what`, then `auto` and every method, each
/// with its summary.
pub fn method_help(what: &str) -> String {
    let methods: Vec<String> = (Method::ALL.iter())
        .map(|method| format!("{method} ({})", method.summary()))
        .collect();
    format!("{what}: auto (the fastest for N), {}", methods.join(", "))
}

/// `count --method`: a method, or `auto` (none named: the fastest for N).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MethodChoice {
    Auto,
    Named(nqueens::count::Method),
}

impl MethodChoice {
    /// The method named, none for auto.
    pub fn named(self) -> Option<nqueens::count::Method> {
        match self {
            MethodChoice::Auto => None,
            MethodChoice::Named(method) => Some(method),
        }
    }
}

pub fn parse_count_method(text: &str) -> Result<MethodChoice, String> {
    match text {
        "auto" => Ok(MethodChoice::Auto),
        text => text
            .parse()
            .map(MethodChoice::Named)
            .map_err(|_| format!("the method must be one of {}", Method::choices())),
    }
}

pub use nqueens::count::MAX_SAMPLE_SECONDS;

pub fn parse_sample_seconds(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(seconds) if seconds > 0.0 && seconds <= MAX_SAMPLE_SECONDS => Ok(seconds),
        _ => Err(format!("the sampling time must be a number of seconds above 0 and at most {MAX_SAMPLE_SECONDS}")),
    }
}

/// `--format` of the commands that write boards.
pub fn format_choice() -> Choices<Format> {
    Choices::new(parse_format, Format::names())
}

/// `verify --format`: how the input is written, or svg.
pub fn verify_format_choice() -> Choices<VerifyFormat> {
    Choices::new(parse_verify_format, Format::names())
}

/// The help of `--algorithm`: every algorithm's name, from the engine's
/// list.
pub fn algorithm_help() -> String {
    let names = Algorithm::names();
    match names.split_last() {
        Some((last, rest)) => format!("{} or {last}.", rest.join(", ")),
        None => String::new(),
    }
}

/// `--algorithm`.
pub fn algorithm_choice() -> Choices<Algorithm> {
    Choices::new(parse_algorithm, Algorithm::names())
}

/// `count --method` and its kin: auto or a method.
pub fn method_choice() -> Choices<MethodChoice> {
    Choices::new(parse_count_method, Method::choice_names())
}

/// `count --device`.
pub fn device_choice() -> Choices<DeviceChoice> {
    Choices::new(parse_device, DeviceChoice::names())
}

/// How a report is written: `--format text` (the default) or `--format
/// json`, the other spelling of `--json`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReportFormat {
    Text,
    Json,
}

pub fn parse_report_format(text: &str) -> Result<ReportFormat, String> {
    match text {
        "text" => Ok(ReportFormat::Text),
        "json" => Ok(ReportFormat::Json),
        _ => Err("the format must be text or json (the same as --json)".into()),
    }
}

/// `--format` of the commands that print a report.
pub fn report_format_choice() -> Choices<ReportFormat> {
    Choices::new(parse_report_format, ["text", "json"])
}
