//! `verify()` and `check_answer()`: boards from Python checked as the
//! `verify` command checks them. Each board is handed to the shared reader
//! as a line of `ndjson` (its rows as `board`, or its `columns`), so that
//! glyphs, widths and columns off the board are read and reported exactly
//! as on the command line.

use crate::args::{self, items, refuse_str};
use crate::checked::{AnswerCheck, Board, Failure};
use crate::wait::off_interpreter;
use nqueens::constraint::{verify as check, Verdict, ANSWER_MAX_N};
use nqueens_report::answer::{Answer, Standing};
use nqueens_report::constraint::VerifyReport;
use nqueens_report::read::{BoardReader, Entry, InputFormat};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyString;
use serde_json::json;

/// Checks one board, or each board of a list.
///
/// A board is a list of row strings (LeetCode's ``[".Q..", ...]``) or a
/// sequence of the queens' columns, row 0 first.
///
/// Parameters
/// ----------
/// board_or_boards : board or sequence of boards
///     What to check.
/// queen, empty : str, optional
///     The rows' glyphs, both or neither, as ``nqueens verify --queen CH
///     --empty CH`` (by default they are read from the boards).
///
/// Returns
/// -------
/// dict or list of dict
///     For each board: ``n``, ``valid``, ``attacking_pairs``, ``conflicts``
///     (each pair: its ``queens`` as (row, col) tuples from 0, the ``line``
///     they share, its ``value`` and the same in words, ``text``) and
///     ``problems`` (all else, in words); a list of them for a list.
///
/// Raises
/// ------
/// TypeError
///     When a board is neither rows nor columns.
/// ValueError
///     When a column is negative, or the glyphs cannot be told apart (the
///     message names the ``queen=``/``empty=`` that would).
///
/// Examples
/// --------
/// >>> nqueens.verify([".Q..", "...Q", "Q...", "..Q."])["valid"]
/// True
/// >>> nqueens.verify((0, 1))["conflicts"][0]["queens"]
/// [(0, 0), (1, 1)]
/// >>> [report["valid"] for report in nqueens.verify([(1, 3, 0, 2), (0, 1)])]
/// [True, False]
#[pyfunction]
#[pyo3(signature = (board_or_boards, *, queen=None, empty=None))]
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
    let boards: Vec<Board> = checked?.0.into_iter().map(|line| line.board).collect();
    match (one_board, boards.first()) {
        (true, Some(board)) => Ok(pythonize::pythonize(py, board)?),
        _ => Ok(pythonize::pythonize(py, &boards)?),
    }
}

