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
#[derive(Debug, Serialize, schemars::JsonSchema)]
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
#[derive(Debug, Serialize, schemars::JsonSchema)]
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

/// What is wrong besides the pairs listed, in words, each with the row it
/// is about when it is about one (so that a reader of a file can say on
/// which line).
pub fn problems_by_row(verdict: &Verdict) -> Vec<(Option<usize>, String)> {
    let n = verdict.n;
    let mut problems = Vec::new();
    if verdict.queens != n {
        let queens = match verdict.queens {
            1 => "1 queen".to_string(),
            many => format!("{many} queens"),
        };
        problems.push((
            None,
            format!("the board has {queens}: a solution of n = {n} has {n}"),
        ));
    }
    for &row in &verdict.empty_rows {
        problems.push((Some(row), format!("row {row} has no queen")));
    }
    let unlisted_rows = verdict.empty_row_count - verdict.empty_rows.len();
    if unlisted_rows > 0 {
        problems.push((None, format!("and {unlisted_rows} more rows have no queen")));
    }
    let unlisted_pairs = verdict.attacking_pairs - verdict.conflicts.len() as u128;
    if unlisted_pairs > 0 {
        let text = format!("and {unlisted_pairs} more attacking pairs not listed");
        problems.push((None, text));
    }
    problems
}

fn problems(verdict: &Verdict) -> Vec<String> {
    problems_by_row(verdict)
        .into_iter()
        .map(|(_, text)| text)
        .collect()
}

/// One board of `verify --json`: where it is, the check, and with
/// `--all N` how it stands in the answer.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct VerifyLine {
    /// The board's place in the input, from 0.
    pub index: u64,
    /// The line it starts on, from 1.
    pub line: u64,
    /// The check.
    #[serde(flatten)]
    pub report: VerifyReport,
    /// With `--all`: the board (from 0) that named this solution first,
    /// when this one repeats it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub repeat_of: Option<u64>,
    /// With `--all`: the solution's place in `solve`'s order, from 0.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rank: Option<usize>,
}

/// The last line of `verify --json`: `{"summary": {...}}`.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct VerifySummary {
    /// Boards read.
    pub boards: u64,
    /// Boards that are solutions (of n, with `--all n`).
    pub valid: u64,
    /// Boards that are not.
    pub invalid: u64,
    /// With `--all`: the answer that was checked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub answer: Option<AnswerSummary>,
    /// True when the exit status is 0.
    pub passed: bool,
}

/// How a learner's answer for n compares with the solutions of n.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct AnswerSummary {
    /// The board size the answer is for.
    pub n: usize,
    /// Solutions of n (OEIS A000170).
    pub solutions: usize,
    /// Boards that name a solution named before.
    pub repeated: u64,
    /// Solutions no board names.
    pub missing: usize,
    /// The first ten of them, as columns in `solve`'s order.
    pub missing_first: Vec<Vec<u32>>,
    /// With `--ordered`: the first board out of `solve`'s order, from 0.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_out_of_order: Option<u64>,
}

/// A completion asked for: `{"columns": [...]}`, or `{"columns": null}`
/// with the given queens' `conflicts` when they attack each other.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct CompleteReport {
    /// The column of each row of the completed board; null when none.
    pub columns: Option<Vec<u32>>,
    /// Given queens that attack each other (absent when none do).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conflicts: Vec<ConflictReport>,
}

/// `complete --count --json` (and `count N --fix … --json`): with the
/// given queens' `conflicts` when they attack each other (`total` is 0).
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct CompletionCountReport {
    /// The board size.
    pub n: usize,
    /// Completions: solutions that keep every given queen and avoid every
    /// blocked square.
    pub total: u128,
    /// Wall-clock seconds the count took.
    pub seconds: f64,
    /// Given queens that attack each other, which leave no completion
    /// (absent when none do).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conflicts: Vec<ConflictReport>,
}

impl crate::stamp::Report for CompletionCountReport {
    const NAME: &'static str = "complete-count";
}
