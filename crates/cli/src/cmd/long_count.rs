//! `count --checkpoint FILE` and `count --shard I/K`: a count that keeps
//! each finished unit, skips those kept by an earlier run, and (for a
//! shard) ends with a record for `merge` instead of the counts.

use super::checkpoint::{resume, Keeper};
use crate::args::Count;
use crate::error::CliError;
use crate::progress::{with_progress, Meter, Work};
use nqueens::count::{CountEnd, CountSink, CountStart, Plan, StartedCount, UnitDone};
use nqueens::ImpossibleTally;
use nqueens_report::runs::ShardRecord;
use nqueens_runs::record::{self, PendingRecord, Placed, RecordOf, ShardRun};
use std::io::Write;
use std::path::Path;

/// How a count by plan ended: with the board's counts to print, or with
/// a shard's record written where it was asked.
pub enum Finished {
    Counted(Box<CountEnd>),
    Recorded,
}

/// Whether the count keeps its units: a checkpoint or a shard.
pub fn wanted(count: &Count) -> bool {
    count.long_run.checkpoint.is_some() || count.long_run.shard.is_some()
}

/// A long count's sink: its bar, and the checkpoint, opened once the
/// plan is made, that keeps each unit as it finishes.
struct Keeping<'a> {
    count: &'a Count,
    meter: &'a Meter,
    keeper: Option<Box<dyn Keeper>>,
    checkpoint: Option<String>,
}

impl CountSink for Keeping<'_> {
    type Error = CliError;

    /// The checkpoint's finished units; refused when it cannot be used
    /// (found before any unit runs).
    fn start(&mut self, start: &CountStart<'_>) -> Result<Vec<UnitDone>, CliError> {
        let Some(path) = &self.count.long_run.checkpoint else {
            return Ok(Vec::new());
        };
        let resumed = resume(path, start, self.count.long_run.shard)?;
        self.meter.add(resumed.done.len() as u64);
        self.keeper = Some(resumed.keeper);
        self.checkpoint = Some(resumed.id);
        Ok(resumed.done)
    }

    /// The run stops if the keeper fails.
    fn unit(&self, done: UnitDone) -> bool {
        self.meter.add(1);
        self.keeper.as_ref().is_none_or(|keeper| keeper.keep(done))
    }
}

/// Runs the count; refused when the checkpoint or the record's place
/// cannot be used (found before any unit runs).
pub fn run(
    count: &Count,
    started: StartedCount,
    out: &mut dyn Write,
) -> Result<Finished, CliError> {
    let long = &count.long_run;
    let pending = match (long.shard, &long.out) {
        (Some(shard), Some(path)) => {
            let of = RecordOf::new(started.plan(), shard);
            let target = record::target(path, &of);
            Some(
                target
                    .and_then(|to| PendingRecord::create(&to, of))
                    .map_err(CliError::refused)?,
            )
        }
        _ => None,
    };
    let units = Work::Units(started.ids().len() as u64);
    let (end, keeper, checkpoint) = with_progress(units, count.quiet, |meter| {
        let mut sink = Keeping {
            count,
            meter,
            keeper: None,
            checkpoint: None,
        };
        let end = started.run(&mut sink);
        (end, sink.keeper, sink.checkpoint)
    });
    if let Some(keeper) = keeper {
        keeper.finish()?;
    }
    let end = end?;
    if end.outcome.device_lost.is_some() {
        if let Some(path) = &long.checkpoint {
            return Err(CliError::Failed(format!(
                "the count stopped with the GPU; {} keeps the units it finished: run the same command again to go on, or go on on the CPU with: {}",
                path.display(),
                on_the_cpu(&end.plan)
            )));
        }
    }
    if !end.outcome.complete {
        return Err(CliError::failed(
            "the checkpoint could no longer be written; the run stopped",
        ));
    }
    let Some(shard) = long.shard else {
        return Ok(Finished::Counted(Box::new(end)));
    };
    let record = record::make(ShardRun {
        plan: &end.plan,
        shard,
        ids: &end.ids,
        tally: end.outcome.tally,
        seconds: end.seconds,
        threads: end.outcome.threads,
        resumed_units: end.outcome.resumed_units,
        checkpoint,
    });
    match pending {
        Some(pending) => keep(pending, &record, out).map(|()| Finished::Recorded),
        None => {
            serde_json::to_writer(&mut *out, &record)?;
            writeln!(out)?;
            Ok(Finished::Recorded)
        }
    }
}

/// The refusal of a checkpoint whose units add up to a count no board has.
pub fn impossible(count: &Count, impossible: ImpossibleTally) -> String {
    let checkpoint = count.long_run.checkpoint.as_deref();
    let file = checkpoint.unwrap_or(Path::new("the checkpoint"));
    format!(
        "checkpoint {}: its units add up to a count no board has: {impossible}; give another file to count into",
        file.display()
    )
}

/// Writes `record` where it goes, or beside it when a file that is not
/// this shard's record took the place while the count ran (a failure
/// that says where it went); when writing fails (a full disk), prints it
/// on standard output instead, so that the count is not lost, and fails.
fn keep(pending: PendingRecord, record: &ShardRecord, out: &mut dyn Write) -> Result<(), CliError> {
    let path = pending.path().to_owned();
    match pending.commit(record) {
        Ok(Placed::AtTarget) => Ok(()),
        Ok(Placed::Beside(beside, why)) => Err(CliError::Failed(format!(
            "{} changed while the count ran: {why} (it is left as it is); the record is written beside it, as {}",
            path.display(),
            beside.display()
        ))),
        Err(failed) => {
            serde_json::to_writer(&mut *out, record)?;
            writeln!(out)?;
            Err(CliError::Failed(format!(
                "{failed}; the record follows on standard output: save it as {} to merge it",
                path.display()
            )))
        }
    }
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
        .map(|word| nqueens_runs::shell_quoted(&word))
        .collect::<Vec<_>>()
        .join(" ")
}
