//! `verify()` and `check_answer()`: boards from Python checked as the
//! `verify` command checks them. Each board is handed to the shared reader
//! as a line of `ndjson` (its rows as `board`, or its `columns`), so that
//! glyphs, widths and columns off the board are read and reported exactly
//! as on the command line.

use crate::args::{self, items, refuse_str, value_error};
use crate::wait::off_interpreter;
use nqueens::constraint::{verify as check, Verdict, ANSWER_MAX_N};
use nqueens_report::answer::Answer;
use nqueens_report::constraint::{VerifyLine, VerifyReport, VerifySummary};
use nqueens_report::read::{BoardReader, Entry, InputFormat, ReadError};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyString;
use serde::Serialize;
use serde_json::json;

#[pyfunction]
#[pyo3(signature = (board_or_boards, *, queen=None, empty=None))]
/// Checks one board, or a list of boards: a board is a list of row strings
/// (LeetCode's `[".Q..", ...]`) or a sequence of the queens' columns, row 0
/// first. Gives, for each board, a dict with `n`, `valid`,
/// `attacking_pairs`, `conflicts` (each pair, its line and the line's
/// index, in words too) and `problems`; a list of them for a list.
/// `queen` and `empty` name the rows' glyphs, as `verify --queen --empty`.
pub fn verify<'py>(
    py: Python<'py>,
    board_or_boards: &Bound<'py, PyAny>,
    queen: Option<&str>,
    empty: Option<&str>,
) -> PyResult<Bound<'py, PyAny>> {
    let glyphs = crate::verify_glyphs::named(queen, empty)?;
    refuse_str(board_or_boards, "board_or_boards")?;
    let items = items(board_or_boards, "board_or_boards")?;
    let one_board = items.first().is_some_and(|first| !is_board(first));
    let text = match one_board {
        true => board_line(board_or_boards, 0)?,
        false => boards_text(&items)?,
    };
    let checked = off_interpreter(py, move |_| read(&text, None, glyphs))?;
    let checked = checked.map_err(|err| crate::verify_glyphs::advised(&err));
    let reports: Vec<VerifyReport> = checked?.0.into_iter().map(|line| line.report).collect();
    match (one_board, reports.first()) {
        (true, Some(report)) => Ok(pythonize::pythonize(py, report)?),
        _ => Ok(pythonize::pythonize(py, &reports)?),
    }
}

/// `check_answer`'s result: `verify --all N --json`'s summary, and the
/// lines of the boards that did not fit.
#[derive(Serialize)]
struct AnswerCheck {
    #[serde(flatten)]
    summary: VerifySummary,
    failures: Vec<VerifyLine>,
}

#[pyfunction]
#[pyo3(signature = (n, boards, *, ordered=false))]
/// Checks a whole answer for n (1 to 16) against every solution of n, as
/// `nqueens verify --all N` does: which boards are not solutions, which
/// repeat one named before, which solutions are missing, and with
/// `ordered` whether they come in lexicographic order.
pub fn check_answer<'py>(
    py: Python<'py>,
    n: &Bound<'py, PyAny>,
    boards: &Bound<'py, PyAny>,
    ordered: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let why = "check_answer holds every solution of n, and n = 17 has 95,815,104";
    let n = args::whole_number(n, "n", 1, ANSWER_MAX_N as u64)
        .map_err(|err| args::explained(py, err, why))? as usize;
    refuse_str(boards, "boards")?;
    let text = boards_text(&items(boards, "boards")?)?;
    let checked = off_interpreter(py, move |_| {
        let answer = Answer::new(n, ordered).expect("n is at most ANSWER_MAX_N");
        read(&text, Some(answer), None)
    })?;
    let (lines, answer) = checked.map_err(value_error)?;
    let answer = answer.expect("an answer was checked");
    let valid = lines.iter().filter(|line| line.report.valid).count() as u64;
    let boards = lines.len() as u64;
    let summary = VerifySummary {
        boards,
        valid,
        invalid: boards - valid,
        passed: valid == boards && answer.exact(),
        answer: Some(answer.summary()),
    };
    let failures = lines
        .into_iter()
        .filter(|line| !line.report.valid)
        .collect();
    Ok(pythonize::pythonize(
        py,
        &AnswerCheck { summary, failures },
    )?)
}

