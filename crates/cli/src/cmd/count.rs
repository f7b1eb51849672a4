//! `nqueens count`: total and unique solutions, as text or JSON, with the
//! search statistics when asked.

use super::input::unreadable;
use crate::args::Count;
use crate::device;
use crate::estimate::{self, TreePosition};
use crate::memory;
use crate::progress::{with_progress, Work};
use nqueens::count::{Driver, Method, Plan};
use nqueens::{from_fn, representative_class_size, Counts};
use nqueens_report::schema::{CountReport, StatsReport};
use std::convert::Infallible;
use std::io::{self, Write};
use std::time::Instant;

/// What a count found, and how.
pub struct Outcome {
    pub counts: Counts,
    pub stats: Option<StatsReport>,
    pub threads: usize,
    /// The plan's method, for counts by plan.
    pub method: Option<Method>,
    /// The GPU that ran units, and why it was lost if it was.
    pub device: Option<String>,
    pub device_lost: Option<String>,
}

impl Outcome {
    /// What a count by `plan` on `driver` found.
    pub fn of_plan(driver: &Driver, plan: &Plan, counts: Counts) -> Outcome {
        let lost = driver.device_lost();
        Outcome {
            counts,
            stats: None,
            threads: driver.thread_count(),
            method: Some(plan.method()),
            device: (driver.device_in_use())
                .or_else(|| lost.as_ref().map(|lost| lost.device.clone())),
            device_lost: lost.map(|lost| lost.reason),
        }
    }
}

pub fn run(request: &Count, out: &mut dyn Write) -> io::Result<u8> {
    let gpu = device::gpu_for(request)
        .map_err(|err| io::Error::other(format!("{err}: count on the CPU with --device cpu")))?;
    let Some(method) = device::method_on(gpu.as_ref(), request) else {
        let started = Instant::now();
        let outcome = by_enumeration(request);
        print_outcome(request, outcome, started.elapsed().as_secs_f64(), out)?;
        return Ok(0);
    };
    let mut driver = driver_for(request)?;
    if let Some(gpu) = gpu {
        driver = device::with_gpu(driver, gpu, request);
    }
    let size = request.solver.size();
    // Before the plan: a refusal is known without it, at once.
    if let Err(why) = memory::check(&driver, size, method, request.max_memory) {
        return Ok(unreadable(why));
    }
    let plan = Plan::new(size, method);
    let long = &request.long_run;
    if long.checkpoint.is_some() || long.shard.is_some() {
        return super::long_count::run(request, &plan, &driver, out);
    }
    let started = Instant::now();
    let outcome = by_plan(request, &plan, &driver)?;
    print_outcome(request, outcome, started.elapsed().as_secs_f64(), out)?;
    Ok(0)
}

/// Prints what a count found, as text or JSON.
pub fn print_outcome(
    request: &Count,
    outcome: Outcome,
    seconds: f64,
    out: &mut dyn Write,
) -> io::Result<()> {
    let Outcome {
        counts,
        stats,
        threads,
        method,
        device,
        device_lost,
    } = outcome;
    let report = CountReport {
        n: request.solver.size().get(),
        total: counts.total,
        unique: counts.unique,
        nodes: counts.nodes,
        seconds,
        threads,
        method: method.map(|method| method.name().to_string()),
        peak_bytes: memory::peak_bytes(),
        stats,
        device,
        device_lost,
    };
    write_report(request, &report, out)
}

fn write_report(request: &Count, report: &CountReport, out: &mut dyn Write) -> io::Result<()> {
    if request.json {
        serde_json::to_writer(&mut *out, report)?;
        return writeln!(out);
    }
    writeln!(out, "total:  {}\nunique: {}", report.total, report.unique)?;
    match &report.stats {
        Some(extra) => write_stats(extra),
        None => Ok(()),
    }
}

/// The driver a count runs on: the kernel and threads asked for.
pub fn driver_for(request: &Count) -> io::Result<Driver> {
    let driver = Driver::new()
        .kernel(request.kernel)
        .map_err(io::Error::other)?;
    match request.threads {
        Some(threads) => driver.threads(threads).map_err(io::Error::other),
        None => Ok(driver),
    }
}

/// The bitmask algorithm: the method's plan, run by the driver on the
/// threads and kernel asked for.
fn by_plan(request: &Count, plan: &Plan, driver: &Driver) -> io::Result<Outcome> {
    let method = plan.method();
    // The CPU's sample says nothing of a GPU's speed.
    if !request.quiet && driver.device_in_use().is_none() {
        let what = format!("count {} --method {method}", plan.size());
        estimate::announce(&what, estimate::plan(driver, plan));
    }
    if !request.stats {
        let units = Work::Units(plan.units().len() as u64);
        let counts = with_progress(units, request.quiet, |meter| {
            driver.count(plan, &|_| meter.add(1))
        });
        return Ok(Outcome::of_plan(driver, plan, counts));
    }
    let (counts, stats) = driver.count_with_stats(plan);
    // The share of the whole tree is worth telling only for the method
    // that does not search all of it.
    let plain = (method != Method::PlainTree).then(|| {
        let whole = Plan::new(request.solver.size(), Method::PlainTree);
        driver.count(&whole, &|_| {}).nodes
    });
    let stats = StatsReport::of_plan(stats, plan.units().len(), plain);
    Ok(Outcome {
        stats: Some(stats),
        ..Outcome::of_plan(driver, plan, counts)
    })
}

/// Any other algorithm: every solution found, each checked for being the
/// representative of its class, with a bar that follows the search
/// through the tree when the run is long.
fn by_enumeration(request: &Count) -> Outcome {
    let solver = &request.solver;
    let estimate = (!request.quiet)
        .then(|| estimate::whole_tree(solver))
        .flatten();
    let what = format!("count {} --algorithm {}", solver.size(), solver.algorithm());
    estimate::announce(&what, estimate);
    let position = estimate.map(|_| TreePosition::new(solver.size()));
    let mut counts = Counts::default();
    let Ok(stats) = with_progress(Work::Tree, position.is_none(), |meter| {
        solver.enumerate(from_fn(|solution| {
            counts.total += 1;
            counts.unique += u128::from(representative_class_size(solution).is_some());
            if let Some(position) = &position {
                meter.reach(position.of(solution));
            }
            Ok::<_, Infallible>(true)
        }))
    });
    counts.nodes = stats.nodes;
    let stats = request.stats.then(|| StatsReport::of_search(stats));
    Outcome {
        counts,
        stats,
        threads: 1,
        method: None,
        device: None,
        device_lost: None,
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
