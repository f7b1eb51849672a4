//! A checkpoint with one bit flipped, for every byte of the file: resumed,
//! it gives the exact count (a damaged row dropped and counted again) or
//! is refused; never another count.

use nqueens::count::{Driver, Method, Plan};
use nqueens::BoardSize;
use nqueens_runs::Checkpoint;
use std::path::Path;
use std::sync::atomic::AtomicBool;

/// How a resumed count ended.
#[derive(Debug, PartialEq)]
enum Resumed {
    /// The exact counts, with the rows dropped on the way.
    Exact { dropped: usize },
    /// Refused, with why.
    Refused(String),
    /// Other counts: the one outcome that must never happen.
    Wrong(u128, u128),
}

/// Counts `plan` into the checkpoint at `path`, resuming whatever it holds.
fn resume(path: &Path, plan: &Plan) -> Resumed {
    let ids: Vec<usize> = (0..plan.units().len()).collect();
    let checkpoint = match Checkpoint::open(path, plan, None, &ids) {
        Ok(checkpoint) => checkpoint,
        Err(err) => return Resumed::Refused(err.to_string()),
    };
    let done = checkpoint.done().to_vec();
    let dropped = checkpoint.dropped().len();
    let recorder = match checkpoint.recorder(1) {
        Ok(recorder) => recorder,
        Err(err) => return Resumed::Refused(err.to_string()),
    };
    let rest: Vec<usize> = ids
        .into_iter()
        .filter(|id| done.iter().all(|d| d.id != *id))
        .collect();
    let driver = Driver::new().threads(1).unwrap();
    let ran = driver.run_while(plan, &rest, &AtomicBool::new(true), &|unit| {
        recorder.record(unit);
    });
    if let Err(err) = recorder.finish() {
        return Resumed::Refused(err.to_string());
    }
    let tally = done
        .iter()
        .map(|unit| unit.tally)
        .sum::<nqueens::count::Tally>()
        + ran;
    match plan.checked_counts(tally) {
        Ok(counts) if (counts.total, counts.unique) == (92, 12) => Resumed::Exact { dropped },
        Ok(counts) => Resumed::Wrong(counts.total, counts.unique),
        Err(impossible) => Resumed::Refused(impossible.to_string()),
    }
}

/// What a flip came to.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Outcome {
    Untouched,
    Recounted,
    Refused,
}

/// Flips one bit of byte `at` of `original` into a file of its own in
/// `dir`, and resumes the count on it.
fn flip(original: &[u8], at: usize, plan: &Plan, dir: &Path) -> Outcome {
    let mut flipped = original.to_vec();
    flipped[at] ^= 1 << (at % 8);
    let path = dir.join(format!("flip-{at}.db"));
    std::fs::write(&path, &flipped).unwrap();
    let outcome = match resume(&path, plan) {
        Resumed::Exact { dropped: 0 } => Outcome::Untouched,
        Resumed::Exact { .. } => Outcome::Recounted,
        Resumed::Refused(_) => Outcome::Refused,
        wrong => panic!("flip at byte {at}: {wrong:?}"),
    };
    for tail in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(dir.join(format!("flip-{at}.db{tail}")));
    }
    outcome
}

#[test]
fn every_flipped_byte_of_a_checkpoint_is_exact_or_refused() {
    let plan = Plan::new(BoardSize::new(8).unwrap(), Method::Backtrack).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let made = dir.path().join("made.db");
    assert_eq!(resume(&made, &plan), Resumed::Exact { dropped: 0 });
    let original = std::fs::read(&made).unwrap();
    assert!(
        !dir.path().join("made.db-wal").exists(),
        "the log is folded in on closing"
    );
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let outcomes: Vec<Outcome> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|first| {
                let (original, plan, dir) = (&original, &plan, dir.path());
                scope.spawn(move || {
                    (first..original.len())
                        .step_by(threads)
                        .map(|at| flip(original, at, plan, dir))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|worker| worker.join().unwrap())
            .collect()
    });
    let tally = |kind: Outcome| outcomes.iter().filter(|outcome| **outcome == kind).count();
    let (untouched, recounted, refused) = (
        tally(Outcome::Untouched),
        tally(Outcome::Recounted),
        tally(Outcome::Refused),
    );
    println!(
        "{} flips: {} exact ({untouched} as they were, {recounted} with damaged rows counted again), {refused} refused, 0 wrong",
        original.len(),
        untouched + recounted
    );
    assert!(
        recounted > 0 && refused > 0,
        "the flips reach rows and headers"
    );
}
