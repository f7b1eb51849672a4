//! The dicts `verify()` and `check_answer()` give: the command line's
//! reports in Python's shapes. One numbering, from 0, in every field
//! (`board_index`, `repeat_of_board_index`, `solution_index`) and every
//! text; a square is a `(row, col)` tuple and a board a tuple of columns,
//! as `solutions()` yields them; no line numbers of a text nobody wrote.

use nqueens_report::constraint::{AnswerSummary, ConflictReport, VerifyReport};
use serde::ser::{SerializeTuple, Serializer};
use serde::Serialize;

/// A board's columns, serialized as a tuple.
pub struct Columns(pub Vec<u32>);

impl Serialize for Columns {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut tuple = serializer.serialize_tuple(self.0.len())?;
        for column in &self.0 {
            tuple.serialize_element(column)?;
        }
        tuple.end()
    }
}

/// Two queens attacking each other along a line.
#[derive(Serialize)]
pub struct Conflict {
    queens: Vec<(usize, usize)>,
    line: &'static str,
    value: i64,
    text: String,
}

impl From<ConflictReport> for Conflict {
    fn from(report: ConflictReport) -> Self {
        let [a, b] = report.queens;
        Conflict {
            queens: vec![(a.row, a.col), (b.row, b.col)],
            line: report.line,
            value: report.value,
            text: report.text,
        }
    }
}

/// One board checked: `verify()`'s dict.
#[derive(Serialize)]
pub struct Board {
    n: usize,
    /// Whether the board is a solution (of the answer's n, in an answer).
    pub valid: bool,
    attacking_pairs: u128,
    conflicts: Vec<Conflict>,
    problems: Vec<String>,
}

impl From<VerifyReport> for Board {
    fn from(report: VerifyReport) -> Self {
        Board {
            n: report.n,
            valid: report.valid,
            attacking_pairs: report.attacking_pairs,
            conflicts: report.conflicts.into_iter().map(Conflict::from).collect(),
            problems: report.problems,
        }
    }
}

impl Board {
    /// Adds what is wrong with the board in the answer, in words.
    pub fn note(&mut self, problem: String) {
        self.problems.push(problem);
    }
}

/// A board of an answer that does not fit it: not a solution of n, a
/// repeat, or out of order.
#[derive(Serialize)]
pub struct Failure {
    /// Its place in the boards given, from 0.
    pub board_index: u64,
    /// The check.
    #[serde(flatten)]
    pub board: Board,
    /// The board that named the same solution first, when it repeats it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub repeat_of_board_index: Option<u64>,
    /// The solution's place in `solutions(n)`'s order, from 0.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solution_index: Option<usize>,
}

/// How the answer compares with the solutions of n.
#[derive(Serialize)]
struct Answer {
    n: usize,
    solutions: usize,
    repeated: u64,
    missing: usize,
    missing_first: Vec<Columns>,
    #[serde(skip_serializing_if = "Option::is_none")]
    first_out_of_order_board_index: Option<u64>,
}

/// `check_answer()`'s dict.
#[derive(Serialize)]
pub struct AnswerCheck {
    boards: u64,
    valid: u64,
    invalid: u64,
    passed: bool,
    answer: Answer,
    failures: Vec<Failure>,
}

impl AnswerCheck {
    /// The check of an answer of `boards` boards, `valid` of them
    /// solutions of n: it passed when every board is one and the answer
    /// is `exact` (no repeat, none missing, in order where asked).
    pub fn new(
        boards: u64,
        valid: u64,
        exact: bool,
        summary: AnswerSummary,
        failures: Vec<Failure>,
    ) -> AnswerCheck {
        AnswerCheck {
            boards,
            valid,
            invalid: boards - valid,
            passed: valid == boards && exact,
            answer: Answer {
                n: summary.n,
                solutions: summary.solutions,
                repeated: summary.repeated,
                missing: summary.missing,
                missing_first: summary.missing_first.into_iter().map(Columns).collect(),
                first_out_of_order_board_index: summary.first_out_of_order,
            },
            failures,
        }
    }
}
