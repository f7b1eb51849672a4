//! `nqueens audit FILE` and `merge --audit K`: a random sample of stored
//! results — a checkpoint's finished units, or a set of records' shards —
//! counted again from scratch by the same count request, each compared with
//! what was stored.

use crate::args::SampleArgs;
use crate::progress::{with_progress, Work};
use nqueens::count::{CountRequest, DeviceChoice, Devices, Method, Shard, StartedCount};
use nqueens::count::{Tally, UnitDone};
use nqueens::BoardSize;
use nqueens_report::runs::{AuditReport, CountedShard};
use nqueens_runs::audit;
// `nqueens audit FILE` reads a checkpoint; `merge --audit` needs no SQLite.
use std::io::{self, Write};
use std::sync::atomic::AtomicBool;
use std::sync::Mutex;
use std::time::Instant;
#[cfg(feature = "checkpoints")]
use {
    crate::args::AuditArgs,
    crate::error::{CliError, Status},
    nqueens_runs::checkpoint,
};

/// `nqueens audit FILE`: a checkpoint's units (SQLite: the `checkpoints`
/// feature).
#[cfg(feature = "checkpoints")]
pub fn run(request: &AuditArgs, out: &mut dyn Write) -> Result<Status, CliError> {
    let stored = checkpoint::read(&request.file).map_err(CliError::refused)?;
    let (plan, done) = (&stored.plan, stored.done());
    let seed = seed(&request.sample);
    let chosen: Vec<&UnitDone> = (audit::choose(done.len(), request.units, seed).into_iter())
        .map(|at| &done[at])
        .collect();
    let prepared = job(plan.size(), plan.method(), stored.shard(), &request.sample)?;
    let started = Instant::now();
    let ids: Vec<usize> = chosen.iter().map(|unit| unit.id).collect();
    let counted: std::collections::HashMap<usize, Tally> =
        (count_units(&prepared, &ids, request.sample.quiet).into_iter())
            .map(|unit| (unit.id, unit.tally))
            .collect();
    let checks = (chosen.iter())
        .map(|stored| {
            let again = counted.get(&stored.id).copied().unwrap_or_default();
            audit::check(stored.id, None, stored.tally, again)
        })
        .collect();
    let seconds = started.elapsed().as_secs_f64();
    let report = audit::report("units", done.len(), seed, checks, seconds);
    match request.json {
        true => out.write_all(nqueens_report::stamp::to_json_line(&report)?.as_bytes())?,
        false => {
            let finished = nqueens::plural(done.len(), "finished unit");
            let what = format!("{} ({finished})", request.file.display());
            write_text(&report, &what, out)?
        }
    }
    Ok(Status::of(report.agrees))
}

/// `merge --audit K`: `k` of the `counted` shards of the count of `n` by
/// `method` (of `shards` shards) counted again, whole.
pub fn shards(
    (n, method, shards): (usize, Method, usize),
    counted: &[CountedShard],
    k: usize,
    sample: &SampleArgs,
) -> Result<AuditReport, String> {
    let size = BoardSize::new(n).map_err(|err| err.to_string())?;
    let seed = seed(sample);
    let mut checks = Vec::new();
    let started = Instant::now();
    for at in audit::choose(counted.len(), k, seed) {
        let record = &counted[at];
        let shard = Shard::new(record.shard, shards).map_err(|err| err.to_string())?;
        let prepared = job(size, method, Some(shard), sample).map_err(|err| err.to_string())?;
        let again: Tally = count_units(&prepared, prepared.ids(), sample.quiet)
            .iter()
            .map(|unit| unit.tally)
            .sum();
        let stored = Tally::new(record.counts[0], record.counts[1]);
        checks.push(audit::check(
            record.shard,
            Some(record.file.clone()),
            stored,
            again,
        ));
    }
    let seconds = started.elapsed().as_secs_f64();
    Ok(audit::report(
        "shards",
        counted.len(),
        seed,
        checks,
        seconds,
    ))
}

/// The seed asked for, or one nobody can guess, said on stderr so that
/// the audit can be repeated.
fn seed(sample: &SampleArgs) -> u64 {
    sample.seed.unwrap_or_else(|| {
        let seed = audit::unguessable_seed();
        let _ = writeln!(
            io::stderr().lock(),
            "nqueens: audit seed {seed} (--seed {seed} chooses the same sample again)"
        );
        seed
    })
}

/// The count that counts units of the plan of `size` by `method` (of
/// `shard`) again, on the sample's threads and memory, started.
fn job(
    size: BoardSize,
    method: Method,
    shard: Option<Shard>,
    sample: &SampleArgs,
) -> Result<StartedCount, nqueens::CountError> {
    let request = CountRequest {
        method: Some(method),
        threads: sample.threads,
        device: DeviceChoice::Cpu,
        shard,
        max_memory: sample.max_memory,
        ..CountRequest::new(size)
    };
    let resolved = request
        .resolve()?
        .by_plan()
        .expect("the bitmask algorithm's count");
    resolved.start(&Devices::default())
}

/// The units `ids` counted again, as they finish, with a progress bar on
/// a terminal unless `quiet`.
fn count_units(prepared: &StartedCount, ids: &[usize], quiet: bool) -> Vec<UnitDone> {
    let found = Mutex::new(Vec::with_capacity(ids.len()));
    with_progress(Work::Units(ids.len() as u64), quiet, |meter| {
        prepared.run_units(ids, &AtomicBool::new(true), &|unit| {
            meter.add(1);
            found.lock().unwrap_or_else(|e| e.into_inner()).push(unit);
        })
    });
    found.into_inner().unwrap_or_else(|e| e.into_inner())
}

/// An audit in words: what was counted again, what disagrees, and how
/// likely the sample was to find a wrong one.
pub fn write_text(report: &AuditReport, what: &str, out: &mut dyn Write) -> io::Result<()> {
    let (k, of) = (report.checked.len(), report.of.as_str());
    let one = if of == "units" { "unit" } else { "shard" };
    writeln!(
        out,
        "audit of {what}: {k} counted again from scratch (seed {})",
        report.seed
    )?;
    for check in report
        .checked
        .iter()
        .filter(|check| check.stored != check.counted)
    {
        let file = check
            .file
            .as_deref()
            .map_or(String::new(), |file| format!(" ({file})"));
        writeln!(
            out,
            "{one} {}{file}: stored {} thirds of a board and {} nodes; counted again, {} and {}: it is wrong (forged or corrupted)",
            check.id, check.stored[0], check.stored[1], check.counted[0], check.counted[1]
        )?;
    }
    let wrong = report
        .checked
        .iter()
        .filter(|check| check.stored != check.counted)
        .count();
    match (wrong, k) {
        (0, 1) => writeln!(out, "the {one} agrees with what was stored")?,
        (0, _) => writeln!(out, "all {k} agree with what was stored")?,
        _ => {
            let verb = if wrong == 1 { "does" } else { "do" };
            writeln!(
                out,
                "{wrong} of {k} {verb} not agree: what was stored cannot be trusted"
            )?
        }
    }
    let population = report.population;
    let which = match population {
        1 => format!("the {one}"),
        _ => format!("1 of the {population} {one}s"),
    };
    let one_wrong = format!(
        "if {which} were wrong, this audit would have found it with probability {:.1}%",
        100.0 * report.finds_one_wrong
    );
    match population.div_ceil(100) {
        1 => writeln!(out, "{one_wrong}"),
        percent => writeln!(
            out,
            "{one_wrong}; if {percent} (1%) were, {:.1}%",
            100.0 * report.finds_one_percent_wrong
        ),
    }
}
