//! `stats()`: what a whole search does, by any algorithm: the count
//! request's statistics, resolved and run as `nqueens count --stats`
//! runs them (the bitmask algorithm's by plan, the others by
//! enumerating), off the interpreter so that Ctrl-C stops it.

use crate::args::{self, any_board, value_error};
use crate::count_args::{method_allowed, refused};
use crate::counting::counted;
use crate::wait::{off_interpreter, StopBetweenSolutions};
use nqueens::count::{enumerate_count, CountRequest, DeviceChoice, Method, Resolved};
use nqueens::Solution;
use nqueens_report::refusal::Keywords;
use nqueens_report::schema::StatsReport;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// What a whole search does, as ``nqueens count N --stats --json`` reports it.
///
/// ``nodes`` (the root and every queen placed) and their ``profile`` by
/// depth, squares ``tested``, squares ``rejected`` by their first reason
/// (``column``, ``diagonal``, ``anti_diagonal``), ``dead_ends`` and
/// ``solutions``, the boards the search itself reached. For bitmask the
/// search is the symmetric one: it reaches about one board of each mirror
/// pair (16 at n = 8, of 92: ``count()`` gives the totals), and ``units``,
/// ``plain_tree_nodes`` and ``fraction_of_plain_tree`` say how much of the
/// whole tree it visited (``method="plain"``: all of it, every solution
/// reached). Ctrl-C stops it.
///
/// Parameters
/// ----------
/// n : int
///     The board size, 0 to 32.
/// algorithm : str, default "bitmask"
///     One of permutations, naive, sets, arrays, bitmask.
/// method : str, default "auto"
///     For bitmask, the counting method as ``count(method=...)`` takes it:
///     "plain" searches the whole tree (2,057 nodes at n = 8), "backtrack"
///     (what auto takes) its symmetric part; the join has no tree.
///
/// Returns
/// -------
/// dict
///     The statistics (``Stats`` in the stub).
///
/// Raises
/// ------
/// TypeError
///     When an argument is of the wrong type.
/// ValueError
///     When n is out of range or the algorithm unknown.
///
/// Examples
/// --------
/// >>> nqueens.stats(8, "sets")["nodes"]
/// 2057
/// >>> nqueens.stats(6, "sets")["solutions"]
/// 4
/// >>> nqueens.stats(8, method="plain")["nodes"]
/// 2057
/// >>> nqueens.stats(8)["solutions"], nqueens.stats(8, method="plain")["solutions"]
/// (16, 92)
#[pyfunction]
#[pyo3(signature = (n, algorithm=None, *, method=None), text_signature = "(n, algorithm='bitmask', *, method='auto')")]
pub fn stats<'py>(
    py: Python<'py>,
    n: &Bound<'py, PyAny>,
    algorithm: Option<&Bound<'py, PyAny>>,
    method: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let method = args::text(method, "method", &method_allowed(), "auto")?;
    let request = CountRequest {
        algorithm: args::algorithm_arg(algorithm, "bitmask")?,
        method: Method::parse_choice(&method).map_err(value_error)?,
        stats: true,
        device: DeviceChoice::Cpu,
        ..CountRequest::new(any_board(n)?)
    };
    let Resolved::Enumerate { solver, .. } =
        request.resolve().map_err(|e| refused(e, &Keywords))?
    else {
        let report = counted(py, &request, &Keywords)?;
        return Ok(pythonize::pythonize(py, &report.stats)?);
    };
    let counted = off_interpreter(py, move |keep_going| {
        let going = StopBetweenSolutions {
            going: || keep_going.get(),
            solution: |_: &Solution| true,
        };
        enumerate_count(&solver, going)
    })?;
    match counted {
        Ok(counted) if counted.complete => Ok(pythonize::pythonize(
            py,
            &StatsReport::of_search(counted.search),
        )?),
        _ => Err(PyValueError::new_err("the search was stopped")),
    }
}
