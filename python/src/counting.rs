//! `count()`, `total_n_queens()` and `stats()`: the engine's count job,
//! the one `nqueens count` and the web server run, off the interpreter
//! ([`crate::wait`]) so that other Python threads go on and Ctrl-C stops
//! it.

use crate::args::{self, any_board, value_error};
use crate::wait::{off_interpreter, KeepGoing};
use nqueens::count::{CountJob, CountOutcome, Method, PreparedCount, MAX_THREADS};
use nqueens::{from_fn, Algorithm, Solver};
use nqueens_report::schema::{CountReport, StatsReport};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::time::Instant;

/// A board's counts, as `nqueens count --json` gives them.
#[pyclass(module = "nqueens", frozen, get_all)]
#[derive(Debug, Clone)]
pub struct Counts {
    /// The board size.
    pub n: usize,
    /// All solutions (OEIS A000170).
    pub total: u128,
    /// Solutions up to rotation and reflection (OEIS A002562).
    pub unique: u128,
    /// Search nodes visited.
    pub nodes: u128,
    /// Wall-clock seconds the count took.
    pub seconds: f64,
    /// Worker threads it ran on.
    pub threads: usize,
    /// The counting method: backtrack, join or plain.
    pub method: String,
}

#[pymethods]
impl Counts {
    /// The fields of `nqueens count --json`, as a dict.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let report = CountReport {
            n: self.n,
            total: self.total,
            unique: self.unique,
            nodes: self.nodes,
            seconds: self.seconds,
            threads: self.threads,
            method: Some(self.method.clone()),
            peak_bytes: None,
            stats: None,
            device: None,
            device_lost: None,
        };
        Ok(pythonize::pythonize(py, &report)?)
    }

    fn __repr__(&self) -> String {
        format!(
            "Counts(n={}, total={}, unique={}, nodes={}, seconds={:.3}, threads={}, method='{}')",
            self.n, self.total, self.unique, self.nodes, self.seconds, self.threads, self.method
        )
    }
}

impl From<CountReport> for Counts {
    fn from(report: CountReport) -> Counts {
        Counts {
            n: report.n,
            total: report.total,
            unique: report.unique,
            nodes: report.nodes,
            seconds: report.seconds,
            threads: report.threads,
            method: report.method.unwrap_or_default(),
        }
    }
}

#[pyfunction]
#[pyo3(signature = (n, *, threads=None, method="auto"))]
/// Counts the solutions of the n×n board, total and unique, on `threads`
/// threads (default: every core) by `method` ("auto", "backtrack", "join"
/// or "plain"; auto is the fastest for the board, as in `nqueens count`).
/// The GIL is released while it counts, and Ctrl-C raises
/// KeyboardInterrupt within a second.
pub fn count(
    py: Python<'_>,
    n: &Bound<'_, PyAny>,
    threads: Option<&Bound<'_, PyAny>>,
    method: &str,
) -> PyResult<Counts> {
    let job = CountJob {
        method: Method::parse_choice(method).map_err(value_error)?,
        threads: threads_asked(threads)?,
        ..CountJob::new(any_board(n)?)
    };
    Ok(Counts::from(counted(py, job)?))
}

/// The report of `job`, run off the interpreter.
fn counted(py: Python<'_>, job: CountJob) -> PyResult<CountReport> {
    let started = Instant::now();
    let prepared = job.prepare().map_err(value_error)?;
    let outcome = off_interpreter(py, move |keep_going| {
        let outcome = run(&prepared, keep_going);
        (prepared, outcome)
    })?;
    let (prepared, outcome) = outcome;
    drop_memory(prepared.plan().size().get());
    let counts = outcome.counts(prepared.plan()).map_err(value_error)?;
    let (n, seconds) = (
        prepared.plan().size().get(),
        started.elapsed().as_secs_f64(),
    );
    Ok(CountReport::of(n, counts, &outcome, seconds, None))
}

/// Gives the memory a count of an n×n board freed back to the system.
/// The job frees all it kept when it ends, but glibc's allocator keeps
/// freed pages in each worker thread's arena for later: a Python session
/// that counted n = 20 would hold a gigabyte it no longer uses. Boards
/// whose counts take a few megabytes are left alone.
fn drop_memory(n: usize) {
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
fn threads_asked(threads: Option<&Bound<'_, PyAny>>) -> PyResult<Option<usize>> {
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
#[pyo3(signature = (n, algorithm="bitmask"))]
/// What the search did, as `nqueens count N --stats --json` reports it:
/// nodes and their profile by depth, squares tested and rejected by
/// reason, dead ends, solutions; for bitmask also the plan's units and
/// the share of the plain tree visited.
pub fn stats<'py>(
    py: Python<'py>,
    n: &Bound<'py, PyAny>,
    algorithm: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let size = any_board(n)?;
    let solver = args::algorithm(algorithm)?.on(size).map_err(value_error)?;
    if solver.algorithm() == Algorithm::Bitmask {
        let job = CountJob {
            method: Some(Method::Backtrack),
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
