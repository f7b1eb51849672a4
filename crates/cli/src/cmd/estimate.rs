//! `nqueens estimate N`: a count's one-core time with an error bar, its
//! core-hours, wall-clock time on this machine's threads, and memory,
//! from timing a random, reproducible sample of its work.

use crate::args::{EstimateArgs, MAX_SAMPLE_SECONDS};
use crate::error::{CliError, Status};
use crate::estimate::about;
use crate::memory;
use crate::progress::with_phase;
use nqueens::count::{CountRequest, DeviceChoice, Devices, Kernel, Method, NoMargin};
use nqueens::count::{PieceForecast, Plan, MIN_PIECES};
use nqueens_report::estimate::Sampled;
use nqueens_report::runs::EstimateReport;
use std::io::{self, Write};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// A piece forecast to take less is not said: it ends about as soon as
/// the line would be read.
const FORECAST_FROM: f64 = 5.0;

pub fn run(
    request: &EstimateArgs,
    kernel: Kernel,
    out: &mut dyn Write,
) -> Result<Status, CliError> {
    memory::one_heap();
    // What the process holds before the count: the least --max-memory
    // is the count's least and this.
    let own = nqueens::count::peak_bytes().unwrap_or(0);
    let count = CountRequest {
        method: request.method.named(),
        threads: request.threads,
        kernel: Some(kernel),
        device: DeviceChoice::Cpu,
        max_memory: request.max_memory,
        ..CountRequest::new(request.n)
    };
    let resolved = count
        .resolve()?
        .by_plan()
        .expect("the bitmask algorithm's count");
    let method = resolved.method();
    if !request.quiet {
        say_what_it_takes(request, method);
    }
    let n = request.n.get();
    let started = Instant::now();
    let making = format!("making the plan of count {n} by {method}");
    let prepared = with_phase(&making, request.quiet, || {
        resolved.start(&Devices::default())
    })?;
    let prepare_seconds = started.elapsed().as_secs_f64();
    let (plan, driver) = (prepared.plan(), prepared.driver());
    let started = Instant::now();
    let budget = Duration::from_secs_f64(request.seconds);
    let timing = format!("timing pieces of count {n} by {method}");
    let projection = with_phase(&timing, request.quiet, || {
        // Not stopped early: Ctrl-C ends the process.
        let keep_going = AtomicBool::new(true);
        let tell = |forecast| say_forecast(request, driver.thread_count(), forecast);
        nqueens::count::project_telling(driver, plan, budget, request.seed, &keep_going, &tell)
    });
    let sampled = Sampled {
        projection,
        prepare_seconds,
        sample_seconds: started.elapsed().as_secs_f64(),
        seed: request.seed,
    };
    let report = EstimateReport::of(&prepared, sampled, no_margin).map_err(CliError::failed)?;
    if request.json {
        out.write_all(nqueens_report::stamp::to_json_line(&report)?.as_bytes())?;
    } else {
        write_text(&report, own, out)?;
    }
    Ok(Status::Success)
}

/// Says on stderr, before anything starts, what may take longer than the
/// sample asked for: making the join's plan where its placements are
/// counted (n = 21 to 24: its time here), and timing whole units of the
/// join where one takes seconds or minutes.
fn say_what_it_takes(request: &EstimateArgs, method: Method) {
    let n = request.n.get();
    let mut err = io::stderr().lock();
    if let Some(seconds) = Plan::making_seconds(request.n, method) {
        let _ = writeln!(
            err,
            "nqueens: estimate {n} makes its plan before it times anything: {} on this machine (its quadrant placements counted, timed at n = 17)",
            about(seconds)
        );
    }
    if method.units_take_seconds(request.n) {
        let _ = writeln!(
            err,
            "nqueens: estimate {n} times whole units of the join, seconds to minutes each at n = {n}: one on each thread whatever --seconds, and no more once one would end past it"
        );
    }
}

