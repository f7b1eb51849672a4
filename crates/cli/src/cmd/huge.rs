//! `nqueens one` and `nqueens random`: one solution of a board too large
//! to search, by the explicit construction or by min-conflicts, written
//! in any `solve` format.

use crate::args::Huge;
use crate::error::{CliError, Status};
use indicatif::{ProgressBar, ProgressStyle};
use nqueens::huge::{construct, random_solution, HugeError, Progress};
use nqueens::{Glyphs, Sink, Solution};
use nqueens_report::format::{writer, Output};
use std::io::{self, IsTerminal, Write};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

pub fn run(request: &Huge, out: &mut dyn Write) -> Result<Status, CliError> {
    let columns = match request.seed {
        None => construct(request.n),
        Some(seed) => random(request, seed),
    };
    let columns = columns.map_err(CliError::failed)?;
    let writer = writer(request.format, Glyphs::default());
    let mut output = Output::begin(out, writer, 1, false)?;
    output.solution(&Solution::from_columns(columns))?;
    output.finish()?;
    Ok(Status::Success)
}

/// The min-conflicts board, with the seed said when it was chosen here
/// and a line of progress on a terminal.
fn random(request: &Huge, seed: Option<u64>) -> Result<Vec<u32>, HugeError> {
    let seed = seed.unwrap_or_else(|| {
        let chosen = clock_seed();
        let _ = writeln!(
            io::stderr().lock(),
            "seed {chosen} (--seed {chosen} gives this board again)"
        );
        chosen
    });
    let shown = !request.quiet && io::stderr().is_terminal();
    let started = Instant::now();
    let bar = ProgressBar::hidden();
    let mut report = |progress: Progress| {
        if shown && started.elapsed() > Duration::from_millis(500) {
            show(&bar, progress);
        }
        true
    };
    let found = random_solution(request.n, seed, &mut report);
    bar.finish_and_clear();
    found
}

/// The spinner, made visible the first time it is worth it.
fn show(bar: &ProgressBar, progress: Progress) {
    if bar.is_hidden() {
        bar.set_draw_target(indicatif::ProgressDrawTarget::stderr());
        let style = ProgressStyle::with_template("{spinner} min-conflicts: {msg} · {elapsed}")
            .unwrap_or_else(|_| ProgressStyle::default_spinner());
        bar.set_style(style);
    }
    bar.set_message(format!(
        "{} left after {}",
        nqueens::plural(progress.conflicts, "conflict"),
        nqueens::plural(progress.steps, "step")
    ));
    bar.tick();
}

/// A seed from the clock, for a run that did not give one.
fn clock_seed() -> u64 {
    let since = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default();
    since.as_nanos() as u64 % 1_000_000_000
}
