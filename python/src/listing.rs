//! `listing()`: an algorithm's code, the lines a trace's `line` numbers, or
//! the same search in the tutorials' names.

use crate::args;
use nqueens::Listing;
use pyo3::prelude::*;

/// The algorithm's code in Python, line by line.
///
/// The code runs (``solve(n)`` returns every solution); the ``line`` of each
/// ``trace()`` step numbers these lines from 1. With ``style="tutorial"``,
/// the same search in the tutorials' names (LeetCode's ``solve_n_queens``
/// and ``dfs(r)``, the diagonals ``d1`` and ``d2``; bitmask's is the
/// count-only ``total_n_queens(n)``), which takes the same steps.
///
/// Parameters
/// ----------
/// algorithm : str, default "sets"
///     One of permutations, naive, sets, arrays, bitmask.
/// style : str, default "page"
///     One of page, tutorial.
///
/// Returns
/// -------
/// list of str
///     The lines.
///
/// Raises
/// ------
/// TypeError
///     When algorithm is not a str.
/// ValueError
///     When the algorithm or style is unknown.
///
/// Examples
/// --------
/// >>> nqueens.listing("bitmask")[9].strip()
/// 'free = full & ~(cols | diag | anti)'
/// >>> nqueens.listing("bitmask", style="tutorial")[0]
/// 'def total_n_queens(n):'
#[pyfunction]
#[pyo3(signature = (algorithm=None, *, style=None), text_signature = "(algorithm='sets', *, style='page')")]
pub fn listing(
    algorithm: Option<&Bound<'_, PyAny>>,
    style: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<&'static str>> {
    let algorithm = args::algorithm_arg(algorithm, "sets")?;
    Ok(Listing::styled(algorithm, args::code_style_arg(style)?)
        .lines()
        .to_vec())
}
