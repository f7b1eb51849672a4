//! `nqueens._engine`: the engine as a Python extension module (PyO3, built
//! by maturin into one abi3 wheel for CPython 3.9 and later), which the
//! package `nqueens` (pysrc/nqueens) re-exports whole: a function or class
//! registered here is `nqueens.<name>` with no change to the package.
//!
//! A thin layer: arguments become the engine's values ([`args`]), long
//! work runs off the interpreter ([`wait`]), searches feed lazy iterators
//! from a thread of their own ([`stream`]), and every dict has the fields
//! of the command line's JSON (the shared report crate). The Python API,
//! typed, is in `nqueens.pyi` (the package's `__init__.pyi`).
#![deny(missing_docs)]

mod args;
mod boards;
mod check;
mod checked;
mod completion;
mod count_args;
mod counting;
mod counts;
mod estimate;
mod gallery;
mod huge;
mod iterators;
mod listing;
mod long_count;
mod pictures;
mod progress;
mod stats;
mod stream;
mod trace_steps;
mod trace_view;
mod trim;
mod verify_glyphs;
mod wait;

use nqueens::Named;
use pyo3::prelude::*;

/// The N-Queens problem, fast: solutions streamed, total and unique
/// counts, the classic algorithms traced step by step, boards and whole
/// answers checked.
#[pymodule]
#[pyo3(name = "_engine")]
fn nqueens_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("MAX_N", nqueens::MAX_N)?;
    // Every list of names from the engine's own registry.
    let names = |names: Vec<&'static str>| pyo3::types::PyTuple::new(m.py(), names);
    m.add("METHODS", names(nqueens::count::Method::choice_names())?)?;
    m.add("ALGORITHMS", names(<nqueens::Algorithm as Named>::names())?)?;
    m.add(
        "DEVICES",
        names(<nqueens::count::DeviceChoice as Named>::names())?,
    )?;
    m.add_function(wrap_pyfunction!(boards::solve_n_queens, m)?)?;
    m.add_function(wrap_pyfunction!(counting::total_n_queens, m)?)?;
    m.add_function(wrap_pyfunction!(iterators::solutions, m)?)?;
    m.add_function(wrap_pyfunction!(counting::count, m)?)?;
    m.add_function(wrap_pyfunction!(counting::cli_count, m)?)?;
    m.add_function(wrap_pyfunction!(iterators::trace, m)?)?;
    m.add_function(wrap_pyfunction!(listing::listing, m)?)?;
    m.add_function(wrap_pyfunction!(stats::stats, m)?)?;
    m.add_function(wrap_pyfunction!(count_args::default_max_memory, m)?)?;
    m.add_function(wrap_pyfunction!(check::verify, m)?)?;
    m.add_function(wrap_pyfunction!(check::check_answer, m)?)?;
    m.add_function(wrap_pyfunction!(boards::render, m)?)?;
    m.add_class::<counts::Counts>()?;
    m.add_class::<iterators::Solutions>()?;
    m.add_class::<iterators::Trace>()?;
    // Issue 42, items 4 and 5: pictures, and the rest of the engine.
    m.add_function(wrap_pyfunction!(gallery::show, m)?)?;
    m.add_class::<pictures::Board>()?;
    m.add_class::<gallery::Boards>()?;
    m.add_function(wrap_pyfunction!(trace_view::show_trace, m)?)?;
    m.add_class::<trace_steps::TraceStep>()?;
    m.add_class::<trace_steps::TraceSteps>()?;
    m.add_function(wrap_pyfunction!(completion::complete, m)?)?;
    m.add_function(wrap_pyfunction!(huge::one, m)?)?;
    m.add_function(wrap_pyfunction!(huge::random, m)?)?;
    m.add_function(wrap_pyfunction!(estimate::estimate, m)?)?;
    Ok(())
}