/// Reads the boards of `text` and checks each, against `answer` when one
/// is given, by the glyphs named (else learned): a `verify --json` line
/// for every board.
fn read(
    text: &str,
    mut answer: Option<Answer>,
    glyphs: Option<(String, String)>,
) -> Result<(Vec<VerifyLine>, Option<Answer>), ReadError> {
    let mut lines = Vec::new();
    for entry in BoardReader::new(text.as_bytes(), Some(InputFormat::Ndjson), glyphs) {
        let entry = entry?;
        let verdict = verdict(&entry);
        let standing = answer.as_mut().map(|a| a.mark(&entry, verdict.as_ref()));
        let mut report = match &verdict {
            Some(verdict) => VerifyReport::from(verdict),
            None => unreadable(&entry),
        };
        if let Some(standing) = &standing {
            report.valid &= standing.fits;
            report.problems.extend(standing.note.clone());
        }
        lines.push(VerifyLine {
            index: entry.index,
            line: entry.line,
            report,
            repeat_of: standing.as_ref().and_then(|s| s.repeat_of),
            rank: standing.as_ref().and_then(|s| s.rank),
        });
    }
    Ok((lines, answer))
}

/// The check of a board read whole; none when it is no board at all.
fn verdict(entry: &Entry) -> Option<Verdict> {
    match entry.problems.is_empty() {
        true => check(entry.n, &entry.queens).ok(),
        false => None,
    }
}

/// A board the reader found wrong in shape: its problems, without the
/// line numbers of the text handed to the reader.
fn unreadable(entry: &Entry) -> VerifyReport {
    VerifyReport {
        n: entry.n,
        valid: false,
        attacking_pairs: 0,
        conflicts: vec![],
        problems: entry.problems.iter().map(|p| p.text.clone()).collect(),
    }
}

/// A board, as opposed to a row string or a column number.
fn is_board(item: &Bound<'_, PyAny>) -> bool {
    item.cast::<PyString>().is_err() && item.try_iter().is_ok()
}

/// The boards, one `ndjson` line each.
fn boards_text(boards: &[Bound<'_, PyAny>]) -> PyResult<String> {
    let mut text = String::new();
    for (index, board) in boards.iter().enumerate() {
        text += &board_line(board, index)?;
    }
    Ok(text)
}

/// One board as a line of `ndjson`: `{"board": rows}` or `{"columns": …}`.
fn board_line(board: &Bound<'_, PyAny>, index: usize) -> PyResult<String> {
    let what = format!("board {index}");
    if board.cast::<PyString>().is_ok() || !is_board(board) {
        let kind = board.get_type().name()?;
        return Err(PyTypeError::new_err(format!(
            "{what} must be a list of row strings or a sequence of columns, not {kind}"
        )));
    }
    let items = items(board, &what)?;
    let line = match items.first().map(|first| first.cast::<PyString>().is_ok()) {
        Some(true) => json!({ "board": rows(&items, &what)? }),
        _ => json!({ "columns": columns(&items, &what)? }),
    };
    Ok(line.to_string() + "\n")
}

fn rows(items: &[Bound<'_, PyAny>], what: &str) -> PyResult<Vec<String>> {
    let row = |(r, item): (usize, &Bound<'_, PyAny>)| {
        item.extract::<String>().map_err(|_| {
            PyTypeError::new_err(format!(
                "{what}: row {r} must be a str like the rows above it"
            ))
        })
    };
    items.iter().enumerate().map(row).collect()
}

fn columns(items: &[Bound<'_, PyAny>], what: &str) -> PyResult<Vec<u64>> {
    let column = |(r, item): (usize, &Bound<'_, PyAny>)| {
        args::whole_number(item, &format!("{what}: the column of row {r}"), 0, u64::MAX)
    };
    items.iter().enumerate().map(column).collect()
}
