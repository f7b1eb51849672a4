//! `solutions()` and `trace()`: lazy iterators over a search that runs on
//! a thread of its own ([`crate::stream`]), stopped when they are closed,
//! left by a `with` block, or dropped.

use crate::args::{self, any_board, value_error};
use crate::stream::{Feed, Shared, Stream};
use crate::wait::StopBetweenSolutions;
use nqueens::{from_fn, representative_class_size, Algorithm, Event, Solution, Stats};
use nqueens_report::schema::{TraceLine, TraceStep};
use nqueens_report::trace::{narrate, Stop, TraceWriter};
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use std::convert::Infallible;
use std::io::{self, Write};

/// Solutions handed over at a time.
const SOLUTION_BATCH: usize = 1024;

/// Trace steps handed over at a time.
const STEP_BATCH: usize = 256;

/// The methods both iterators share: iteration, `close()` and `with`;
/// `$item` turns what the stream hands over into its Python value.
macro_rules! search_iterator {
    ($class:ident, $item:path, $yields:literal) => {
        #[pymethods]
        impl $class {
            /// The call that made it and what it yields.
            fn __repr__(&self) -> String {
                format!("<{}: {}, {}>", stringify!($class), self.call, $yields)
            }

            fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
                slf
            }

            fn __next__<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
                let item = self.stream.lock()?.next(py)?;
                item.map(|item| $item(py, item)).transpose()
            }

            /// Stops the search; the iterator then ends.
            ///
            /// Returns
            /// -------
            /// None
            ///
            /// Examples
            /// --------
            /// >>> found = nqueens.solutions(12)
            /// >>> next(found)
            /// (0, 2, 4, 7, 9, 11, 5, 10, 1, 6, 8, 3)
            /// >>> found.close()
            /// >>> list(found)
            /// []
            fn close(&self) -> PyResult<()> {
                self.stream.lock()?.close();
                Ok(())
            }

            fn __enter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
                slf
            }

            fn __exit__(
                &self,
                _kind: &Bound<'_, PyAny>,
                _value: &Bound<'_, PyAny>,
                _traceback: &Bound<'_, PyAny>,
            ) -> PyResult<bool> {
                self.close()?;
                Ok(false)
            }
        }
    };
}

/// A lazy iterator of solutions, from ``solutions()``.
///
/// The search runs ahead on a thread of its own and stops when the
/// iterator is closed, left by a ``with`` block, or dropped.
///
/// Yields
/// ------
/// tuple of int
///     A solution's columns, row 0 first, in lexicographic order.
///
/// Examples
/// --------
/// >>> with nqueens.solutions(10) as found:
/// ...     first = next(found)
/// >>> first
/// (0, 2, 5, 7, 9, 4, 8, 1, 3, 6)
#[pyclass(module = "nqueens", frozen)]
pub struct Solutions {
    stream: Shared<Vec<u32>>,
    /// The call that made it, for its repr.
    call: String,
}

