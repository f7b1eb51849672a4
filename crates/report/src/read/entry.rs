//! What the reader hands back: a board read ([`Entry`]) with what is wrong
//! with it ([`Problem`]), or why the input could not be read ([`ReadError`]).

use nqueens::Square;
use std::fmt;

/// One board read from the input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The board's place in the input, from 0.
    pub index: u64,
    /// The 1-based line where the board starts.
    pub line: u64,
    /// The board size: its number of rows (of numbers, for `columns`).
    pub n: usize,
    /// Every queen found on the n×n board, row by row, left to right. A row
    /// may hold none or several; squares off the board are left out (and
    /// reported in `problems`). Attacks are the caller's to check.
    pub queens: Vec<Square>,
    /// True when row r is on line `line + r` (the `boards` format); false
    /// when the board has no line per row (`json`, `columns`, `ndjson`).
    pub rows_on_lines: bool,
    /// What makes it not a proper board, though it could be read.
    pub problems: Vec<Problem>,
}

impl Entry {
    /// The line row `row` (from 0) is on, as best the format tells.
    pub fn line_of_row(&self, row: usize) -> u64 {
        if self.rows_on_lines {
            self.line + row as u64
        } else {
            self.line
        }
    }
}

/// Something wrong with a board that was still read: a row of the wrong
/// width, a glyph that is neither the queen nor the empty square, a column
/// off the board, or fields that disagree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// The 1-based line it is on.
    pub line: u64,
    /// What is wrong, as a sentence fragment without the line.
    pub text: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.text)
    }
}

/// Input that could not be read at all: not UTF-8, broken JSON, a word in a
/// `columns` line, a line past the size limit, a read error, a board whose
/// queen cannot be told from its empty square. The reader stops after one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadError {
    /// The 1-based line where reading failed.
    pub line: u64,
    /// What was found there, such as `"1 3 x 2" has "x"`.
    pub found: String,
    /// What was expected instead, such as `a column number`.
    pub expected: String,
    /// When the queen's glyph could not be told from the empty square's:
    /// a (queen, empty) pair that, named, reads the input. How to name them
    /// is the caller's to say (`verify --queen --empty`).
    pub glyphs_to_name: Option<(String, String)>,
}

impl ReadError {
    pub(super) fn new(line: u64, found: impl Into<String>, expected: impl Into<String>) -> Self {
        ReadError {
            line,
            found: found.into(),
            expected: expected.into(),
            glyphs_to_name: None,
        }
    }
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}: {}, expected {}",
            self.line, self.found, self.expected
        )
    }
}

impl std::error::Error for ReadError {}

/// `text` shortened for a message: a 1 GiB line must not be quoted whole.
pub(super) fn snippet(text: &str) -> String {
    const MAX: usize = 40;
    match text.char_indices().nth(MAX) {
        Some((end, _)) => format!("{:?}", format!("{}…", &text[..end])),
        None => format!("{text:?}"),
    }
}

/// A glyph quoted for a message; control characters are escaped so that
/// the message stays one visible line.
pub(super) fn shown(glyph: &str) -> String {
    if glyph.chars().any(char::is_control) {
        format!("{glyph:?}")
    } else {
        format!("`{glyph}`")
    }
}
