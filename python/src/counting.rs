//! `count()`, `total_n_queens()` and `stats()`: the engine's counts, run
//! off the interpreter ([`crate::wait`]) so that other Python threads go
//! on and Ctrl-C stops them.

use crate::args::{self, any_board, value_error};
use crate::wait::{off_interpreter, KeepGoing};
use nqueens::count::{Driver, Method, Plan, MAX_THREADS};
use nqueens::{from_fn, Algorithm, BoardSize, Counts as Found, Solver};
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

#[pyfunction]
#[pyo3(signature = (n, *, threads=None, method="auto"))]
/// Counts the solutions of the n×n board, total and unique, on `threads`
/// threads (default: every core) by `method` ("auto", "backtrack", "join"
/// or "plain"). The GIL is released while it counts, and Ctrl-C raises
/// KeyboardInterrupt within a second.
pub fn count(
    py: Python<'_>,
    n: &Bound<'_, PyAny>,
    threads: Option<&Bound<'_, PyAny>>,
    method: &str,
) -> PyResult<Counts> {
    let size = any_board(n)?;
    let method = Method::for_board(method, size).map_err(value_error)?;
    if !method.counts(size) {
        return Err(PyValueError::new_err(format!(
            "the {method} method counts boards up to n = {}, not {size}",
            nqueens::count::JOIN_MAX_N
        )));
    }
    let driver = driver(threads)?;
    let started = Instant::now();
    let (counts, threads) = off_interpreter(py, move |keep_going| {
        let counts = counted(&driver, &Plan::new(size, method), keep_going);
        (counts, driver.thread_count())
    })?;
    Ok(Counts {
        n: size.get(),
        total: counts.total,
        unique: counts.unique,
        nodes: counts.nodes,
        seconds: started.elapsed().as_secs_f64(),
        threads,
        method: method.name().to_string(),
    })
}

/// The counts of `plan`, unless the caller gave up (then they are partial
/// and nobody reads them).
fn counted(driver: &Driver, plan: &Plan, keep_going: &KeepGoing) -> Found {
    let ids: Vec<usize> = (0..plan.units().len()).collect();
    plan.counts(driver.run_while(plan, &ids, keep_going.flag(), &|_| {}))
}

/// A driver on `threads` threads, or on every core.
fn driver(threads: Option<&Bound<'_, PyAny>>) -> PyResult<Driver> {
    match threads {
        Some(threads) if !threads.is_none() => {
            let threads = args::whole_number(threads, "threads", 1, MAX_THREADS as u64)?;
            Driver::new().threads(threads as usize).map_err(value_error)
        }
        _ => Ok(Driver::new()),
    }
}

#[pyfunction]
/// LeetCode 52: the number of solutions of the n×n board.
pub fn total_n_queens(py: Python<'_>, n: &Bound<'_, PyAny>) -> PyResult<u128> {
    let size = any_board(n)?;
    let counts = off_interpreter(py, move |keep_going| {
        counted(
            &Driver::new(),
            &Plan::new(size, Method::fastest(size)),
            keep_going,
        )
    })?;
    Ok(counts.total)
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
    let report = off_interpreter(py, move |keep_going| search_stats(&solver, keep_going))?;
    match report {
        Some(report) => Ok(pythonize::pythonize(py, &report)?),
        None => Err(PyValueError::new_err("the search was stopped")),
    }
}

/// The statistics of `count --stats`; none when stopped early.
fn search_stats(solver: &Solver, keep_going: &KeepGoing) -> Option<StatsReport> {
    let size: BoardSize = solver.size();
    if solver.algorithm() != Algorithm::Bitmask {
        let stats = solver.enumerate(from_fn(|_| Ok::<_, ()>(keep_going.get())));
        return stats
            .ok()
            .filter(|_| keep_going.get())
            .map(StatsReport::of_search);
    }
    // The bitmask statistics come from the plan's probed units, which run
    // to the end once begun.
    let driver = Driver::new();
    let plan = Plan::new(size, Method::Backtrack);
    let (_, stats) = driver.count_with_stats(&plan);
    let plain = counted(&driver, &Plan::new(size, Method::PlainTree), keep_going);
    keep_going
        .get()
        .then(|| StatsReport::of_plan(stats, plan.units().len(), Some(plain.nodes)))
}