/// Says on stderr how long a long piece will take in all, forecast once
/// its first part is timed (the join's units made in parts: seconds to
/// minutes each from n = 25), where that is [`FORECAST_FROM`] or more.
fn say_forecast(request: &EstimateArgs, threads: usize, forecast: PieceForecast) {
    if request.quiet || forecast.seconds < FORECAST_FROM {
        return;
    }
    let on = match threads {
        1 => String::new(),
        _ => format!(" on thread {} of {threads}", forecast.thread + 1),
    };
    let _ = writeln!(
        io::stderr().lock(),
        "nqueens: estimate {}: the unit it times{on} takes {} in all (forecast by CPU time after {:.1} s, {:.1}% of it)",
        request.n,
        about(forecast.seconds),
        forecast.timed_seconds,
        100.0 * forecast.timed_share
    );
}

/// Why there is no error bar, in words, and what would give one.
fn no_margin(why: NoMargin, pieces: u64) -> String {
    match why {
        NoMargin::TimedWhole => "the count is one unit, timed whole once, not sampled".into(),
        NoMargin::TooFewPieces { budget } => {
            let seconds = budget.as_secs_f64();
            let give = match seconds <= MAX_SAMPLE_SECONDS {
                true => format!("give --seconds {} or more", rounded_up(seconds)),
                false => format!("more than --seconds {MAX_SAMPLE_SECONDS} would be needed"),
            };
            format!("too few pieces sampled ({pieces}, at least {MIN_PIECES} needed): {give}")
        }
    }
}

/// `seconds` rounded up to two significant digits, written out.
fn rounded_up(seconds: f64) -> String {
    let exponent = seconds.log10().floor() as i32 - 1;
    let scale = 10f64.powi(exponent);
    let decimals = usize::try_from(-exponent).unwrap_or(0);
    format!("{:.*}", decimals, (seconds / scale).ceil() * scale)
}

fn write_text(report: &EstimateReport, own: u64, out: &mut dyn Write) -> io::Result<()> {
    let (margin, hours) = match report.margin_seconds {
        Some(margin) => {
            let percent = 100.0 * margin / report.one_core_seconds.max(f64::MIN_POSITIVE);
            let hours = margin / 3600.0;
            (
                format!(" ± {percent:.1}%, 95% interval"),
                format!(" ± {hours:.1e}"),
            )
        }
        None => (", no error bar".into(), String::new()),
    };
    writeln!(
        out,
        "count {} by {}: {}",
        report.n,
        report.method,
        nqueens::plural(report.units, "unit")
    )?;
    writeln!(
        out,
        "one core:   {} ({:.4e} s{margin})",
        about(report.one_core_seconds),
        report.one_core_seconds
    )?;
    writeln!(out, "core-hours: {:.4e}{hours}", report.core_hours)?;
    writeln!(
        out,
        "on {} thread{}: {}",
        report.threads,
        if report.threads == 1 { "" } else { "s" },
        about(report.seconds_on_threads)
    )?;
    let mib = |bytes: u64| bytes as f64 / (1 << 20) as f64;
    write!(out, "memory:     about {:.1} MiB", mib(report.memory_bytes))?;
    match report.least_memory_bytes {
        Some(least) if least < report.memory_bytes => writeln!(
            out,
            "; at least {:.1} MiB, more slowly (--max-memory {}M, the process's own included)",
            mib(least),
            nqueens::count::advised_mib(own, least)
        ),
        _ => writeln!(out),
    }?;
    write!(
        out,
        "from {} piece{} ({} rows placed above each) timed by their CPU time in {:.1} s, seed {}",
        report.pieces,
        if report.pieces == 1 { "" } else { "s" },
        report.piece_rows,
        report.sample_seconds,
        report.seed
    )?;
    match report.prepare_seconds >= 1.0 {
        true => writeln!(
            out,
            ", after {:.1} s making the plan",
            report.prepare_seconds
        ),
        false => writeln!(out),
    }?;
    if let Some(spread) = report.speed_spread {
        let percent = 100.0 * spread;
        writeln!(
            out,
            "this machine's speed varied by {percent:.1}% meanwhile (in the error bar)"
        )?;
    }
    match &report.no_margin {
        Some(why) => writeln!(out, "no error bar: {why}"),
        None => Ok(()),
    }
}
