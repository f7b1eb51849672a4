//! `nqueens count`: total and unique solutions, as text or JSON, with the
//! search statistics when asked. The bitmask algorithm's counts are the
//! engine's count job (the one the server and Python run); the other
//! algorithms count by enumerating (count_enumerate.rs).

use super::long_count::{self, Finished};
use crate::args::Count;
use crate::built::{self, Feature};
use crate::device;
use crate::error::{CliError, Status};
use crate::estimate;
use crate::memory;
use crate::progress::{with_progress, Work};
use nqueens::count::{CountJob, PreparedCount};
use nqueens_report::schema::{CountReport, StatsReport};
use std::io::{self, Write};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

pub fn run(request: &Count, out: &mut dyn Write) -> Result<Status, CliError> {
    if !request.by_plan {
        let report = super::count_enumerate::run(request);
        write_report(request, &report, out)?;
        return Ok(Status::Success);
    }
    if request.long_run.checkpoint.is_some() {
        built::require(Feature::Checkpoints, "--checkpoint")?;
    }
    memory::one_heap();
    let job = CountJob {
        method: request.method,
        threads: request.threads,
        kernel: Some(request.kernel),
        device: device::job_device(request)?,
        stats: request.stats,
        shard: request.long_run.shard,
        checkpointed: request.long_run.checkpoint.is_some(),
        max_memory: memory::limit(request.max_memory),
        ..CountJob::new(request.solver.size())
    };
    let prepared = job.prepare()?;
    let long = long_count::wanted(request);
    if !long {
        announce(request, &prepared);
    }
    // The count's own time: what the announcement spent sampling is not in it.
    let started = Instant::now();
    let finished = match long {
        true => long_count::run(request, &prepared, out)?,
        false => by_plan(request, &prepared),
    };
    let Finished::Counted(outcome) = finished else {
        return Ok(Status::Success);
    };
    let seconds = started.elapsed().as_secs_f64();
    let summary = (prepared.report(*outcome, seconds))
        .map_err(|impossible| CliError::Failed(long_count::impossible(request, impossible)))?;
    write_report(request, &CountReport::from(summary), out)?;
    Ok(Status::Success)
}

/// When the whole plan will take long, a word on how long, on stderr.
fn announce(request: &Count, prepared: &PreparedCount) {
    let (plan, driver) = (prepared.plan(), prepared.driver());
    // The CPU's sample says nothing of a GPU's speed.
    if !request.quiet && !request.stats && driver.device_in_use().is_none() {
        let what = format!("count {} --method {}", plan.size(), plan.method());
        estimate::announce(&what, estimate::plan(driver, plan));
    }
}

/// The whole plan, with a progress bar.
fn by_plan(request: &Count, prepared: &PreparedCount) -> Finished {
    let units = Work::Units(prepared.ids().len() as u64);
    let quiet = request.quiet || request.stats;
    let outcome = with_progress(units, quiet, |meter| {
        prepared.run(&[], &AtomicBool::new(true), &|_| meter.add(1))
    });
    Finished::Counted(Box::new(outcome))
}

/// Prints a count's report, as text or JSON.
pub fn write_report(request: &Count, report: &CountReport, out: &mut dyn Write) -> io::Result<()> {
    if request.json {
        return out.write_all(nqueens_report::stamp::to_json_line(report)?.as_bytes());
    }
    writeln!(out, "total:  {}\nunique: {}", report.total, report.unique)?;
    match &report.stats {
        // The counts first, as on a terminal, where stdout and stderr go
        // to one screen (or one file, `2>&1`).
        Some(extra) => out.flush().and_then(|()| write_stats(extra)),
        None => Ok(()),
    }
}

fn write_stats(report: &StatsReport) -> io::Result<()> {
    let mut err = io::stderr().lock();
    nqueens_report::write_stats(&mut err, &report.stats)?;
    if let (Some(units), Some(plain), Some(fraction)) = (
        report.units,
        report.plain_tree_nodes,
        report.fraction_of_plain_tree,
    ) {
        writeln!(err, "units:      {units}")?;
        writeln!(err, "plain tree: {plain} nodes; this search visited {fraction:.3} of them (ideal 1/8 = 0.125)")?;
    }
    Ok(())
}
