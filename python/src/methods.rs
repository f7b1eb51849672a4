//! `stats(method=...)`: the counting method a statistics run takes, by
//! the command line's rule (`nqueens count --stats --method M`).

use crate::args::value_error;
use nqueens::count::Method;
use nqueens::Algorithm;
use pyo3::exceptions::PyValueError;
use pyo3::PyResult;

/// The method named for the bitmask search's statistics, none for `auto`
/// (the count job resolves it: backtracking, since statistics need a
/// search tree). The enumerating algorithms take no method.
pub fn stats_method(name: &str, algorithm: Algorithm) -> PyResult<Option<Method>> {
    let method = Method::parse_choice(name).map_err(value_error)?;
    match (method, algorithm) {
        (Some(_), algorithm) if algorithm != Algorithm::Bitmask => {
            Err(PyValueError::new_err(format!(
                "method={name:?} applies to the bitmask algorithm's counts: \
                 {algorithm} counts by enumerating"
            )))
        }
        _ => Ok(method),
    }
}
