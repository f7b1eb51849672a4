//! `count()` and `total_n_queens()`: the engine's count request,
//! resolved by its rules and run by its one loop, as `nqueens count` and
//! the web server run it, off the interpreter ([`crate::wait`]) so that
//! other Python threads go on and Ctrl-C stops it.

use crate::args::{any_board, value_error};
use crate::count_args::{device_asked, memory_asked, method_asked, refused, resolved};
use crate::count_args::{shard_asked, threads_asked};
use crate::counts::Counts;
use crate::wait::{off_interpreter, KeepGoing};
use nqueens::count::{CountError, CountRequest, CountSink, Devices, RefusalWords};
use nqueens_report::refusal::{Flags, Keywords};
use nqueens_report::schema::CountReport;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// Counts the solutions of the n×n board, total and unique.
///
/// The count request of ``nqueens count`` and the web server, resolved by
/// the same rules and run by the same loop, so all three give the same
/// method, counts, nodes and refusals. The GIL is released while it counts,
/// so other threads go on, and Ctrl-C raises KeyboardInterrupt within a second and
/// stops the workers.
///
/// Parameters
/// ----------
/// n : int
///     The board size, 0 to 32.
/// threads : int, optional
///     Worker threads, 1 to 1024 (default: one per core).
/// method : str, default "auto"
///     One of ``METHODS``: backtrack (one board of each symmetry class,
///     about), plain (the whole tree), join (half boards joined by their
///     diagonals, n up to 27), or auto, the fastest for n.
/// stats : bool, default False
///     Add the statistics of every node (as ``stats()``).
/// shard : str, optional
///     "I/K": count that shard of the plan alone; its record (a dict that
///     ``nqueens merge`` adds up with the others) is returned.
/// checkpoint : str or path, optional
///     A file that keeps every finished unit: run again with the same file,
///     the count goes on where it stopped.
/// progress : callable or True, optional
///     Called as ``progress(done, units)`` as units finish (at most about
///     every 0.1 s); True shows a ``tqdm`` bar.
/// device : str, default "auto"
///     One of ``DEVICES``: "auto" (a real GPU where one is faster; this
///     package opens none, so the CPU), "cpu", or "gpu" (refused here).
/// max_memory : int, float or str, optional
///     The most bytes the process may take, at least 1 MiB: a number, or a
///     size as the command line takes it ("8G", "512MiB") (default:
///     ``default_max_memory()``, half the machine's).
///
/// Returns
/// -------
/// Counts or dict
///     The counts, with the fields of ``nqueens count --json``; for a shard,
///     its record.
///
/// Raises
/// ------
/// TypeError
///     When an argument is of the wrong type; the message names it.
/// ValueError
///     When an argument is out of range, or what was asked cannot go together
///     or fit in max_memory (in the count request's own words, with a way out).
///
/// Examples
/// --------
/// >>> c = nqueens.count(12)
/// >>> (c.total, c.unique)
/// (14200, 1787)
/// >>> nqueens.count(10, method="plain").method
/// 'plain'
#[pyfunction]
#[pyo3(
    signature = (n, *, threads=None, method=None, stats=None, shard=None, device=None, max_memory=None, checkpoint=None, progress=None),
    text_signature = "(n, *, threads=None, method='auto', stats=False, shard=None, device='auto', max_memory=None, checkpoint=None, progress=None)"
)]
#[allow(clippy::too_many_arguments)]
pub fn count<'py>(
    py: Python<'py>,
    n: &Bound<'py, PyAny>,
    threads: Option<&Bound<'py, PyAny>>,
    method: Option<&Bound<'py, PyAny>>,
    stats: Option<&Bound<'py, PyAny>>,
    shard: Option<&Bound<'py, PyAny>>,
    device: Option<&Bound<'py, PyAny>>,
    max_memory: Option<&Bound<'py, PyAny>>,
    checkpoint: Option<&Bound<'py, PyAny>>,
    progress: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let request = CountRequest {
        method: method_asked(method)?,
        threads: threads_asked(threads)?,
        stats: crate::args::flag(stats, "stats")?,
        shard: shard_asked(shard)?,
        device: device_asked(device)?,
        max_memory: memory_asked(max_memory)?,
        ..CountRequest::new(any_board(n)?)
    };
    // A checkpoint, a shard or progress: the long counts' own module.
    if crate::long_count::wanted(&request, checkpoint, progress) {
        return crate::long_count::count(py, request, checkpoint, progress);
    }
    let report = counted(py, &request, &Keywords)?;
    Ok(Bound::new(py, Counts::of(report)?)?.into_any())
}

/// `python -m nqueens count`: `count()`, whose refusal of a count over
/// its memory advises the flags that command takes (`--max-memory 33M`,
/// `--method backtrack`), not keyword arguments.
#[pyfunction]
#[pyo3(name = "_cli_count", signature = (n, *, threads=None, method=None, max_memory=None))]
pub fn cli_count(
    py: Python<'_>,
    n: &Bound<'_, PyAny>,
    threads: Option<&Bound<'_, PyAny>>,
    method: Option<&Bound<'_, PyAny>>,
    max_memory: Option<&Bound<'_, PyAny>>,
) -> PyResult<Counts> {
    let request = CountRequest {
        method: method_asked(method)?,
        threads: threads_asked(threads)?,
        max_memory: memory_asked(max_memory)?,
        ..CountRequest::new(any_board(n)?)
    };
    Counts::of(counted(py, &request, &Flags)?)
}

/// A run that goes on while the caller waits: Ctrl-C stops it.
pub struct Waiting<'a>(pub &'a KeepGoing);

impl CountSink for Waiting<'_> {
    type Error = CountError;

    fn going(&self) -> bool {
        self.0.get()
    }
}

/// The report of `request`, run off the interpreter.
pub fn counted(
    py: Python<'_>,
    request: &CountRequest,
    words: &dyn RefusalWords,
) -> PyResult<CountReport> {
    let resolved = resolved(request, words)?;
    let n = resolved.size().get();
    let end = off_interpreter(py, move |keep_going| {
        resolved.run(&Devices::default(), &mut Waiting(keep_going))
    })?;
    crate::trim::drop_memory(n);
    let end = end.map_err(|err| refused(err, words))?;
    if !end.outcome.complete {
        return Err(PyValueError::new_err("the count was stopped"));
    }
    Ok(CountReport::from(end.summary().map_err(value_error)?))
}

/// LeetCode 52: the number of solutions of the n×n board (OEIS A000170).
///
/// Counted on every core by the count request of ``count()``, without holding
/// the GIL; Ctrl-C raises KeyboardInterrupt.
///
/// Parameters
/// ----------
/// n : int
///     The board size, 0 to 32.
///
/// Returns
/// -------
/// int
///     The number of solutions.
///
/// Raises
/// ------
/// TypeError
///     When n is not an int.
/// ValueError
///     When n is out of range, or the count does not fit in memory.
///
/// Examples
/// --------
/// >>> nqueens.total_n_queens(8)
/// 92
#[pyfunction]
pub fn total_n_queens(py: Python<'_>, n: &Bound<'_, PyAny>) -> PyResult<u128> {
    Ok(counted(py, &CountRequest::new(any_board(n)?), &Keywords)?.total)
}
