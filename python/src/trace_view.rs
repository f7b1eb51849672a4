//! `show_trace()`: a traced search collected for a notebook, one frame per
//! line of `nqueens trace`'s narration, each with the board as it stood
//! at the end of that line — the queens standing, the squares refused on
//! it (grey, crossed) and a red line from each to the queen attacking it.

use crate::args::{self, any_board, value_error};
use crate::trace_steps::{Frame, Refusal, TraceStep, TraceSteps};
use crate::wait::off_interpreter;
use nqueens::{Event, Solution, Square, Stats};
use nqueens_report::trace::{narrate, Stop, Text, TraceWriter};
use pyo3::prelude::*;
use std::io::{self, Write};

/// The most events `show_trace` collects: each is a frame kept in memory.
const MAX_EVENTS: u64 = 100_000;

/// The events collected unless told otherwise.
const EVENTS: u64 = 1_000;

/// The squares `event` refuses on a board of `n`.
fn refusals(event: &Event, n: usize) -> Vec<Refusal> {
    match *event {
        Event::Reject { at, by, .. } => vec![Refusal { at, by: Some(by) }],
        Event::Scan {
            row,
            cols,
            diag,
            anti,
        } => (0..n.min(32))
            .filter(|&col| (cols | diag | anti) >> col & 1 == 1)
            .map(|col| Refusal {
                at: Square { row, col },
                by: None,
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// A trace writer that lets `nqueens trace`'s narrator write each line
/// and cuts a frame whenever a line is complete.
struct Frames {
    text: Text,
    pending: Vec<u8>,
    n: usize,
    queens: Vec<Option<u32>>,
    refused: Vec<Refusal>,
    frames: Vec<Frame>,
}

impl Frames {
    fn new(n: usize) -> Frames {
        Frames {
            text: Text::default(),
            pending: Vec::new(),
            n,
            queens: vec![None; n],
            refused: Vec::new(),
            frames: Vec::new(),
        }
    }

    /// Cuts a frame for every line complete in what the narrator wrote.
    /// `fresh` are the refusals the last event made: they belong to the line
    /// the event began, if it began one.
    fn cut(&mut self, fresh: Vec<Refusal>) {
        let Some(end) = self.pending.iter().rposition(|&b| b == b'\n') else {
            self.refused.extend(fresh);
            return;
        };
        let rest = self.pending.split_off(end + 1);
        let began = !rest.is_empty();
        let fresh = match began {
            true => fresh,
            false => {
                self.refused.extend(fresh);
                Vec::new()
            }
        };
        let done = std::mem::replace(&mut self.pending, rest);
        // A solution's line is followed by its board drawn as text: the
        // picture shows it, so only its first line is kept.
        let text = String::from_utf8_lossy(&done);
        for line in text
            .lines()
            .filter(|l| !l.starts_with("  ") && !l.is_empty())
        {
            let frame = self.frame(line);
            self.frames.push(frame);
        }
        if began {
            self.refused.extend(fresh);
        }
    }

    /// The board now, under `text`; the refusals are the line's own.
    fn frame(&mut self, text: &str) -> Frame {
        let queens = (0..self.n)
            .filter_map(|row| {
                self.queens[row].map(|col| Square {
                    row,
                    col: col as usize,
                })
            })
            .collect();
        Frame {
            text: text.to_string(),
            n: self.n,
            queens,
            refused: std::mem::take(&mut self.refused),
        }
    }
}

impl TraceWriter for Frames {
    fn event(
        &mut self,
        _out: &mut dyn Write,
        event: &Event,
        line: Option<usize>,
    ) -> io::Result<()> {
        if let Event::Place(at) = *event {
            self.queens[at.row] = Some(at.col as u32);
        }
        self.text.event(&mut self.pending, event, line)?;
        let fresh = refusals(event, self.n);
        self.cut(fresh);
        // A queen lifted still shows on the line that lifts it.
        if let Event::Lift(at) = *event {
            self.queens[at.row] = None;
        }
        Ok(())
    }

    fn solution(
        &mut self,
        _out: &mut dyn Write,
        solution: &Solution,
        index: u64,
        line: Option<usize>,
    ) -> io::Result<()> {
        let columns = solution.columns();
        self.queens = columns.iter().map(|&c| Some(c)).collect();
        self.text
            .solution(&mut self.pending, solution, index, line)?;
        self.cut(Vec::new());
        Ok(())
    }

    fn done(&mut self, _out: &mut dyn Write, stats: &Stats, stop: Option<Stop>) -> io::Result<()> {
        self.text.done(&mut self.pending, stats, stop)?;
        self.cut(Vec::new());
        Ok(())
    }
}

#[pyfunction]
#[pyo3(signature = (n, *, until=None, algorithm="sets", max_events=None), text_signature = "(n, *, until='first', algorithm='sets', max_events=None)")]
/// A search narrated step by step, for a notebook.
///
/// The narration of ``nqueens trace``, one step per line, each with the
/// board at its end; collected whole, so that any step can be looked at.
///
/// Parameters
/// ----------
/// n : int
///     The board size, from 0 to 32.
/// until : {"first", "all"}, optional
///     Stop at the first solution (the default), or search the whole tree.
/// algorithm : str, optional
///     One of the five algorithms (default ``"sets"``).
/// max_events : int, optional
///     Stop after this many events, from 1 to 100000 (None: 1000).
///
/// Returns
/// -------
/// TraceSteps
///     The steps, which Jupyter shows as the narration and the last board.
///
/// Raises
/// ------
/// ValueError
///     When `n`, `until`, `algorithm` or `max_events` is out of range.
///
/// Examples
/// --------
/// >>> steps = nqueens.show_trace(4)
/// >>> steps[-3].text
/// 'solution 1: [1, 3, 0, 2]'
/// >>> steps[-3].queens
/// ((0, 1), (1, 3), (2, 0), (3, 2))
pub fn show_trace(
    py: Python<'_>,
    n: &Bound<'_, PyAny>,
    until: Option<&Bound<'_, PyAny>>,
    algorithm: &str,
    max_events: Option<&Bound<'_, PyAny>>,
) -> PyResult<TraceSteps> {
    let size = any_board(n)?;
    let until = args::until(until)?;
    let max_events = match max_events {
        Some(value) if !value.is_none() => args::whole_number(value, "max_events", 1, MAX_EVENTS)?,
        _ => EVENTS,
    };
    let solver = args::algorithm(algorithm)?.on(size).map_err(value_error)?;
    let frames = off_interpreter(py, move |_| {
        let mut frames = Frames::new(size.get());
        narrate(&solver, &mut frames, &mut io::sink(), until, max_events).map(|()| frames.frames)
    })?;
    let frames = frames.map_err(value_error)?;
    let steps = frames
        .into_iter()
        .map(|frame| Py::new(py, TraceStep(frame)));
    Ok(TraceSteps(steps.collect::<PyResult<_>>()?))
}
