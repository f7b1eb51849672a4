//! Boards drawn as rows of glyphs (the `boards` and `json` formats and
//! ndjson's `board`): each board's queens and problems, with the glyphs
//! named or learned ([`super::learn`]).

use super::entry::shown;
use super::learn::learn;
use super::squares::{squares, Row};
use super::{Entry, Problem, ReadError};
use nqueens::plural;
use nqueens::Square;

/// What the boards of one input share: the next index and the glyphs.
pub(super) struct Context {
    pub index: u64,
    queen: Option<String>,
    empty: Option<String>,
}

impl Context {
    /// True when `ch` starts a glyph known so far: before the first board,
    /// one the user named.
    pub fn starts_glyph(&self, ch: char) -> bool {
        let mut known = self.queen.iter().chain(&self.empty);
        known.any(|glyph| glyph.starts_with(ch))
    }

    /// With `glyphs` (queen, empty) when the user named them.
    pub fn new(glyphs: Option<(String, String)>) -> Self {
        let (queen, empty) = glyphs.map_or((None, None), |(q, e)| (Some(q), Some(e)));
        Context {
            index: 0,
            queen,
            empty,
        }
    }

    /// An entry for this board with no queens and no problems yet.
    pub fn entry(&self, line: u64, n: usize, rows_on_lines: bool) -> Entry {
        let mut problems = Vec::new();
        if n == 0 {
            problems.push(Problem {
                line,
                text: "an empty board: no rows".into(),
            });
        }
        Entry {
            index: self.index,
            line,
            n,
            queens: Vec::new(),
            rows_on_lines,
            problems,
        }
    }

    /// The board drawn by `rows`, which start on line `line`; an error
    /// when its glyphs are not known and it cannot tell which is which.
    pub fn board(
        &mut self,
        line: u64,
        rows_on_lines: bool,
        rows: &[Row],
    ) -> Result<Entry, ReadError> {
        self.learned_board(line, rows_on_lines, rows, None)
    }

    /// An ndjson `board` beside its `columns`: while the queen is not
    /// known, the glyph on the square the columns give row 0's queen is
    /// (but `.`).
    pub fn board_beside(
        &mut self,
        line: u64,
        rows: &[Row],
        columns: &[u64],
    ) -> Result<Entry, ReadError> {
        let col = columns.first().and_then(|&col| usize::try_from(col).ok());
        let row = rows.first().map(|row| squares(&row.text));
        let glyph = col.zip(row).and_then(|(col, mut row)| row.nth(col));
        let hint = glyph.map(|(_, glyph)| glyph.to_string());
        self.learned_board(line, false, rows, hint.filter(|_| self.queen.is_none()))
    }

    /// The board of `rows`, its glyphs learned (the queen `hint` when
    /// given) where not known. They are kept for the boards after only
    /// when this one reads as a solution could, one queen in every row,
    /// so that a first board drawn wrong cannot make the right ones after
    /// it read wrong.
    fn learned_board(
        &mut self,
        line: u64,
        rows_on_lines: bool,
        rows: &[Row],
        hint: Option<String>,
    ) -> Result<Entry, ReadError> {
        let known = self.queen.is_some() && self.empty.is_some();
        let kept = (!known).then(|| (self.queen.clone(), self.empty.clone()));
        // `.` is the empty square wherever it appears, even where a board
        // and its columns disagree.
        let hint = hint.filter(|queen| queen != "." && Some(queen) != self.empty.as_ref());
        if let Some(queen) = hint {
            self.queen = Some(queen);
        }
        learn(&mut self.queen, &mut self.empty, line, rows)?;
        let mut entry = self.entry(line, rows.len(), rows_on_lines);
        for (r, row) in rows.iter().enumerate() {
            self.read_row(r, row, &mut entry);
        }
        let one_a_row = entry.queens.len() == entry.n
            && (entry.queens.iter().enumerate()).all(|(r, queen)| queen.row == r);
        if let Some((queen, empty)) = kept.filter(|_| !one_a_row || !entry.problems.is_empty()) {
            (self.queen, self.empty) = (queen, empty);
        }
        Ok(entry)
    }

    /// The board whose queen in row r stands in column `columns[r]`.
    pub fn columns(&self, line: u64, columns: &[u64]) -> Entry {
        let n = columns.len();
        let mut entry = self.entry(line, n, false);
        for (row, &col) in columns.iter().enumerate() {
            match usize::try_from(col) {
                Ok(col) if col < n => entry.queens.push(Square { row, col }),
                _ => entry.problems.push(Problem {
                    line,
                    text: format!("col {col} in row {row} is off a {n}-wide board"),
                }),
            }
        }
        entry
    }

    fn read_row(&self, r: usize, row: &Row, entry: &mut Entry) {
        if self.read_plain_row(r, &row.text, entry) {
            return;
        }
        let n = entry.n;
        let mut width = 0;
        // The first stray glyph (text index, col, glyph) and how many.
        let (mut stray, mut strays) = (None, 0);
        for (at, glyph) in squares(&row.text) {
            if Some(glyph) == self.queen.as_deref() {
                if width < n {
                    entry.queens.push(Square { row: r, col: width });
                }
            } else if Some(glyph) != self.empty.as_deref() {
                stray = stray.or(Some((at, width, glyph)));
                strays += 1;
            }
            width += 1;
        }
        if width != n {
            entry.problems.push(wrong_width(r, row.line, width, n));
        }
        if let Some(first) = stray {
            entry.problems.push(self.stray(r, row, first, strays - 1));
        }
    }

    /// The common case made quick: one-byte glyphs and a row of n of them,
    /// nothing else. False (and nothing added) for any other row.
    fn read_plain_row(&self, r: usize, text: &str, entry: &mut Entry) -> bool {
        let glyph = |glyph: &Option<String>| match glyph.as_deref().map(str::as_bytes) {
            Some(&[byte]) => Some(byte),
            _ => None,
        };
        let (Some(queen), Some(empty)) = (glyph(&self.queen), glyph(&self.empty)) else {
            return false;
        };
        let before = entry.queens.len();
        let plain = text.len() == entry.n
            && text.bytes().enumerate().all(|(col, byte)| {
                if byte == queen {
                    entry.queens.push(Square { row: r, col });
                }
                byte == queen || byte == empty
            });
        if !plain {
            entry.queens.truncate(before);
        }
        plain
    }

    /// "`x` at column 3 is neither the queen `Q` nor the empty square `.`",
    /// for the first stray glyph of row `r`: (its text index, col, glyph).
    fn stray(&self, r: usize, row: &Row, first: (usize, usize, &str), more: usize) -> Problem {
        let (at, col, glyph) = first;
        let place = match row.column {
            Some(start) => format!("at column {}", start + at as u64),
            None => format!("at row {r}, col {col}"),
        };
        let name = |g: &Option<String>| match g {
            Some(g) => shown(g),
            None => "(not known yet)".into(),
        };
        let (queen, empty) = (name(&self.queen), name(&self.empty));
        let glyph = shown(glyph);
        let mut text =
            format!("{glyph} {place} is neither the queen {queen} nor the empty square {empty}");
        if more > 0 {
            text += &format!(" ({more} more in this row)");
        }
        Problem {
            line: row.line,
            text,
        }
    }
}

/// "row 2 has 3 squares, expected 4: a board of 4 rows needs 4 in every row".
fn wrong_width(r: usize, line: u64, width: usize, n: usize) -> Problem {
    let (squares, rows) = (plural(width, "square"), plural(n, "row"));
    let text =
        format!("row {r} has {squares}, expected {n}: a board of {rows} needs {n} in every row");
    Problem { line, text }
}