/// A lazy iterator of every solution of the n×n board.
///
/// Each solution is a tuple of the queens' columns, row 0 first, in
/// lexicographic order. The search runs ahead on a thread of its own, in
/// constant memory, and stops when the iterator is closed, left by a
/// ``with`` block, or dropped; Ctrl-C stops it within a second, even
/// inside ``max()`` or ``collections.deque()``.
///
/// Parameters
/// ----------
/// n : int
///     The board size, 0 to 32.
/// limit : int, optional
///     Stop after that many solutions (by keyword or second).
/// unique : bool, default False
///     One board per symmetry class: the smallest of its eight rotations and
///     reflections.
/// algorithm : str, default "bitmask"
///     One of permutations (n up to 11), naive, sets, arrays, bitmask: each
///     gives the same solutions in the same order.
///
/// Returns
/// -------
/// Solutions
///     The iterator.
///
/// Raises
/// ------
/// TypeError
///     When an argument is of the wrong type.
/// ValueError
///     When n or limit is out of range, or the algorithm unknown.
///
/// Examples
/// --------
/// >>> list(nqueens.solutions(4))
/// [(1, 3, 0, 2), (2, 0, 3, 1)]
/// >>> next(nqueens.solutions(8, unique=True))
/// (0, 4, 7, 5, 2, 6, 1, 3)
/// >>> len(list(nqueens.solutions(8, limit=5)))
/// 5
#[pyfunction]
#[pyo3(
    signature = (n, limit=None, *, unique=None, algorithm=None),
    text_signature = "(n, limit=None, *, unique=False, algorithm='bitmask')"
)]
pub fn solutions(
    n: &Bound<'_, PyAny>,
    limit: Option<&Bound<'_, PyAny>>,
    unique: Option<&Bound<'_, PyAny>>,
    algorithm: Option<&Bound<'_, PyAny>>,
) -> PyResult<Solutions> {
    let size = any_board(n)?;
    let limit = args::limit(limit, "limit")?;
    let unique = args::flag(unique, "unique")?;
    let solver = args::algorithm_arg(algorithm, "bitmask")?
        .on(size)
        .map_err(value_error)?;
    let stream = Stream::new(SOLUTION_BATCH, move |feed: &mut Feed<Vec<u32>>| {
        if limit == 0 {
            return;
        }
        let mut handed = 0u64;
        let reading = feed.reading();
        let mut hand = |solution: &Solution| {
            if unique && representative_class_size(solution).is_none() {
                return true;
            }
            handed += 1;
            feed.push(solution.columns().to_vec()) && handed < limit
        };
        let _ = match solver.algorithm() {
            Algorithm::Bitmask => {
                nqueens::solve(size, from_fn(|s| Ok::<_, Infallible>(hand(s)))).map(|_| ())
            }
            _ => (solver.enumerate(StopBetweenSolutions {
                going: reading,
                solution: hand,
            }))
            .map(|_| ()),
        };
    });
    let mut call = format!("solutions({}", size.get());
    if limit != u64::MAX {
        call += &format!(", limit={limit}");
    }
    if unique {
        call += ", unique=True";
    }
    Ok(Solutions {
        stream: Shared::new(stream),
        call: call + &algorithm_named(solver.algorithm(), Algorithm::Bitmask) + ")",
    })
}

/// `, algorithm='NAME'` where `algorithm` is not the default.
fn algorithm_named(algorithm: Algorithm, default: Algorithm) -> String {
    match algorithm == default {
        true => String::new(),
        false => format!(", algorithm='{}'", algorithm.name()),
    }
}

/// One step of a traced search, owned, on its way to Python.
enum Step {
    Event(Event, Option<usize>),
    Solution(u64, Vec<u32>, Option<usize>),
    Done(Stats, Option<Stop>),
}

/// A trace writer that hands each step to the iterator.
struct Steps<'a>(&'a mut Feed<Step>);

impl Steps<'_> {
    fn push(&mut self, step: Step) -> io::Result<()> {
        match self.0.push(step) {
            true => Ok(()),
            false => Err(io::Error::other("the trace iterator was closed")),
        }
    }
}

impl TraceWriter for Steps<'_> {
    fn event(
        &mut self,
        _out: &mut dyn Write,
        event: &Event,
        line: Option<usize>,
    ) -> io::Result<()> {
        self.push(Step::Event(*event, line))
    }

    fn solution(
        &mut self,
        _out: &mut dyn Write,
        solution: &Solution,
        index: u64,
        line: Option<usize>,
    ) -> io::Result<()> {
        self.push(Step::Solution(index, solution.columns().to_vec(), line))
    }

    fn done(&mut self, _out: &mut dyn Write, stats: &Stats, stop: Option<Stop>) -> io::Result<()> {
        self.push(Step::Done(stats.clone(), stop))
    }
}

/// A lazy iterator of a search's steps as dicts, from ``trace()``.
///
/// Yields
/// ------
/// dict
///     A step, with the fields of ``nqueens trace --json``.
///
/// Examples
/// --------
/// >>> steps = nqueens.trace(4, until="all")
/// >>> sum(step["type"] == "solution" for step in steps)
/// 2
#[pyclass(module = "nqueens", frozen)]
pub struct Trace {
    stream: Shared<Step>,
    /// The call that made it, for its repr.
    call: String,
}

