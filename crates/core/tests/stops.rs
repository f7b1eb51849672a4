//! Every count can be stopped: units not yet started when the flag turns
//! false never start, statistics included, and a stopped count says it
//! is incomplete rather than giving counts.

use nqueens::count::{CountJob, Driver, Method, Plan};
use nqueens::BoardSize;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

fn board(n: usize) -> BoardSize {
    BoardSize::new(n).unwrap()
}

#[test]
fn a_count_with_statistics_stopped_before_it_starts_runs_nothing() {
    let plan = Plan::new(board(13), Method::Backtrack).unwrap();
    let stopped = AtomicBool::new(false);
    assert!(Driver::new().count_with_stats(&plan, &stopped).is_none());
    let job = CountJob {
        stats: true,
        ..CountJob::new(board(13))
    };
    let outcome = job.prepare().unwrap().run(&[], &stopped, &|_| {});
    assert!(!outcome.complete, "a stopped count is incomplete");
    assert!(outcome.stats.is_none(), "a stopped count has no statistics");
    assert_eq!(outcome.tally.thirds(), 0);
}

#[test]
fn a_count_stopped_after_some_units_starts_no_more() {
    let job = CountJob {
        threads: Some(1),
        ..CountJob::new(board(12))
    };
    let prepared = job.prepare().unwrap();
    let going = AtomicBool::new(true);
    let ran = AtomicUsize::new(0);
    let outcome = prepared.run(&[], &going, &|_| {
        if ran.fetch_add(1, Ordering::Relaxed) + 1 == 3 {
            going.store(false, Ordering::Relaxed);
        }
    });
    assert!(!outcome.complete);
    assert_eq!(
        ran.load(Ordering::Relaxed),
        3,
        "one thread starts no unit after the stop"
    );
    assert!(prepared.ids().len() > 3);
}
