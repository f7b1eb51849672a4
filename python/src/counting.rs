//! `count()`, `total_n_queens()` and `stats()`: the engine's count job,
//! the one `nqueens count` and the web server run, off the interpreter
//! ([`crate::wait`]) so that other Python threads go on and Ctrl-C stops
//! it.

use crate::args::{self, any_board, value_error};
use crate::wait::{off_interpreter, KeepGoing};
use nqueens::count::{
    CountJob, CountOutcome, JobDevice, MemoryLimit, Method, PreparedCount, Spelling, MAX_THREADS,
};
use nqueens::{from_fn, Algorithm, Solver};
use nqueens_report::schema::{CountReport, StatsReport};
use nqueens_report::SHARDS_BY_THE_COMMAND_LINE;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::time::Instant;

/// A board's counts, as `nqueens count --json` gives them: the report
/// every front end makes of the count job's summary.
#[pyclass(module = "nqueens", frozen)]
#[derive(Debug)]
pub struct Counts(pub(crate) CountReport);

#[pymethods]
impl Counts {
    /// The board size.
    #[getter]
    fn n(&self) -> usize {
        self.0.n
    }

    /// All solutions (OEIS A000170).
    #[getter]
    fn total(&self) -> u128 {
        self.0.total
    }

    /// Solutions up to rotation and reflection (OEIS A002562).
    #[getter]
    fn unique(&self) -> u128 {
        self.0.unique
    }

    /// Search nodes visited.
    #[getter]
    fn nodes(&self) -> u128 {
        self.0.nodes
    }

    /// Wall-clock seconds the count took.
    #[getter]
    fn seconds(&self) -> f64 {
        self.0.seconds
    }

    /// Worker threads it ran on.
    #[getter]
    fn threads(&self) -> usize {
        self.0.threads
    }

    /// The counting method it ran by.
    #[getter]
    fn method(&self) -> String {
        self.0.method.clone().unwrap_or_default()
    }

    /// The most memory the process had held when the count ended, in
    /// bytes (Linux; None elsewhere).
    #[getter]
    fn peak_bytes(&self) -> Option<u64> {
        self.0.peak_bytes
    }

    /// The statistics of every node, when asked for (`stats=True`).
    #[getter]
    fn stats<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(pythonize::pythonize(py, &self.0.stats)?)
    }

    /// The fields of `nqueens count --json`, as a dict.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(pythonize::pythonize(py, &self.0)?)
    }

    fn __repr__(&self) -> String {
        let report = &self.0;
        format!(
            "Counts(n={}, total={}, unique={}, nodes={}, seconds={:.3}, threads={}, method='{}')",
            report.n,
            report.total,
            report.unique,
            report.nodes,
            report.seconds,
            report.threads,
            self.method()
        )
    }
}

#[pyfunction]
#[pyo3(signature = (n, *, threads=None, method="auto", stats=None, shard=None, device="cpu", max_memory=None, checkpoint=None, progress=None))]
/// Counts the solutions of the n×n board, total and unique, on `threads`
/// threads (default: every core) by `method` (one of `METHODS`; auto is
/// the fastest for the board, as in `nqueens count`), as the count job of
/// every front end: `stats=True` adds the statistics of every node,
/// `shard="I/K"` counts that shard and gives its record (a dict, which
/// `nqueens merge` adds up), `checkpoint` keeps finished units in a file
/// and `progress` is told the units done (see [`crate::long_count`]),
/// `device` is "cpu" or
/// "auto" (this package opens no GPU: "gpu" is refused), and `max_memory`
/// bounds the bytes the process may take (default: half the machine's,
/// `default_max_memory()`). What cannot go together is refused with
/// ValueError in the job's own words. The GIL is released while it
/// counts, and Ctrl-C raises KeyboardInterrupt within a second.
#[allow(clippy::too_many_arguments)]
pub fn count<'py>(
    py: Python<'py>,
    n: &Bound<'_, PyAny>,
    threads: Option<&Bound<'_, PyAny>>,
    method: &str,
    stats: Option<&Bound<'_, PyAny>>,
    shard: Option<&str>,
    device: &str,
    max_memory: Option<&Bound<'py, PyAny>>,
    checkpoint: Option<&Bound<'py, PyAny>>,
    progress: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let job = CountJob {
        method: Method::parse_choice(method).map_err(value_error)?,
        threads: threads_asked(threads)?,
        stats: stats.map_or(Ok(false), |stats| args::boolean(stats, "stats"))?,
        shard: shard.map(str::parse).transpose().map_err(value_error)?,
        device: JobDevice {
            choice: device.parse().map_err(PyValueError::new_err)?,
            ..JobDevice::default()
        },
        max_memory: memory_asked(max_memory)?,
        ..CountJob::new(any_board(n)?)
    };
    // A checkpoint, a shard or progress: issue 42's long counts.
    if crate::long_count::wanted(&job, checkpoint, progress) {
        return crate::long_count::count(py, job, checkpoint, progress);
    }
    Ok(Bound::new(py, Counts(counted(py, job)?))?.into_any())
}

