//! Reading boards back: every output format of the tool, streamed.
//!
//! [`BoardReader`] reads the boards of `verify` one at a time, holding only
//! the current one, so that an input of millions of boards takes constant
//! memory; [`read_partial`] reads the single board of `complete`.
//!
//! # Formats
//!
//! Without a format named, the first byte that is not whitespace decides:
//! `[` is `json` and `{` is `ndjson`; otherwise the first line does:
//!
//! 1. A line whose first field (up to whitespace) is ASCII with a `/` and
//!    a digit is `fen` (unless the user named `/` a glyph), so that a full
//!    FEN line or a mistyped one is read as FEN, or refused saying what is
//!    wrong, rather than taken for a row.
//! 2. A line that starts with a glyph the user named is `boards` (so that
//!    boards drawn with `1` and `0` are not read as columns), and so is a
//!    row of `0`s and `1`s with one of them once, spaced or not (`0100`,
//!    `0 1 0 0`, `1101`, `1`), which as columns could never be a solution.
//! 3. A line whose first field (up to a space, tab or comma) is a number
//!    is `columns`; so is a signed one followed by more, to be refused by
//!    name (`+1 3 0 2`).
//! 4. Anything else is `boards`.
//!
//! An SVG document (`svg` pictures are not read back) is a [`ReadError`].
//! Input that is empty or all whitespace holds no boards. A UTF-8 byte
//! order mark at the start is skipped.
//!
//! - `boards`: each board is a run of non-blank lines, one row per line;
//!   runs are separated by one or more blank lines (lines of only
//!   whitespace count as blank). Trailing whitespace and `\r` are ignored,
//!   and so is whitespace between squares, since no glyph can be
//!   whitespace. Each square is one grapheme cluster, so a glyph may be an
//!   emoji of several code points.
//! - `json`: the LeetCode 51 answer, an array of boards each an array of
//!   row strings, laid out on one line or many. A lone array of strings is
//!   one board, and arrays one after another are read as one list.
//! - `columns`: one board per non-blank line, its 0-based columns separated
//!   by spaces, tabs or commas (a comma needs a number on either side: `1,,3`
//!   and `1,3,` cannot be read); n is the count of numbers, each of digits
//!   without a sign or a leading zero (`0000` is not column 0).
//! - `ndjson`: one JSON object per non-blank line; its `columns` are read
//!   when present, else its `board` (row strings). `n` and `board`, when
//!   present with `columns`, must agree with them. Other fields are
//!   ignored.
//! - `fen`: one 8×8 board per non-blank line as the piece placement of
//!   chess FEN, ranks 8 to 1 (rows 0 to 7) joined by `/`, each of `Q`s and
//!   counts of empty squares: `Q7/4Q3/7Q/5Q2/2Q5/6Q1/1Q6/3Q4`, alone or
//!   followed by any of FEN's other fields, in order: side to move (`w`,
//!   `b`), castling rights (`-`, `KQkq`), en passant square (`-`, `e3`),
//!   halfmove clock and move number (`w - - 0 1`).
//!
//! A board of k rows needs k squares in every row; a row of another width,
//! a glyph that is neither the queen nor the empty square, a column off the
//! board, an `n` or a `board` that disagrees with `columns`, and a FEN of
//! other than 8 ranks of 8 or with another piece are [`Problem`]s of a
//! board still read ([`Entry`]). Input that cannot be read (not UTF-8,
//! broken JSON, a word, a sign or an empty field in a `columns` line, an
//! `ndjson` line that is not an object with `columns` or `board`, a `fen`
//! line that is not FEN — an empty rank, a `0` or `9`, two digits together,
//! a character that is no piece, a field FEN does not allow —, glyphs that
//! cannot be told apart (below), a line or board over 1 GiB) is a
//! [`ReadError`], and the reader stops after it.
//!
//! # Glyphs
//!
//! Boards drawn with glyphs (`boards`, `json` and ndjson's `board`) use the
//! glyphs the user named. Otherwise they are learned from the boards as
//! they come, and kept for the rest of the input from the first board that
//! reads as a solution could, one queen in every row (until then each
//! board is read by its own glyphs, so that a first board drawn wrong does
//! not make the right ones after it read wrong):
//!
//! 1. `Q`, wherever it appears, is the queen, and `.` is the empty square
//!    — but a board of n ≥ 3 with more `Q`s than `.`s, which could as well
//!    be drawn the other way round, is an error (below).
//! 2. When one of the two is known, the most frequent other glyph of the
//!    next board that has one is the other.
//! 3. A board that shows two or more other glyphs while neither is known:
//!    the most frequent is the empty square and the next the queen (a
//!    solution of n ≥ 3 has n queens and n² − n > n empty squares).
//! 4. A board of one glyph while neither is known makes it the empty
//!    square, a board with no queens.
//!
//! Where counting cannot tell — two glyphs on as many squares, a board of
//! one glyph — a glyph people draw a queen with (`♛`, `♕`, `👑`, `q`, `1`)
//! or an empty square with (`·`, `-`, `_`, `0`, `□`, `◻`, `▫`, `⬜`)
//! decides: `q-`/`-q` has its queens on `q`, a lone `-` is a 1×1 board
//! with no queen, a lone `♛` one with its queen. Where nothing decides
//! (`ab`/`ba`, or a lone `*`, which could be n = 1's solution or no queen)
//! the reader does not guess: it stops with a [`ReadError`] whose
//! [`ReadError::glyphs_to_name`] holds a pair the caller can tell the user
//! to name. Beside ndjson's `columns`, the glyph where the columns put row
//! 0's queen is the queen (but `.`). Any glyph beyond the two is reported,
//! the first of each row, as a problem.
//!
//! # Positions
//!
//! Lines count from 1, and so do text columns (in grapheme clusters for
//! `boards` and `complete`, in bytes in JSON). Rows and board columns count
//! from 0, as in the `columns` format.