/// Checks a whole answer for n against every solution of n.
///
/// As ``nqueens verify --all N`` does, numbering from 0: which boards are
/// not solutions, which repeat one named before (a repeat is valid, and
/// counted as a repeat), which solutions are missing, and with ``ordered``
/// whether they come in ``solutions(n)``'s order.
///
/// Parameters
/// ----------
/// n : int
///     The board size, 1 to 16.
/// boards : sequence of boards
///     The answer: boards as rows or as columns.
/// ordered : bool, default False
///     The boards must also come in lexicographic order.
///
/// Returns
/// -------
/// dict
///     ``boards``, ``valid``, ``invalid``, ``passed`` (exactly the solutions
///     of n, each once), ``answer`` (``solutions``, ``repeated``, ``missing``,
///     the first ten ``missing_first`` as column tuples, and with ``ordered``
///     the ``first_out_of_order_board_index``) and ``failures``: the
///     ``verify()`` dict of each board that does not fit, with its
///     ``board_index`` and, when known, ``repeat_of_board_index`` or
///     ``solution_index``.
///
/// Raises
/// ------
/// TypeError
///     When a board is neither rows nor columns.
/// ValueError
///     When n is out of range.
///
/// Examples
/// --------
/// >>> nqueens.check_answer(4, nqueens.solve_n_queens(4))["passed"]
/// True
/// >>> result = nqueens.check_answer(4, [(1, 3, 0, 2), (1, 3, 0, 2)])
/// >>> result["answer"]["missing_first"], result["failures"][0]["repeat_of_board_index"]
/// ([(2, 0, 3, 1)], 0)
#[pyfunction]
#[pyo3(signature = (n, boards, *, ordered=None), text_signature = "(n, boards, *, ordered=False)")]
pub fn check_answer<'py>(
    py: Python<'py>,
    n: &Bound<'py, PyAny>,
    boards: &Bound<'py, PyAny>,
    ordered: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let ordered = args::flag(ordered, "ordered")?;
    let why = "check_answer holds every solution of n, and n = 17 has 95,815,104";
    let n = args::whole_number(n, "n", 1, ANSWER_MAX_N as u64)
        .map_err(|err| args::explained(py, err, why))? as usize;
    refuse_str(boards, "boards")?;
    let text = boards_text(&items(boards, "boards")?)?;
    let checked = off_interpreter(py, move |_| {
        let answer = Answer::new(n, ordered).expect("n is at most ANSWER_MAX_N");
        read(&text, Some(answer), None)
    })?;
    let (lines, answer) = checked?;
    let answer = answer.expect("an answer was checked");
    let valid = lines.iter().filter(|line| line.board.valid).count() as u64;
    let boards = lines.len() as u64;
    let failures = lines
        .into_iter()
        .filter(|line| !line.fits)
        .map(Read::failure);
    let check = AnswerCheck::new(
        boards,
        valid,
        answer.exact(),
        answer.summary(),
        failures.collect(),
    );
    Ok(pythonize::pythonize(py, &check)?)
}

/// One board read and checked, and how it stands in the answer.
struct Read {
    index: u64,
    board: Board,
    /// A solution of n not named before (and in order, where asked).
    fits: bool,
    repeat_of: Option<u64>,
    rank: Option<usize>,
}

impl Read {
    fn failure(self) -> Failure {
        Failure {
            board_index: self.index,
            board: self.board,
            repeat_of_board_index: self.repeat_of,
            solution_index: self.rank,
        }
    }
}

/// Reads the boards of `text` and checks each, against `answer` when one
/// is given, by the glyphs named (else learned). A board's `valid` says
/// whether it is a solution (of the answer's n): a repeat is valid, and
/// only a repeat.
fn read(
    text: &str,
    mut answer: Option<Answer>,
    glyphs: Option<(String, String)>,
) -> PyResult<(Vec<Read>, Option<Answer>)> {
    let mut lines = Vec::new();
    let mut named = 0usize;
    for entry in BoardReader::new(text.as_bytes(), Some(InputFormat::Ndjson), glyphs) {
        let entry = entry.map_err(|err| crate::verify_glyphs::advised(&err))?;
        let verdict = verdict(&entry);
        let standing = answer.as_mut().map(|a| a.mark(&entry, verdict.as_ref()));
        let board = Board::from(match &verdict {
            Some(verdict) => VerifyReport::from(verdict),
            None => unreadable(&entry),
        });
        let mut read = Read {
            index: entry.index,
            fits: board.valid,
            board,
            repeat_of: None,
            rank: None,
        };
        if let Some(standing) = standing {
            read.fits = standing.fits;
            read.repeat_of = standing.repeat_of;
            read.rank = standing.rank;
            read.board.valid &= standing.is_solution_of_n();
            if let Some(problem) = problem(&standing, named) {
                read.board.note(problem);
            }
            named += usize::from(standing.rank.is_some());
        }
        lines.push(read);
    }
    Ok((lines, answer))
}

/// What is wrong with a board in the answer beyond its check, in words
/// that number from 0 as the fields do (the command line's own words
/// number boards from 1); `named` solutions came before it.
fn problem(standing: &Standing, named: usize) -> Option<String> {
    match (standing.repeat_of, standing.rank) {
        (Some(first), _) => Some(format!("repeats board {first}")),
        (None, Some(rank)) if !standing.fits => Some(format!(
            "out of order: it is solution {rank} of solutions(n), where {named} was expected"
        )),
        _ => standing.note.clone(),
    }
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
