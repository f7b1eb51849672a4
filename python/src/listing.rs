//! `listing()`: an algorithm's code, the lines a trace's `line` numbers.

use crate::args;
use nqueens::Listing;
use pyo3::prelude::*;

/// The algorithm's code as the tutorials write it, in Python, line by line.
///
/// The code runs (``solve(n)`` returns every solution); the ``line`` of each
/// ``trace()`` step numbers these lines from 1.
///
/// Parameters
/// ----------
/// algorithm : str, default "sets"
///     One of permutations, naive, sets, arrays, bitmask.
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
///     When the algorithm is unknown.
///
/// Examples
/// --------
/// >>> nqueens.listing("bitmask")[9].strip()
/// 'free = full & ~(cols | diag | anti)'
#[pyfunction]
#[pyo3(signature = (algorithm=None), text_signature = "(algorithm='sets')")]
pub fn listing(algorithm: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<&'static str>> {
    Ok(Listing::of(args::algorithm_arg(algorithm, "sets")?)
        .lines()
        .to_vec())
}
