//! `count()`, `total_n_queens()` and `stats()`: the engine's count job,
//! the one `nqueens count` and the web server run, off the interpreter
//! ([`crate::wait`]) so that other Python threads go on and Ctrl-C stops
//! it.

use crate::args::{self, any_board, value_error};
use crate::counts::Counts;
use crate::wait::{off_interpreter, KeepGoing, StopBetweenSolutions};
use nqueens::count::{
    CountJob, CountOutcome, JobDevice, MemoryLimit, Method, PreparedCount, Spelling, MAX_THREADS,
};
use nqueens::{Algorithm, Solution, Solver};
use nqueens_report::schema::{CountReport, StatsReport};
use nqueens_report::SHARDS_BY_THE_COMMAND_LINE;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::time::Instant;

/// Counts the solutions of the n×n board, total and unique.
///
/// The count job of ``nqueens count`` and the web server, so all three give
/// the same method, counts and nodes. The GIL is released while it counts,
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
/// device : str, default "cpu"
///     "cpu" or "auto" (this package opens no GPU: "gpu" is refused).
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
///     or fit in max_memory (in the job's own words, with a way out).
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
    text_signature = "(n, *, threads=None, method='auto', stats=False, shard=None, device='cpu', max_memory=None, checkpoint=None, progress=None)"
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
    let job = CountJob {
        method: method_asked(method)?,
        threads: threads_asked(threads)?,
        stats: args::flag(stats, "stats")?,
        shard: shard_asked(shard)?,
        device: JobDevice {
            choice: (args::text(device, "device", DEVICES, "cpu")?)
                .parse()
                .map_err(value_error)?,
            ..JobDevice::default()
        },
        max_memory: memory_asked(max_memory)?,
        ..CountJob::new(any_board(n)?)
    };
    // A checkpoint, a shard or progress: the long counts' own module.
    if crate::long_count::wanted(&job, checkpoint, progress) {
        return crate::long_count::count(py, job, checkpoint, progress);
    }
    Ok(Bound::new(py, Counts::of(counted(py, job)?)?)?.into_any())
}

/// `python -m nqueens count`: `count()` on the CPU, whose refusal of a
/// count over its memory advises the flags that command takes
/// (`--max-memory 33M`, `--method backtrack`), not keyword arguments.
#[pyfunction]
#[pyo3(name = "_cli_count", signature = (n, *, threads=None, method=None, max_memory=None))]
pub fn cli_count(
    py: Python<'_>,
    n: &Bound<'_, PyAny>,
    threads: Option<&Bound<'_, PyAny>>,
    method: Option<&Bound<'_, PyAny>>,
    max_memory: Option<&Bound<'_, PyAny>>,
) -> PyResult<Counts> {
    let job = CountJob {
        method: method_asked(method)?,
        threads: threads_asked(threads)?,
        max_memory: memory_asked(max_memory)?.map(|limit| limit.spelled(Spelling::Flags)),
        ..CountJob::new(any_board(n)?)
    };
    Counts::of(counted(py, job)?)
}

/// What `device=` takes.
const DEVICES: &str = "\"cpu\" or \"auto\"";

/// `method=`: a method's name, or "auto" (none named).
fn method_asked(method: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Method>> {
    Method::parse_choice(&args::text(method, "method", &method_allowed(), "auto")?)
        .map_err(value_error)
}

/// `method=`'s choices, in words.
fn method_allowed() -> String {
    format!("one of {}", method_choices().join(", "))
}

/// `shard=`: "I/K" (which the job then refuses), or none.
fn shard_asked(shard: Option<&Bound<'_, PyAny>>) -> PyResult<Option<nqueens::count::Shard>> {
    match shard {
        Some(shard) if !shard.is_none() => {
            let text = args::text(Some(shard), "shard", "\"I/K\" or None", "")?;
            text.parse().map(Some).map_err(value_error)
        }
        _ => Ok(None),
    }
}

/// `auto` and every counting method's name, as `count(method=...)` takes
/// them: the engine's own list.
pub fn method_choices() -> Vec<&'static str> {
    let names = Method::ALL.iter().map(|method| method.name());
    std::iter::once("auto").chain(names).collect()
}

/// The memory every count may take unless told otherwise.
///
/// Half this machine's memory: the command line's and the server's default
/// too.
///
/// Returns
/// -------
/// int or None
///     Bytes, or None where the machine's memory is not known.
///
/// Examples
/// --------
/// >>> limit = nqueens.default_max_memory()
/// >>> limit is None or limit > 2**20
/// True
#[pyfunction]
pub fn default_max_memory() -> Option<u64> {
    MemoryLimit::half_machine().map(|limit| limit.bytes)
}

