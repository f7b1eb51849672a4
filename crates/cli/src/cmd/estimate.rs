//! `nqueens estimate N`: a count's one-core time with an error bar, its
//! core-hours, wall-clock time on this machine's threads, and memory,
//! from timing a random, reproducible sample of its work.

use crate::args::EstimateArgs;
use crate::estimate::about;
use nqueens::count::{Driver, Plan};
use nqueens_report::runs::EstimateReport;
use std::io::{self, Write};
use std::time::{Duration, Instant};

pub fn run(request: &EstimateArgs, out: &mut dyn Write) -> io::Result<u8> {
    let plan = Plan::new(request.n, request.method);
    let mut driver = Driver::new();
    if let Some(threads) = request.threads {
        driver = driver.threads(threads).map_err(io::Error::other)?;
    }
    let started = Instant::now();
    let projection = driver.project(
        &plan,
        Duration::from_secs_f64(request.seconds),
        request.seed,
    );
    let threads = driver.thread_count();
    let report = EstimateReport {
        n: plan.size().get(),
        method: plan.method().name().into(),
        units: plan.units().len(),
        one_core_seconds: projection.seconds,
        margin_seconds: projection.margin,
        core_hours: projection.seconds / 3600.0,
        seconds_on_threads: projection.seconds / threads as f64,
        threads,
        memory_bytes: driver.memory_bytes(&plan),
        pieces: projection.pieces,
        piece_rows: projection.piece_rows,
        sample_seconds: started.elapsed().as_secs_f64(),
        seed: request.seed,
    };
    if request.json {
        serde_json::to_writer(&mut *out, &report)?;
        writeln!(out)?;
    } else {
        write_text(&report, out)?;
    }
    Ok(0)
}

fn write_text(report: &EstimateReport, out: &mut dyn Write) -> io::Result<()> {
    let percent = 100.0 * report.margin_seconds / report.one_core_seconds.max(f64::MIN_POSITIVE);
    writeln!(
        out,
        "count {} by {}: {} units",
        report.n, report.method, report.units
    )?;
    writeln!(
        out,
        "one core:   {} ({:.4e} s ± {percent:.1}%, 95% interval)",
        about(report.one_core_seconds),
        report.one_core_seconds
    )?;
    writeln!(
        out,
        "core-hours: {:.4e} ± {:.1e}",
        report.core_hours,
        report.margin_seconds / 3600.0
    )?;
    writeln!(
        out,
        "on {} threads: {}",
        report.threads,
        about(report.seconds_on_threads)
    )?;
    writeln!(
        out,
        "memory:     about {:.1} MiB",
        report.memory_bytes as f64 / (1 << 20) as f64
    )?;
    writeln!(
        out,
        "from {} pieces ({} rows placed above each) timed in {:.1} s, seed {}",
        report.pieces, report.piece_rows, report.sample_seconds, report.seed
    )
}
