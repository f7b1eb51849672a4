//! Output formats for `solve`: each is a file with one [`Writer`] type, and
//! all of them stream, writing each solution as soon as it arrives.

mod boards;
mod columns;
mod json;
mod ndjson;
mod output;
mod rows;
mod stats;

pub use output::Output;
pub use stats::write_stats;

use nqueens::{Glyphs, Solution};
use std::io::{self, Write};
use std::str::FromStr;

/// The formats `solve --format` accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Each solution as n lines, solutions separated by a blank line.
    Boards,
    /// The LeetCode 51 answer: one JSON array of boards of row strings.
    Json,
    /// One solution per line, its 0-based columns separated by spaces.
    Columns,
    /// One JSON object per line ([`crate::schema::SolutionLine`]).
    Ndjson,
}

const NAMES: [(&str, Format); 4] = [
    ("boards", Format::Boards),
    ("json", Format::Json),
    ("columns", Format::Columns),
    ("ndjson", Format::Ndjson),
];

impl FromStr for Format {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        NAMES
            .iter()
            .find(|(name, _)| *name == text)
            .map(|&(_, format)| format)
            .ok_or_else(|| "the format must be one of boards, json, columns, ndjson".into())
    }
}

/// One solution to write.
#[derive(Clone, Copy)]
pub struct Board<'a> {
    /// The solution.
    pub solution: &'a Solution,
    /// Counts from 0.
    pub index: u64,
    /// With `--unique`: how many boards its class has.
    pub class_size: Option<u8>,
}

/// Writes a stream of solutions in one format.
pub trait Writer {
    /// Anything that comes before the first solution.
    fn begin(&mut self, _out: &mut dyn Write) -> io::Result<()> {
        Ok(())
    }
    /// One solution.
    fn solution(&mut self, out: &mut dyn Write, board: Board) -> io::Result<()>;
    /// Anything that comes after the last solution.
    fn finish(&mut self, _out: &mut dyn Write) -> io::Result<()> {
        Ok(())
    }
}

/// The writer for `format`, drawing with `glyphs`.
pub fn writer(format: Format, glyphs: Glyphs) -> Box<dyn Writer> {
    match format {
        Format::Boards => Box::new(boards::Boards::new(glyphs)),
        Format::Json => Box::new(json::LeetCode::new(glyphs)),
        Format::Columns => Box::new(columns::Columns::default()),
        Format::Ndjson => Box::new(ndjson::Ndjson::new(glyphs)),
    }
}