/// `max_memory=`: bytes, at least a mebibyte, as an int, a float
/// (`1.5 * 2**30`, rounded down) or a size as the command line takes it
/// (`"8G"`); none for the default. A refusal's advice is spelled as
/// keyword arguments.
pub(crate) fn memory_asked(bytes: Option<&Bound<'_, PyAny>>) -> PyResult<Option<MemoryLimit>> {
    let limit = match bytes {
        Some(bytes) if !bytes.is_none() => {
            Some(MemoryLimit::process(memory_bytes(bytes)?, "max_memory"))
        }
        _ => MemoryLimit::half_machine(),
    };
    Ok(limit.map(|limit| limit.spelled(Spelling::Keywords)))
}

/// The bytes `max_memory=` names.
fn memory_bytes(value: &Bound<'_, PyAny>) -> PyResult<u64> {
    if let Ok(text) = value.extract::<String>() {
        let shown = value.repr()?;
        return nqueens::count::parse_memory(&text)
            .map_err(|why| PyValueError::new_err(format!("max_memory={shown}: {why}")));
    }
    if value.cast::<pyo3::types::PyFloat>().is_err() {
        return args::whole_number(value, "max_memory", 1 << 20, u64::MAX);
    }
    let bytes: f64 = value.extract()?;
    match bytes.is_finite() && bytes >= (1u64 << 20) as f64 && bytes < u64::MAX as f64 {
        true => Ok(bytes as u64),
        false => Err(PyValueError::new_err(format!(
            "max_memory must be at least 1 MiB (1048576 bytes, as an int, a float or a size \
             such as \"8G\"), not {}",
            value.repr()?
        ))),
    }
}

/// The report of `job`, run off the interpreter.
fn counted(py: Python<'_>, job: CountJob) -> PyResult<CountReport> {
    let started = Instant::now();
    let job = CountJob {
        threads: Some(job.threads.unwrap_or_else(every_core)),
        ..job
    };
    let prepared = job.prepare().map_err(value_error)?;
    if !prepared.whole() {
        return Err(PyValueError::new_err(SHARDS_BY_THE_COMMAND_LINE));
    }
    let outcome = off_interpreter(py, move |keep_going| {
        let outcome = run(&prepared, keep_going);
        (prepared, outcome)
    })?;
    let (prepared, outcome) = outcome;
    crate::trim::drop_memory(prepared.plan().size().get());
    if !outcome.complete {
        return Err(PyValueError::new_err("the count was stopped"));
    }
    let seconds = started.elapsed().as_secs_f64();
    let summary = prepared.report(outcome, seconds).map_err(value_error)?;
    Ok(CountReport::from(summary))
}

/// Runs the whole job, unless the caller gives up (then nobody reads it).
fn run(prepared: &PreparedCount, keep_going: &KeepGoing) -> CountOutcome {
    prepared.run(&[], keep_going.flag(), &|_| {})
}

/// One thread per core, as rayon's global pool would have, but in a pool
/// of the count's own: a process forked after a count on the global pool
/// (`ProcessPoolExecutor` on Linux) inherits the pool without its
/// threads, and its own counts would wait for them forever.
fn every_core() -> usize {
    std::thread::available_parallelism().map_or(1, |cores| cores.get().min(MAX_THREADS))
}

/// The threads asked for, or none for every core.
pub(crate) fn threads_asked(threads: Option<&Bound<'_, PyAny>>) -> PyResult<Option<usize>> {
    match threads {
        Some(threads) if !threads.is_none() => {
            let threads = args::whole_number(threads, "threads", 1, MAX_THREADS as u64)?;
            Ok(Some(threads as usize))
        }
        _ => Ok(None),
    }
}

/// LeetCode 52: the number of solutions of the n×n board (OEIS A000170).
///
/// Counted on every core by the count job of ``count()``, without holding
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
    Ok(counted(py, CountJob::new(any_board(n)?))?.total)
}

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
    let size = any_board(n)?;
    let solver = args::algorithm_arg(algorithm, "bitmask")?
        .on(size)
        .map_err(value_error)?;
    let method = args::text(method, "method", &method_allowed(), "auto")?;
    let method = crate::methods::stats_method(&method, solver.algorithm())?;
    if solver.algorithm() == Algorithm::Bitmask {
        let job = CountJob {
            method,
            stats: true,
            ..CountJob::new(size)
        };
        let report = counted(py, job)?;
        return Ok(pythonize::pythonize(py, &report.stats)?);
    }
    let report = off_interpreter(py, move |keep_going| search_stats(&solver, keep_going))?;
    match report {
        Some(report) => Ok(pythonize::pythonize(py, &report)?),
        None => Err(PyValueError::new_err("the search was stopped")),
    }
}

/// A teaching algorithm's statistics; none when stopped early.
fn search_stats(solver: &Solver, keep_going: &KeepGoing) -> Option<StatsReport> {
    let stats = solver.enumerate(StopBetweenSolutions {
        going: || keep_going.get(),
        solution: |_: &Solution| true,
    });
    stats
        .ok()
        .filter(|_| keep_going.get())
        .map(StatsReport::of_search)
}
