//! `count --checkpoint FILE` and `count --shard I/K`: a count that keeps
//! each finished unit, skips those kept by an earlier run, and (for a
//! shard) ends with a record for `merge` instead of the counts.

use super::count::{print_outcome, Outcome};
use super::input::unreadable;
use crate::args::Count;
use crate::progress::{with_progress, Work};
use nqueens::count::{Driver, Plan, Tally, UnitDone};
use nqueens_report::runs::ShardRecord;
use nqueens_runs::record::{self, PendingRecord};
use nqueens_runs::{Checkpoint, CheckpointError, Recorder};
use std::io::{self, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// Runs the count; exit status 2 when the checkpoint or the record's
/// place cannot be used (found before any unit runs).
pub fn run(request: &Count, plan: &Plan, driver: &Driver, out: &mut dyn Write) -> io::Result<u8> {
    let long = &request.long_run;
    let ids = match long.shard {
        Some(shard) => plan.shard(shard),
        None => (0..plan.units().len()).collect(),
    };
    let pending = match (long.shard, &long.out) {
        (Some(shard), Some(path)) => {
            match record::target(path, shard).and_then(|to| PendingRecord::create(&to)) {
                Ok(pending) => Some(pending),
                Err(err) => return Ok(unreadable(err)),
            }
        }
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
            "the count stopped with the GPU; {} keeps the units it finished: run the same command again to go on, or go on on the CPU with: {}",
            path.display(),
            on_the_cpu(plan)
        )));
    }
    let Some(shard) = long.shard else {
        let counts = plan.checked_counts(tally).map_err(|impossible| {
            let file = long.checkpoint.as_deref().unwrap_or(Path::new("the checkpoint"));
            io::Error::other(format!(
                "checkpoint {}: its units add up to a count no board has: {impossible}; give another file to count into",
                file.display()
            ))
        })?;
        let outcome = Outcome::of_plan(driver, plan, counts);
        print_outcome(request, outcome, seconds, out)?;
        return Ok(0);
    };
    let record = record::make(plan, shard, &ids, tally, seconds, driver.thread_count());
    match pending {
        Some(pending) => keep(pending, &record, out),
        None => {
            serde_json::to_writer(&mut *out, &record)?;
            writeln!(out)?;
            Ok(0)
        }
    }
}

/// Writes `record` where it goes; when that fails (a full disk), prints it
/// on standard output instead, so that the count is not lost: exit 1.
fn keep(pending: PendingRecord, record: &ShardRecord, out: &mut dyn Write) -> io::Result<u8> {
    let path = pending.path().to_owned();
    let Err(err) = pending.commit(record) else {
        return Ok(0);
    };
    let _ = writeln!(
        io::stderr().lock(),
        "nqueens: error: {err}; the record follows on standard output: save it as {} to merge it",
        path.display()
    );
    serde_json::to_writer(&mut *out, record)?;
    writeln!(out)?;
    Ok(1)
}

/// This command with the CPU in place of the GPU, and the method that the
/// GPU ran (a checkpoint is of one method): every other word as given.
fn on_the_cpu(plan: &Plan) -> String {
    let mut words: Vec<String> = Vec::new();
    let mut args = std::env::args();
    let program = args.next().unwrap_or_else(|| "nqueens".into());
    let mut skip_value = false;
    for arg in args {
        if std::mem::take(&mut skip_value) {
            continue;
        }
        match arg.as_str() {
            "--device" | "--method" => skip_value = true,
            _ if arg.starts_with("--device=") || arg.starts_with("--method=") => {}
            _ => words.push(arg),
        }
    }
    words.extend(["--device", "cpu", "--method", plan.method().name()].map(String::from));
    std::iter::once(program)
        .chain(words)
        .map(|word| shell_quoted(&word))
        .collect::<Vec<_>>()
        .join(" ")
}

/// `word` as a shell reads it back: quoted unless it is plain.
fn shell_quoted(word: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "-_./:=@%+,".contains(c);
    match !word.is_empty() && word.chars().all(plain) {
        true => word.to_owned(),
        false => format!("'{}'", word.replace('\'', r"'\''")),
    }
}

/// The checkpoint's finished units, and the recorder of the others. Rows
/// dropped as damaged are said on stderr: their units are counted again.
fn open(
    path: &Path,
    plan: &Plan,
    request: &Count,
    ids: &[usize],
    threads: usize,
) -> Result<(Vec<UnitDone>, Option<Recorder>), CheckpointError> {
    let checkpoint = Checkpoint::open(path, plan, request.long_run.shard, ids)?;
    let mut err = io::stderr().lock();
    for why in checkpoint.dropped() {
        let _ = writeln!(
            err,
            "nqueens: checkpoint {}: {why}: the row is dropped, and its unit counted again",
            path.display()
        );
    }
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
