//! `nqueens count`: total and unique solutions, as text or JSON, with the
//! search statistics when asked. The request is the engine's count
//! request, resolved once (every rule is its own); a count by plan runs
//! through the engine's one run loop with a progress bar as its sink
//! (long_count.rs adds a checkpoint and a shard's record), and the
//! teaching algorithms count by enumerating (count_enumerate.rs).

use super::long_count::{self, Finished};
use crate::args::Count;
use crate::built::{self, Feature};
use crate::device;
use crate::error::{CliError, Status};
use crate::estimate;
use crate::memory;
use crate::progress::{with_progress, Meter, Work};
use nqueens::count::{CountEnd, CountSink, Resolved, StartedCount, UnitDone};
use nqueens_report::schema::{CountReport, StatsReport};
use std::io::{self, Write};

pub fn run(count: &Count, out: &mut dyn Write) -> Result<Status, CliError> {
    let resolved = match count.request.resolve()? {
        Resolved::Enumerate { solver, stats } => {
            let report = super::count_enumerate::run(&solver, stats, count.quiet);
            write_report(count, &report, out)?;
            return Ok(Status::Success);
        }
        Resolved::Plan(resolved) => resolved,
    };
    if count.long_run.checkpoint.is_some() {
        built::require(Feature::Checkpoints, "--checkpoint")?;
    }
    memory::one_heap();
    let started = resolved.start(&device::devices(count)?)?;
    let finished = match long_count::wanted(count) {
        true => long_count::run(count, started, out)?,
        false => {
            announce(count, &started);
            Finished::Counted(Box::new(by_plan(count, started)?))
        }
    };
    let Finished::Counted(end) = finished else {
        return Ok(Status::Success);
    };
    let summary = (end.summary())
        .map_err(|impossible| CliError::Failed(long_count::impossible(count, impossible)))?;
    write_report(count, &CountReport::from(summary), out)?;
    Ok(Status::Success)
}

/// When the whole plan will take long, a word on how long, on stderr.
fn announce(count: &Count, started: &StartedCount) {
    let (plan, driver) = (started.plan(), started.driver());
    // The CPU's sample says nothing of a GPU's speed.
    if !count.quiet && !count.request.stats && driver.device_in_use().is_none() {
        let what = format!("count {} --method {}", plan.size(), plan.method());
        estimate::announce(&what, estimate::plan(driver, plan));
    }
}

/// A progress bar as a count's sink: a step a unit.
pub struct Bar<'m>(pub &'m Meter);

impl CountSink for Bar<'_> {
    type Error = CliError;

    fn unit(&self, _: UnitDone) -> bool {
        self.0.add(1);
        true
    }
}

/// The whole plan, with a progress bar.
fn by_plan(count: &Count, started: StartedCount) -> Result<CountEnd, CliError> {
    let units = Work::Units(started.ids().len() as u64);
    let quiet = count.quiet || count.request.stats;
    with_progress(units, quiet, |meter| started.run(&mut Bar(meter)))
}

/// Prints a count's report, as text or JSON.
pub fn write_report(count: &Count, report: &CountReport, out: &mut dyn Write) -> io::Result<()> {
    if count.json {
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