mod boards;
mod detect;
mod entry;
mod fen;
mod glyphs;
mod json;
mod learn;
mod lines;
mod partial;
mod source;
mod squares;
#[cfg(test)]
mod tests;

pub use entry::{Entry, Problem, ReadError};
pub use partial::{read_partial, PartialBoard};

use crate::Format;
use glyphs::Context;
use source::{Source, LIMIT};
use std::fmt;
use std::io::BufRead;
use std::str::FromStr;

/// The formats `verify` reads: those `solve` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InputFormat {
    /// Each board as n lines of glyphs, boards separated by blank lines.
    Boards,
    /// The LeetCode 51 answer: a JSON array of boards of row strings.
    Json,
    /// One board per line, its 0-based columns separated by spaces.
    Columns,
    /// One JSON object per line with `columns` or `board`.
    Ndjson,
    /// One 8×8 board per line as the piece placement of chess FEN.
    Fen,
}

impl InputFormat {
    /// The same format as `solve` names it.
    pub fn written_as(self) -> Format {
        match self {
            InputFormat::Boards => Format::Boards,
            InputFormat::Json => Format::Json,
            InputFormat::Columns => Format::Columns,
            InputFormat::Ndjson => Format::Ndjson,
            InputFormat::Fen => Format::Fen,
        }
    }
}

impl FromStr for InputFormat {
    type Err = String;

    /// The names of `solve --format`, less svg, whose pictures are not
    /// read back.
    fn from_str(text: &str) -> Result<Self, String> {
        let format = text.parse::<Format>().ok();
        [
            InputFormat::Boards,
            InputFormat::Json,
            InputFormat::Columns,
            InputFormat::Ndjson,
            InputFormat::Fen,
        ]
        .into_iter()
        .find(|input| Some(input.written_as()) == format)
        .ok_or_else(|| "the input format must be one of boards, json, columns, ndjson, fen".into())
    }
}

impl fmt::Display for InputFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.written_as().name())
    }
}

/// Reads boards one at a time from any of the five formats.
///
/// ```
/// use nqueens_report::read::BoardReader;
/// let input = "1 3 0 2\n2 0 3 1\n";
/// let boards: Vec<_> = BoardReader::new(input.as_bytes(), None, None)
///     .collect::<Result<_, _>>()?;
/// assert_eq!(boards.len(), 2);
/// assert_eq!((boards[1].n, boards[1].line, boards[1].queens[0].col), (4, 2, 2));
/// # Ok::<(), nqueens_report::read::ReadError>(())
/// ```
pub struct BoardReader<R: BufRead> {
    source: Source<R>,
    format: Option<InputFormat>,
    cx: Context,
    json: json::Json,
    started: bool,
    done: bool,
}

impl<R: BufRead> BoardReader<R> {
    /// Reads `input` in `format`, or in the format its first byte shows when
    /// `None`, drawing with `glyphs` (queen, empty) when the user named
    /// them. Nothing is read until the first board is asked for.
    pub fn new(input: R, format: Option<InputFormat>, glyphs: Option<(String, String)>) -> Self {
        Self::within(input, format, glyphs, LIMIT)
    }

    /// `new` with another size limit for a line or a board, for tests.
    fn within(
        input: R,
        format: Option<InputFormat>,
        glyphs: Option<(String, String)>,
        limit: usize,
    ) -> Self {
        BoardReader {
            source: Source::new(input, limit),
            format,
            cx: Context::new(glyphs),
            json: json::Json::new(),
            started: false,
            done: false,
        }
    }

    /// The format being read: the one named, or the one detected once the
    /// first board has been asked for.
    pub fn format(&self) -> Option<InputFormat> {
        self.format
    }

    fn read(&mut self) -> Result<Option<Entry>, ReadError> {
        if !self.started {
            self.started = true;
            self.source.skip_bom()?;
            if self.format.is_none() {
                self.format = detect::detect(&mut self.source, &self.cx)?;
            }
        }
        let (source, cx) = (&mut self.source, &mut self.cx);
        match self.format {
            None => Ok(None),
            Some(InputFormat::Boards) => boards::next(source, cx),
            Some(InputFormat::Json) => self.json.next(source, cx),
            Some(InputFormat::Columns) => lines::next_columns(source, cx),
            Some(InputFormat::Ndjson) => lines::next_ndjson(source, cx),
            Some(InputFormat::Fen) => fen::next(source, cx),
        }
    }
}

impl<R: BufRead> Iterator for BoardReader<R> {
    type Item = Result<Entry, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let item = self.read().transpose();
        match &item {
            Some(Ok(_)) => self.cx.index += 1,
            None | Some(Err(_)) => self.done = true,
        }
        item
    }
}