/// `auto` and every counting method's name, as `count(method=...)` takes
/// them: the engine's own list.
pub fn method_choices() -> Vec<&'static str> {
    let names = Method::ALL.iter().map(|method| method.name());
    std::iter::once("auto").chain(names).collect()
}

/// The memory limit every count takes by default: half this machine's
/// memory, in bytes (None where it is not known).
#[pyfunction]
pub fn default_max_memory() -> Option<u64> {
    MemoryLimit::half_machine().map(|limit| limit.bytes)
}

/// `max_memory=`: bytes, at least a mebibyte; none for the default.
/// A refusal's advice is spelled as keyword arguments.
pub(crate) fn memory_asked(bytes: Option<&Bound<'_, PyAny>>) -> PyResult<Option<MemoryLimit>> {
    let limit = match bytes {
        Some(bytes) if !bytes.is_none() => {
            let bytes = args::whole_number(bytes, "max_memory", 1 << 20, u64::MAX)?;
            Some(MemoryLimit::process(bytes, "max_memory"))
        }
        _ => MemoryLimit::half_machine(),
    };
    Ok(limit.map(|limit| limit.spelled(Spelling::Keywords)))
}

/// The report of `job`, run off the interpreter.
fn counted(py: Python<'_>, job: CountJob) -> PyResult<CountReport> {
    let started = Instant::now();
    let prepared = job.prepare().map_err(value_error)?;
    if !prepared.whole() {
        return Err(PyValueError::new_err(SHARDS_BY_THE_COMMAND_LINE));
    }
    let outcome = off_interpreter(py, move |keep_going| {
        let outcome = run(&prepared, keep_going);
        (prepared, outcome)
    })?;
    let (prepared, outcome) = outcome;
    drop_memory(prepared.plan().size().get());
    if !outcome.complete {
        return Err(PyValueError::new_err("the count was stopped"));
    }
    let seconds = started.elapsed().as_secs_f64();
    let summary = prepared.report(outcome, seconds).map_err(value_error)?;
    Ok(CountReport::from(summary))
}

/// Gives the memory a count of an n×n board freed back to the system.
/// The job frees all it kept when it ends, but glibc's allocator keeps
/// freed pages in each worker thread's arena for later: a Python session
/// that counted n = 20 would hold a gigabyte it no longer uses. Boards
/// whose counts take a few megabytes are left alone.
pub(crate) fn drop_memory(n: usize) {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    if n >= 14 {
        // SAFETY: malloc_trim only returns free memory to the system; it
        // touches no live allocation and is safe to call from any thread.
        unsafe {
            libc::malloc_trim(0);
        }
    }
    let _ = n;
}

/// Runs the whole job, unless the caller gives up (then nobody reads it).
fn run(prepared: &PreparedCount, keep_going: &KeepGoing) -> CountOutcome {
    prepared.run(&[], keep_going.flag(), &|_| {})
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

#[pyfunction]
/// LeetCode 52: the number of solutions of the n×n board.
pub fn total_n_queens(py: Python<'_>, n: &Bound<'_, PyAny>) -> PyResult<u128> {
    Ok(counted(py, CountJob::new(any_board(n)?))?.total)
}

#[pyfunction]
#[pyo3(signature = (n, algorithm="bitmask", *, method="auto"))]
/// What the search did, as `nqueens count N --stats --json` reports it:
/// nodes and their profile by depth, squares tested and rejected by
/// reason, dead ends, solutions; for bitmask also the plan's units and
/// the share of the plain tree visited. `method` picks the bitmask
/// search's method as `count(method=...)` does ("plain": the whole tree).
pub fn stats<'py>(
    py: Python<'py>,
    n: &Bound<'py, PyAny>,
    algorithm: &str,
    method: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let size = any_board(n)?;
    let solver = args::algorithm(algorithm)?.on(size).map_err(value_error)?;
    let method = crate::methods::stats_method(method, solver.algorithm())?;
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
    let stats = solver.enumerate(from_fn(|_| Ok::<_, ()>(keep_going.get())));
    stats
        .ok()
        .filter(|_| keep_going.get())
        .map(StatsReport::of_search)
}
