//! Boards drawn as rows of glyphs (the `boards` and `json` formats and
//! ndjson's `board`): which glyph is the queen, learned once from the
//! input, and each board's queens and problems. The rules are in the
//! module documentation of [`super`].

use super::entry::{plural, shown};
use super::squares::squares;
use super::{Entry, Problem};
use nqueens::Square;
use std::cmp::Reverse;
use std::collections::HashMap;

/// One drawn row as read.
pub(super) struct Row {
    pub line: u64,
    /// The text column of its first character in `boards`, where problems
    /// name text columns; `None` in JSON, where they name row and col.
    pub column: Option<u64>,
    pub text: String,
}

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

    /// The board drawn by `rows`, which start on line `line`.
    pub fn board(&mut self, line: u64, rows_on_lines: bool, rows: &[Row]) -> Entry {
        self.learn(rows);
        let mut entry = self.entry(line, rows.len(), rows_on_lines);
        for (r, row) in rows.iter().enumerate() {
            self.read_row(r, row, &mut entry);
        }
        entry
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

    /// Fills in the glyphs not known yet from this board; a glyph once
    /// chosen is never changed, so every board is read the same way.
    fn learn(&mut self, rows: &[Row]) {
        if self.queen.is_some() && self.empty.is_some() {
            return;
        }
        let (tally, squares) = tally(rows);
        self.learn_q_and_dot(&tally);
        let known = [self.queen.as_deref(), self.empty.as_deref()];
        let mut unknown = tally.iter().filter(|&&g| !known.contains(&Some(g)));
        let (first, second) = (unknown.next().map(|&g| g.to_string()), unknown.next());
        match (&self.queen, &self.empty) {
            (None, None) if second.is_some() => {
                (self.empty, self.queen) = (first, second.map(|&g| g.to_string()));
            }
            (None, None) if squares == 1 => self.queen = first,
            (None, _) if self.empty.is_none() => self.empty = first,
            (None, _) => self.queen = first,
            (_, None) => self.empty = first,
            _ => {}
        }
    }

    /// `Q` is the queen and `.` the empty square wherever they appear.
    fn learn_q_and_dot(&mut self, tally: &[&str]) {
        let has = |glyph: &str| tally.contains(&glyph);
        if self.queen.is_none() && has("Q") && self.empty.as_deref() != Some("Q") {
            self.queen = Some("Q".into());
        }
        if self.empty.is_none() && has(".") && self.queen.as_deref() != Some(".") {
            self.empty = Some(".".into());
        }
    }
}

/// The distinct glyphs of `rows`, most frequent first (ties: first seen
/// first), and how many squares there are.
fn tally(rows: &[Row]) -> (Vec<&str>, usize) {
    let mut seen: HashMap<&str, (usize, usize)> = HashMap::new();
    let mut squares_seen = 0;
    for row in rows {
        for (_, glyph) in squares(&row.text) {
            let order = seen.len();
            seen.entry(glyph).or_insert((order, 0)).1 += 1;
            squares_seen += 1;
        }
    }
    let mut glyphs: Vec<_> = seen.into_iter().collect();
    glyphs.sort_by_key(|&(_, (order, count))| (Reverse(count), order));
    (glyphs.into_iter().map(|(g, _)| g).collect(), squares_seen)
}

/// "row 2 has 3 squares, expected 4: a board of 4 rows needs 4 in every row".
fn wrong_width(r: usize, line: u64, width: usize, n: usize) -> Problem {
    let (squares, rows) = (plural(width, "square"), plural(n, "row"));
    let text =
        format!("row {r} has {squares}, expected {n}: a board of {rows} needs {n} in every row");
    Problem { line, text }
}
