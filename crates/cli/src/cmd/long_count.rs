//! `count --checkpoint FILE` and `count --shard I/K`: a count that keeps
//! each finished unit, skips those kept by an earlier run, and (for a
//! shard) ends with a record for `merge` instead of the counts.

use super::count::{print_outcome, Outcome};
use super::input::unreadable;
use crate::args::Count;
use crate::progress::{with_progress, Work};
use nqueens::count::{Driver, Plan, Tally, UnitDone};
use nqueens_runs::record::{self, PendingRecord};
use nqueens_runs::{Checkpoint, CheckpointError, Recorder};
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// Runs the count; exit status 2 when the checkpoint or the record's
/// file cannot be used.
pub fn run(request: &Count, plan: &Plan, driver: &Driver, out: &mut dyn Write) -> io::Result<u8> {
    let long = &request.long_run;
    let ids = match long.shard {
        Some(shard) => plan.shard(shard),
        None => (0..plan.units().len()).collect(),
    };
    // Where the record goes is checked before any work is done.
    let pending = match (long.shard, &long.out) {
        (Some(shard), Some(path)) => match PendingRecord::create(&record::target(path, shard)) {
            Ok(pending) => Some(pending),
            Err(err) => return Ok(unreadable(err)),
        },
        _ => None,
    };
    let (done, recorder) = match &long.checkpoint {
        Some(path) => match open(path, plan, request, &ids, driver.thread_count()) {
            Ok(opened) => opened,
            Err(err) => return Ok(unreadable(err)),
        },
        None => (Vec::new(), None),
    };
    let started = Instant::now();
    let tally = count_the_rest(request, plan, driver, &ids, &done, recorder.as_ref());
    if let Some(recorder) = recorder {
        recorder.finish().map_err(io::Error::other)?;
    }
    let Some(tally) = tally else {
        return Err(io::Error::other(
            "the checkpoint could no longer be written; the run stopped",
        ));
    };
    let seconds = started.elapsed().as_secs_f64();
    if let (Some(_), Some(path)) = (driver.device_lost(), &long.checkpoint) {
        return Err(io::Error::other(format!(
            "the count stopped with the GPU; {} keeps the units it finished: run the same command again to go on, or add --device cpu",
            path.display()
        )));
    }
    let Some(shard) = long.shard else {
        let outcome = Outcome::of_plan(driver, plan, plan.counts(tally));
        print_outcome(request, outcome, seconds, out)?;
        return Ok(0);
    };
    let record = record::make(plan, shard, &ids, tally, seconds, driver.thread_count());
    match pending {
        Some(pending) => pending.commit(&record).map_err(io::Error::other)?,
        None => {
            serde_json::to_writer(&mut *out, &record)?;
            writeln!(out)?;
        }
    }
    Ok(0)
}

/// The checkpoint's finished units, and the recorder of the others.
fn open(
    path: &std::path::Path,
    plan: &Plan,
    request: &Count,
    ids: &[usize],
    threads: usize,
) -> Result<(Vec<UnitDone>, Option<Recorder>), CheckpointError> {
    let checkpoint = Checkpoint::open(path, plan, request.long_run.shard, ids)?;
    let done = checkpoint.done().to_vec();
    Ok((done, Some(checkpoint.recorder(threads)?)))
}

/// The tally of every unit of `ids`: those in `done`, and the rest run
/// now; none if the recorder failed and the run stopped.
fn count_the_rest(
    request: &Count,
    plan: &Plan,
    driver: &nqueens::count::Driver,
    ids: &[usize],
    done: &[UnitDone],
    recorder: Option<&Recorder>,
) -> Option<Tally> {
    let before: Tally = done.iter().map(|unit| unit.tally).sum();
    let mut rest = ids.to_vec();
    let finished: std::collections::HashSet<usize> = done.iter().map(|unit| unit.id).collect();
    rest.retain(|id| !finished.contains(id));
    let keep_going = AtomicBool::new(true);
    let tally = with_progress(Work::Units(ids.len() as u64), request.quiet, |meter| {
        meter.add(done.len() as u64);
        driver.run_while(plan, &rest, &keep_going, &|unit| {
            meter.add(1);
            if recorder.is_some_and(|recorder| !recorder.record(unit)) {
                keep_going.store(false, Ordering::Relaxed);
            }
        })
    });
    keep_going.load(Ordering::Relaxed).then_some(before + tally)
}
