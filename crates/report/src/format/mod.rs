//! Output formats for `solve`: each is a file with one [`Writer`] type, and
//! all of them stream, writing each solution as soon as it arrives.

mod boards;
mod columns;
mod fen;
mod json;
mod ndjson;
mod output;
mod rows;
mod stats;
mod svg;

pub use output::Output;
pub use stats::write_stats;

use crate::picture::TooManyPictures;
use nqueens::{Glyphs, Solution, Square};
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
    /// One SVG picture of the boards, a captioned grid when there are
    /// several (at most [`crate::picture::MAX_PICTURES`]).
    Svg,
    /// Chess FEN piece placement, one 8×8 board per line.
    Fen,
}

const NAMES: [(&str, Format); 6] = [
    ("boards", Format::Boards),
    ("json", Format::Json),
    ("columns", Format::Columns),
    ("ndjson", Format::Ndjson),
    ("svg", Format::Svg),
    ("fen", Format::Fen),
];

/// The widest board drawn square by square (`boards`, `json`, `svg`, and
/// the `board` rows of `ndjson`): one of a million rows would be a
/// terabyte.
pub const DRAWN_MAX_N: usize = 1000;

impl Format {
    /// The name `--format` takes.
    pub fn name(self) -> &'static str {
        NAMES
            .iter()
            .find(|(_, format)| *format == self)
            .map_or("", |(name, _)| name)
    }

    /// Every format's name, in the order help lists them.
    pub fn names() -> impl Iterator<Item = &'static str> {
        NAMES.iter().map(|(name, _)| *name)
    }

    /// Whether the format draws every square, which [`DRAWN_MAX_N`] bounds.
    pub fn draws_squares(self) -> bool {
        matches!(self, Format::Boards | Format::Json | Format::Svg)
    }
}

impl FromStr for Format {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        NAMES
            .iter()
            .find(|(name, _)| *name == text)
            .map(|&(_, format)| format)
            .ok_or_else(|| {
                "the format must be one of boards, json, columns, ndjson, svg, fen".into()
            })
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

/// Why a format writer stopped: its output failed, or the format holds
/// no more of what it was given (an SVG sheet draws at most
/// [`MAX_PICTURES`](crate::picture::MAX_PICTURES) boards), each typed so
/// that a caller tells the refusal from a failure.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    /// Writing failed.
    #[error(transparent)]
    Io(#[from] io::Error),
    /// The sheet is full.
    #[error(transparent)]
    TooManyPictures(#[from] TooManyPictures),
}

impl From<serde_json::Error> for WriteError {
    fn from(err: serde_json::Error) -> WriteError {
        WriteError::Io(err.into())
    }
}

/// Writes a stream of solutions in one format.
pub trait Writer {
    /// Anything that comes before the first solution.
    fn begin(&mut self, _out: &mut dyn Write) -> Result<(), WriteError> {
        Ok(())
    }
    /// One solution.
    fn solution(&mut self, out: &mut dyn Write, board: Board) -> Result<(), WriteError>;
    /// Anything that comes after the last solution.
    fn finish(&mut self, _out: &mut dyn Write) -> Result<(), WriteError> {
        Ok(())
    }
}

/// Squares a picture marks: queens that were placed before the search
/// (drawn apart from the ones it found) and squares no queen may take.
#[derive(Debug, Clone, Default)]
pub struct Marks {
    /// Queens given, not found.
    pub fixed: Vec<Square>,
    /// Squares no queen may take.
    pub blocked: Vec<Square>,
}

/// The writer for `format`, drawing with `glyphs`.
pub fn writer(format: Format, glyphs: Glyphs) -> Box<dyn Writer> {
    marked_writer(format, glyphs, Marks::default())
}

/// [`writer`] for completions: `svg` draws the `marks` too (the text
/// formats have no way to show them).
pub fn marked_writer(format: Format, glyphs: Glyphs, marks: Marks) -> Box<dyn Writer> {
    match format {
        Format::Boards => Box::new(boards::Boards::new(glyphs)),
        Format::Json => Box::new(json::LeetCode::new(glyphs)),
        Format::Columns => Box::new(columns::Columns::default()),
        Format::Ndjson => Box::new(ndjson::Ndjson::new(glyphs)),
        Format::Svg => Box::new(svg::Svg::new(marks)),
        Format::Fen => Box::new(fen::Fen),
    }
}

impl Board<'_> {
    /// The queens' columns as indices, for the pictures.
    pub(crate) fn columns(&self) -> Vec<usize> {
        self.solution
            .columns()
            .iter()
            .map(|&c| c as usize)
            .collect()
    }
}
