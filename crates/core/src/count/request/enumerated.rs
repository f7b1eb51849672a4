//! A teaching algorithm's count: every solution enumerated on one
//! thread, each checked for being the representative of its class, timed
//! here as a count by plan is (run.rs), with the search's statistics.

use crate::count::Counts;
use crate::{representative_class_size, Event, Sink, Solution, Solver, Stats};
use std::time::Instant;

/// What an enumerating count found.
#[derive(Debug, Clone)]
pub struct Enumerated {
    /// The counts; `nodes` are the search tree's.
    pub counts: Counts,
    /// The search's statistics.
    pub search: Stats,
    /// Wall-clock seconds of the search.
    pub seconds: f64,
    /// Whether it searched to the end (the sink did not stop it).
    pub complete: bool,
}

/// Counts every solution of `solver`, handing each to `sink` (a
/// progress bar, a check that the caller still waits), which may stop
/// the search: its `traces` and `event` are asked as in any search.
pub fn enumerate_count<S: Sink>(solver: &Solver, sink: S) -> Result<Enumerated, S::Error> {
    let mut counting = Counting {
        sink,
        counts: Counts::default(),
        complete: true,
    };
    let started = Instant::now();
    let search = solver.enumerate(&mut counting)?;
    let seconds = started.elapsed().as_secs_f64();
    let counts = Counts {
        nodes: search.nodes,
        ..counting.counts
    };
    Ok(Enumerated {
        counts,
        search,
        seconds,
        complete: counting.complete,
    })
}

/// The count around the caller's sink.
struct Counting<S> {
    sink: S,
    counts: Counts,
    complete: bool,
}

impl<S: Sink> Sink for Counting<S> {
    type Error = S::Error;

    fn solution(&mut self, solution: &Solution) -> Result<bool, S::Error> {
        self.counts.total += 1;
        self.counts.unique += u128::from(representative_class_size(solution).is_some());
        let going = self.sink.solution(solution)?;
        self.complete &= going;
        Ok(going)
    }

    fn traces(&self) -> bool {
        self.sink.traces()
    }

    fn event(&mut self, event: &Event, queens: &[u32]) -> Result<bool, S::Error> {
        let going = self.sink.event(event, queens)?;
        self.complete &= going;
        Ok(going)
    }
}
