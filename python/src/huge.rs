//! `one()` and `random()`: one solution of a board too large to search,
//! by the explicit construction or by min-conflicts — `nqueens one` and
//! `nqueens random`. The board comes back as a `Board`, which keeps its
//! columns packed (4 bytes a row) rather than as millions of Python ints.

use crate::args::{self, value_error};
use crate::pictures::Board;
use crate::wait::off_interpreter;
use nqueens::huge::{construct, random_solution, ONE_MAX_N, RANDOM_MAX_N};
use pyo3::prelude::*;
use std::time::{SystemTime, UNIX_EPOCH};

#[pyfunction]
/// One solution of the n×n board, for n up to a hundred million.
///
/// The closed-form construction of ``nqueens one``: O(n), about a second
/// for a hundred million rows. The GIL is released while it builds.
///
/// Parameters
/// ----------
/// n : int
///     The board size, from 0 to 100000000 (boards of 2 and 3 have no
///     solution).
///
/// Returns
/// -------
/// Board
///     The column of each row's queen, row 0 first.
///
/// Raises
/// ------
/// ValueError
///     When `n` is out of range, or 2 or 3.
///
/// Examples
/// --------
/// >>> nqueens.one(8)
/// Board((1, 3, 5, 7, 2, 0, 6, 4))
/// >>> board = nqueens.one(1_000_000)
/// >>> len(board), board.valid
/// (1000000, True)
pub fn one(py: Python<'_>, n: &Bound<'_, PyAny>) -> PyResult<Board> {
    let n = args::whole_number(n, "n", 0, ONE_MAX_N as u64)? as usize;
    let built = off_interpreter(py, move |_| construct(n))?;
    Ok(Board::of(built.map_err(value_error)?))
}

#[pyfunction]
#[pyo3(signature = (n, *, seed=None))]
/// A random solution of the n×n board, for n up to ten million.
///
/// The min-conflicts search of ``nqueens random``: a greedy start, then
/// queens swapped while that removes attacks. The same `seed` gives the
/// same board on every machine; a million rows take about a tenth of a
/// second. The GIL is released while it searches, and Ctrl-C stops it.
///
/// Parameters
/// ----------
/// n : int
///     The board size, from 0 to 10000000 (boards of 2 and 3 have no
///     solution).
/// seed : int, optional
///     From 0 to 2**64 - 1; None takes one from the clock.
///
/// Returns
/// -------
/// Board
///     The column of each row's queen, row 0 first.
///
/// Raises
/// ------
/// ValueError
///     When `n` or `seed` is out of range, or `n` is 2 or 3.
///
/// Examples
/// --------
/// >>> board = nqueens.random(1000, seed=7)
/// >>> board.valid, board == nqueens.random(1000, seed=7)
/// (True, True)
pub fn random(
    py: Python<'_>,
    n: &Bound<'_, PyAny>,
    seed: Option<&Bound<'_, PyAny>>,
) -> PyResult<Board> {
    let n = args::whole_number(n, "n", 0, RANDOM_MAX_N as u64)? as usize;
    let seed = match seed {
        Some(seed) if !seed.is_none() => args::whole_number(seed, "seed", 0, u64::MAX)?,
        _ => clock_seed(),
    };
    let found = off_interpreter(py, move |keep_going| {
        random_solution(n, seed, &mut |_| keep_going.get())
    })?;
    // Only Ctrl-C stops the search, and then its interrupt is raised.
    found.map(Board::of).map_err(value_error)
}

/// A seed from the clock, for a call that gave none.
fn clock_seed() -> u64 {
    let since = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default();
    since.as_nanos() as u64
}
