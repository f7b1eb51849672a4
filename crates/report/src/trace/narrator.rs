//! Runs a traced search into a [`TraceWriter`], stopping at the first
//! solution or at an event limit: what `trace` does on every surface.

use super::{Stop, TraceWriter};
use nqueens::{Event, GivenSearch, Listing, Sink, Solution, Solver, Stats, Step};
use std::io::{self, Write};

/// How far a trace goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Until {
    /// Stop at the first solution.
    First,
    /// Search the whole tree.
    All,
}

/// Passes events and solutions to the writer, and stops the search at the
/// first solution or the event limit.
struct Narrator<'a> {
    out: &'a mut dyn Write,
    writer: &'a mut dyn TraceWriter,
    listing: Listing,
    until: Until,
    events: u64,
    max_events: u64,
    solutions: u64,
    stop: Option<Stop>,
}

impl Narrator<'_> {
    /// Counts one event; false once the limit is reached.
    fn counted(&mut self) -> bool {
        self.events += 1;
        if self.events >= self.max_events {
            self.stop = Some(Stop::MaxEvents(self.max_events));
        }
        self.stop.is_none()
    }
}

impl Sink for Narrator<'_> {
    type Error = io::Error;

    fn solution(&mut self, solution: &Solution) -> io::Result<bool> {
        let line = self.listing.line(&Step::Solution);
        self.writer
            .solution(self.out, solution, self.solutions, line)?;
        self.solutions += 1;
        if self.until == Until::First {
            self.stop = Some(Stop::FirstSolution);
        }
        Ok(self.counted())
    }

    fn traces(&self) -> bool {
        true
    }

    fn event(&mut self, event: &Event, _queens: &[u32]) -> io::Result<bool> {
        let line = self.listing.line(&Step::Event(*event));
        self.writer.event(self.out, event, line)?;
        Ok(self.counted())
    }
}

/// Narrates `solver`'s search into `out` through `writer`, up to `until`
/// and at most `max_events` events and solutions, then the closing line.
pub fn narrate(
    solver: &Solver,
    writer: &mut dyn TraceWriter,
    out: &mut dyn Write,
    until: Until,
    max_events: u64,
) -> io::Result<()> {
    run(
        solver.listing(),
        writer,
        out,
        (until, max_events),
        |narrator| solver.enumerate(narrator),
    )
}

/// Narrates the search from given queens as [`narrate`] does: the given
/// rows take no step (their queens stand from the start).
pub fn narrate_given(
    search: &GivenSearch,
    writer: &mut dyn TraceWriter,
    out: &mut dyn Write,
    until: Until,
    max_events: u64,
) -> io::Result<()> {
    run(
        search.listing(),
        writer,
        out,
        (until, max_events),
        |narrator| search.enumerate(narrator),
    )
}

fn run(
    listing: Listing,
    writer: &mut dyn TraceWriter,
    out: &mut dyn Write,
    (until, max_events): (Until, u64),
    search: impl FnOnce(&mut Narrator<'_>) -> io::Result<Stats>,
) -> io::Result<()> {
    let mut narrator = Narrator {
        out,
        writer,
        listing,
        until,
        events: 0,
        max_events,
        solutions: 0,
        stop: None,
    };
    let stats = search(&mut narrator)?;
    let stop = narrator.stop;
    narrator.writer.done(narrator.out, &stats, stop)
}
