//! `nqueens trace`: run a search with a sink that narrates every step.

use crate::args::{Trace, Until};
use nqueens::{Event, Sink, Solution};
use nqueens_report::trace::{Json, Stop, Text, TraceWriter};
use std::io::{self, Write};

/// Passes events and solutions to the writer, and stops the search at the
/// first solution or the event limit.
struct Narrator<'a> {
    out: &'a mut dyn Write,
    writer: Box<dyn TraceWriter>,
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
        self.writer.solution(self.out, solution, self.solutions)?;
        self.solutions += 1;
        if self.until == Until::First {
            self.stop = Some(Stop::FirstSolution);
        }
        Ok(self.counted())
    }

    fn traces(&self) -> bool {
        true
    }

    fn event(&mut self, event: &Event, _queens: &[u8]) -> io::Result<bool> {
        self.writer.event(self.out, event)?;
        Ok(self.counted())
    }
}

pub fn run(request: &Trace, out: &mut dyn Write) -> io::Result<()> {
    let writer: Box<dyn TraceWriter> = if request.json {
        Box::new(Json)
    } else {
        Box::new(Text::default())
    };
    let mut narrator = Narrator {
        out,
        writer,
        until: request.until,
        events: 0,
        max_events: request.max_events.unwrap_or(u64::MAX),
        solutions: 0,
        stop: None,
    };
    let stats = request.solver.enumerate(&mut narrator)?;
    let stop = narrator.stop;
    narrator.writer.done(narrator.out, &stats, stop)
}
