//! `complete()`: a board completed around given queens and blocked
//! squares, by the search of `nqueens complete` and `POST /api/complete`.

use crate::args::{self, items, refuse_str, value_error};
use crate::pictures::Board;
use crate::wait::off_interpreter;
use nqueens::constraint::{complete as search, Completion, Partial, COMPLETE_MAX_N};
use nqueens::Square;
use nqueens_report::constraint::conflict_text;
use pyo3::exceptions::{PyTimeoutError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use std::time::{Duration, Instant};

/// The attacking pairs a refusal names; a hostile board may have
/// millions.
const NAMED: usize = 10;

#[pyfunction]
#[pyo3(signature = (n, queens=None, blocked=None, *, timeout=None))]
/// Completes a board around given queens, keeping off blocked squares.
///
/// The search of ``nqueens complete`` (and of the server's ``POST
/// /api/complete``): it fills the open row with the fewest free squares
/// first. Completing a board is NP-complete: most boards take
/// milliseconds, a few take long, and `timeout` bounds them. The GIL is
/// released while it searches, and Ctrl-C stops it.
///
/// Parameters
/// ----------
/// n : int
///     The board size, from 0 to 64.
/// queens : iterable of (int, int), optional
///     The queens that stand, as (row, column) pairs from 0.
/// blocked : iterable of (int, int), optional
///     The squares no queen may take, as (row, column) pairs.
/// timeout : float, optional
///     Give up after this many seconds (None: search until done).
///
/// Returns
/// -------
/// Board or None
///     The column of each row's queen, given queens included (a `Board`,
///     equal to the tuple of its columns); None when no solution keeps the
///     queens and avoids the blocked squares.
///
/// Raises
/// ------
/// ValueError
///     When given queens attack each other (the pairs are named), a square
///     is off the board or given twice, or a queen is on a blocked square.
/// TypeError
///     When a square is not a pair of ints.
/// TimeoutError
///     When `timeout` ran out first.
///
/// Examples
/// --------
/// >>> nqueens.complete(4, queens=[(0, 1)])
/// Board((1, 3, 0, 2))
/// >>> nqueens.complete(4, queens=[(0, 0)]) is None
/// True
/// >>> nqueens.complete(8, blocked=[(0, c) for c in range(4)])[0]
/// 4
pub fn complete(
    py: Python<'_>,
    n: &Bound<'_, PyAny>,
    queens: Option<&Bound<'_, PyAny>>,
    blocked: Option<&Bound<'_, PyAny>>,
    timeout: Option<&Bound<'_, PyAny>>,
) -> PyResult<Option<Board>> {
    let timeout = match timeout.filter(|t| !t.is_none()) {
        Some(timeout) => Some(args::seconds(timeout, "timeout")?),
        None => None,
    };
    let n = args::whole_number(n, "n", 0, COMPLETE_MAX_N as u64)? as usize;
    let partial = partial(n, squares(queens, "queens")?, squares(blocked, "blocked")?)?;
    let limit = deadline(timeout)?;
    let started = Instant::now();
    let found = off_interpreter(py, move |keep_going| {
        let give_up = || !keep_going.get() || limit.is_some_and(|l| started.elapsed() >= l);
        search(&partial, &give_up)
    })?;
    match found {
        Completion::Found(columns) => Ok(Some(Board::of(columns))),
        Completion::Impossible => Ok(None),
        Completion::Conflicts(pairs) => {
            let named: Vec<String> = pairs.iter().take(NAMED).map(conflict_text).collect();
            let more = match pairs.len() > NAMED {
                true => format!(" (and {} more pairs)", pairs.len() - NAMED),
                false => String::new(),
            };
            Err(PyValueError::new_err(format!(
                "the given queens attack each other, so no completion keeps them: {}{more}",
                named.join("; ")
            )))
        }
        Completion::GaveUp => Err(PyTimeoutError::new_err(format!(
            "no completion found within timeout={} s: completing a board is NP-complete \
             and this one is hard; give a longer timeout",
            timeout.unwrap_or_default()
        ))),
    }
}

/// The board to complete, checked: an error names the list at fault.
fn partial(n: usize, queens: Vec<Square>, blocked: Vec<Square>) -> PyResult<Partial> {
    let fault = |what: &'static str| move |err| PyValueError::new_err(format!("{what}: {err}"));
    Partial::new(n, queens.clone(), vec![]).map_err(fault("queens"))?;
    Partial::new(n, vec![], blocked.clone()).map_err(fault("blocked"))?;
    Partial::new(n, queens, blocked).map_err(value_error)
}

/// `timeout=`: a positive number of seconds, or none.
fn deadline(timeout: Option<f64>) -> PyResult<Option<Duration>> {
    match timeout {
        None => Ok(None),
        Some(seconds) if seconds > 0.0 && seconds.is_finite() => {
            Ok(Some(Duration::from_secs_f64(seconds.min(1e9))))
        }
        Some(seconds) => Err(PyValueError::new_err(format!(
            "timeout must be a positive number of seconds, not {seconds}"
        ))),
    }
}

/// The squares of `what`: (row, column) pairs of whole numbers.
pub fn squares(value: Option<&Bound<'_, PyAny>>, what: &str) -> PyResult<Vec<Square>> {
    let Some(value) = value.filter(|v| !v.is_none()) else {
        return Ok(Vec::new());
    };
    refuse_str(value, what)?;
    let square = |(index, pair): (usize, &Bound<'_, PyAny>)| {
        let name = format!("{what}[{index}]");
        let parts = match pair.cast::<pyo3::types::PyString>() {
            Ok(_) => None,
            Err(_) => items(pair, &name).ok().filter(|p| p.len() == 2),
        };
        let Some(parts) = parts else {
            let kind = pair.get_type().name()?;
            return Err(PyTypeError::new_err(format!(
                "{name} must be a (row, column) pair, not {kind}"
            )));
        };
        let row = args::whole_number(&parts[0], &format!("{name}'s row"), 0, u64::MAX)?;
        let col = args::whole_number(&parts[1], &format!("{name}'s column"), 0, u64::MAX)?;
        Ok(Square {
            row: row as usize,
            col: col as usize,
        })
    };
    items(value, what)?.iter().enumerate().map(square).collect()
}