/// The search narrated: a lazy iterator of its steps, as dicts.
///
/// Each dict has the fields of ``nqueens trace --json`` and a ``type``:
/// ``try`` (``row``, ``col``); ``reject`` (also ``reason``: column, diagonal
/// or anti_diagonal, and ``by``, the attacking queen's square); ``place``;
/// ``dead_end`` (``row``); ``lift``; ``scan`` (bitmask reads a whole row:
/// ``cols``, ``diag``, ``anti``); ``solution`` (``index``, ``columns``); and
/// last ``done``, with the statistics of ``stats()`` and ``stopped``. Every
/// step but ``done`` has a ``line``: the line (from 1) of
/// ``listing(algorithm)`` that it executes.
///
/// Parameters
/// ----------
/// n : int
///     The board size, 0 to 32.
/// until : str, default "first"
///     "first" (stop at the first solution) or "all".
/// algorithm : str, default "sets"
///     One of permutations, naive, sets, arrays, bitmask.
/// max_events : int, optional
///     Stop after that many events and solutions.
///
/// Returns
/// -------
/// Trace
///     The iterator.
///
/// Raises
/// ------
/// TypeError
///     When an argument is of the wrong type.
/// ValueError
///     When an argument is out of range or unknown.
///
/// Examples
/// --------
/// >>> next(nqueens.trace(4))
/// {'type': 'try', 'row': 0, 'col': 0, 'line': 10}
/// >>> [step["type"] for step in nqueens.trace(4)][-2:]
/// ['solution', 'done']
#[pyfunction]
#[pyo3(
    signature = (n, *, until=None, algorithm=None, max_events=None),
    text_signature = "(n, *, until='first', algorithm='sets', max_events=None)"
)]
pub fn trace(
    n: &Bound<'_, PyAny>,
    until: Option<&Bound<'_, PyAny>>,
    algorithm: Option<&Bound<'_, PyAny>>,
    max_events: Option<&Bound<'_, PyAny>>,
) -> PyResult<Trace> {
    let size = any_board(n)?;
    let until = args::until(until)?;
    let max_events = match max_events {
        Some(value) if !value.is_none() => args::whole_number(value, "max_events", 1, u64::MAX)?,
        _ => u64::MAX,
    };
    let solver = args::algorithm_arg(algorithm, "sets")?
        .on(size)
        .map_err(value_error)?;
    let stream = Stream::new(STEP_BATCH, move |feed: &mut Feed<Step>| {
        // An error here only says the iterator was closed.
        let _ = narrate(
            &solver,
            &mut Steps(feed),
            &mut io::sink(),
            until,
            max_events,
        );
    });
    let mut call = format!("trace({}", size.get());
    if until == nqueens_report::trace::Until::All {
        call += ", until='all'";
    }
    call += &algorithm_named(solver.algorithm(), Algorithm::Sets);
    if max_events != u64::MAX {
        call += &format!(", max_events={max_events}");
    }
    Ok(Trace {
        stream: Shared::new(stream),
        call: call + ")",
    })
}

search_iterator!(Solutions, columns_value, "a lazy iterator of column tuples");
search_iterator!(Trace, step_value, "a lazy iterator of step dicts");

/// A solution as Python sees it: a tuple of columns.
fn columns_value(py: Python<'_>, columns: Vec<u32>) -> PyResult<Bound<'_, PyAny>> {
    Ok(PyTuple::new(py, columns)?.into_any())
}

/// A step as Python sees it: the dict of its `trace --json` line.
fn step_value(py: Python<'_>, step: Step) -> PyResult<Bound<'_, PyAny>> {
    let (step, line) = match &step {
        Step::Event(event, line) => (TraceLine::from(event), *line),
        Step::Solution(index, columns, line) => {
            let index = *index;
            (TraceLine::Solution { index, columns }, *line)
        }
        Step::Done(stats, stop) => {
            let stopped = stop.map(Stop::name);
            (TraceLine::Done { stats, stopped }, None)
        }
    };
    Ok(pythonize::pythonize(py, &TraceStep { step, line })?)
}
