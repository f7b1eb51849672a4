//! `listing()`: an algorithm's code, the lines a trace's `line` numbers.

use crate::args;
use nqueens::Listing;
use pyo3::prelude::*;

#[pyfunction]
#[pyo3(signature = (algorithm=None), text_signature = "(algorithm='sets')")]
/// The algorithm's code as the tutorials write it, in Python, one string
/// per line: the `line` of each `trace()` step is its number from 1.
pub fn listing(algorithm: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<&'static str>> {
    Ok(Listing::of(args::algorithm(algorithm, "sets")?)
        .lines()
        .to_vec())
}
