//! `trace` output: the search's events as narrated text or JSON lines.

mod json;
mod narrator;
mod text;

use nqueens::{Event, Solution, Stats};
use std::io::{self, Write};

pub use json::Json;
pub use narrator::{narrate, narrate_given, Until};
pub use text::Text;

/// Writes a traced search.
pub trait TraceWriter {
    /// One step of the search; `line` is the line of the algorithm's
    /// listing that it executes (see [`nqueens::Listing`]).
    fn event(&mut self, out: &mut dyn Write, event: &Event, line: Option<usize>) -> io::Result<()>;
    /// A solution; `index` counts from 0.
    fn solution(
        &mut self,
        out: &mut dyn Write,
        solution: &Solution,
        index: u64,
        line: Option<usize>,
    ) -> io::Result<()>;
    /// The end: why it stopped (if early) and the totals.
    fn done(&mut self, out: &mut dyn Write, stats: &Stats, stopped: Option<Stop>)
        -> io::Result<()>;
}

/// Why a trace ended before the search did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// `--until first` and a solution was found.
    FirstSolution,
    /// `--max-events K` was reached.
    MaxEvents(u64),
}

impl Stop {
    /// Its name on the `done` line: `first_solution` or `max_events`.
    pub fn name(self) -> &'static str {
        match self {
            Stop::FirstSolution => "first_solution",
            Stop::MaxEvents(_) => "max_events",
        }
    }
}
