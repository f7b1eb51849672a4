//! Parsers for argument values: each turns bad input into a message that
//! says what is allowed (clap puts the value and the argument before it).

use nqueens::{Algorithm, BoardSize, Glyph, MAX_N};
use nqueens_report::Format;
use std::net::{IpAddr, Ipv4Addr};

pub fn parse_size(text: &str) -> Result<BoardSize, String> {
    let allowed = format!("the board size must be an integer from 0 to {MAX_N}");
    let n: usize = text.trim().parse().map_err(|_| allowed.clone())?;
    BoardSize::new(n).map_err(|_| allowed)
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

/// The largest `--threads`.
const MAX_THREADS: usize = 1024;

pub fn parse_threads(text: &str) -> Result<usize, String> {
    match text.parse() {
        Ok(t) if (1..=MAX_THREADS).contains(&t) => Ok(t),
        _ => Err(format!(
            "the thread count must be a whole number from 1 to {MAX_THREADS}"
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
