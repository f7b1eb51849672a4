//! What `verify` and `complete` report, in words and as JSON: each
//! attacking pair with the line it shares.

use crate::schema::At;
use nqueens::constraint::{Conflict, Line, Verdict};
use serde::Serialize;

/// The pair and their line in words: "queens at row 2, col 5 and row 5,
/// col 2 share the ↗ anti-diagonal r + c = 7".
pub fn conflict_text(conflict: &Conflict) -> String {
    let (a, b) = (conflict.first, conflict.second);
    format!(
        "queens at row {}, col {} and row {}, col {} share {}",
        a.row,
        a.col,
        b.row,
        b.col,
        line_text(conflict.line)
    )
}

/// A line in words: "row 3", "column 1", "the ↘ diagonal r − c = -2",
/// "the ↗ anti-diagonal r + c = 7".
pub fn line_text(line: Line) -> String {
    match line {
        Line::Row(row) => format!("row {row}"),
        Line::Column(col) => format!("column {col}"),
        Line::Diagonal(d) => format!("the ↘ diagonal r − c = {d}"),
        Line::AntiDiagonal(a) => format!("the ↗ anti-diagonal r + c = {a}"),
    }
}

/// One attacking pair in JSON.
#[derive(Debug, Serialize)]
pub struct ConflictReport {
    /// The two queens, in row-major order.
    pub queens: [At; 2],
    /// `row`, `column`, `diagonal` (↘) or `anti_diagonal` (↗).
    pub line: &'static str,
    /// The line's index: the row, the column, r − c or r + c.
    pub value: i64,
    /// The same in words.
    pub text: String,
}

impl From<&Conflict> for ConflictReport {
    fn from(conflict: &Conflict) -> Self {
        let (line, value) = match conflict.line {
            Line::Row(row) => ("row", row as i64),
            Line::Column(col) => ("column", col as i64),
            Line::Diagonal(d) => ("diagonal", d),
            Line::AntiDiagonal(a) => ("anti_diagonal", a as i64),
        };
        ConflictReport {
            queens: [conflict.first.into(), conflict.second.into()],
            line,
            value,
            text: conflict_text(conflict),
        }
    }
}

/// One board checked: `{"n", "valid", "attacking_pairs", "conflicts",
/// "problems"}`.
#[derive(Debug, Serialize)]
pub struct VerifyReport {
    /// The board size.
    pub n: usize,
    /// True when the board is a solution.
    pub valid: bool,
    /// How many pairs of queens attack each other.
    pub attacking_pairs: u128,
    /// The attacking pairs, the first [`nqueens::constraint::LISTED`] of
    /// them.
    pub conflicts: Vec<ConflictReport>,
    /// Everything else that is wrong, in words ("the board has 7 queens:
    /// a solution has 8", "row 3 has no queen"), and how many pairs were
    /// left out of `conflicts`.
    pub problems: Vec<String>,
}

impl From<&Verdict> for VerifyReport {
    fn from(verdict: &Verdict) -> Self {
        VerifyReport {
            n: verdict.n,
            valid: verdict.is_solution(),
            attacking_pairs: verdict.attacking_pairs,
            conflicts: verdict.conflicts.iter().map(Into::into).collect(),
            problems: problems(verdict),
        }
    }
}

/// What is wrong besides the pairs listed, in words.
fn problems(verdict: &Verdict) -> Vec<String> {
    let n = verdict.n;
    let mut problems = Vec::new();
    if verdict.queens != n {
        problems.push(format!(
            "the board has {} queen{}: a solution of n = {n} has {n}",
            verdict.queens,
            if verdict.queens == 1 { "" } else { "s" }
        ));
    }
    for row in &verdict.empty_rows {
        problems.push(format!("row {row} has no queen"));
    }
    let unlisted_rows = verdict.empty_row_count - verdict.empty_rows.len();
    if unlisted_rows > 0 {
        problems.push(format!("and {unlisted_rows} more rows have no queen"));
    }
    let unlisted_pairs = verdict.attacking_pairs - verdict.conflicts.len() as u128;
    if unlisted_pairs > 0 {
        problems.push(format!("and {unlisted_pairs} more attacking pairs not listed"));
    }
    problems
}

/// A completion asked for: `{"columns": [...]}`, or `{"columns": null}`
/// with the given queens' `conflicts` when they attack each other.
#[derive(Debug, Serialize)]
pub struct CompleteReport {
    /// The column of each row of the completed board; null when none.
    pub columns: Option<Vec<u32>>,
    /// Given queens that attack each other (absent when none do).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub conflicts: Vec<ConflictReport>,
}
