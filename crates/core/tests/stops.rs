//! Every count can be stopped: units not yet started when the flag turns
//! false never start, statistics included, and a stopped count says it
//! is incomplete rather than giving counts.

use nqueens::count::{CountEnd, CountRequest, CountSink, Devices, Driver, Method, Plan, UnitDone};
use nqueens::{BoardSize, CountError};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

fn board(n: usize) -> BoardSize {
    BoardSize::new(n).unwrap()
}

/// A sink that stops the run: at once, or once `after` units finished.
struct Stopping {
    after: usize,
    ran: AtomicUsize,
}

impl CountSink for Stopping {
    type Error = CountError;

    fn unit(&self, _: UnitDone) -> bool {
        self.ran.fetch_add(1, Ordering::Relaxed) + 1 < self.after
    }

    fn going(&self) -> bool {
        self.ran.load(Ordering::Relaxed) < self.after
    }
}

fn stopping(after: usize) -> Stopping {
    Stopping {
        after,
        ran: AtomicUsize::new(0),
    }
}

fn run(request: CountRequest, sink: &mut Stopping) -> CountEnd {
    let resolved = request.resolve().unwrap().by_plan().unwrap();
    resolved.run(&Devices::default(), sink).unwrap()
}

#[test]
fn a_count_with_statistics_stopped_before_it_starts_runs_nothing() {
    let plan = Plan::new(board(13), Method::Backtrack).unwrap();
    let stopped = AtomicBool::new(false);
    assert!(Driver::new().count_with_stats(&plan, &stopped).is_none());
    let request = CountRequest {
        stats: true,
        ..CountRequest::new(board(13))
    };
    let mut sink = stopping(0);
    let outcome = run(request, &mut sink).outcome;
    assert!(!outcome.complete, "a stopped count is incomplete");
    assert!(outcome.stats.is_none(), "a stopped count has no statistics");
    assert_eq!(outcome.tally.thirds(), 0);
    assert_eq!(sink.ran.load(Ordering::Relaxed), 0);
}

#[test]
fn a_count_stopped_after_some_units_starts_no_more() {
    let request = CountRequest {
        threads: Some(1),
        ..CountRequest::new(board(12))
    };
    let mut sink = stopping(3);
    let end = run(request, &mut sink);
    assert!(!end.outcome.complete);
    assert_eq!(
        sink.ran.load(Ordering::Relaxed),
        3,
        "one thread starts no unit after the stop"
    );
    assert!(end.ids.len() > 3);
}
