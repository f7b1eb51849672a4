//! The progress bar on stderr for long runs: shown only when stderr is a
//! terminal, the run has lasted about a second, and `--quiet` is not given.

use indicatif::{ProgressBar, ProgressState, ProgressStyle};
use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// How long a run goes before it is worth a progress bar.
const SHOW_AFTER: Duration = Duration::from_secs(1);

/// How far a run has got, out of a total set when the bar was made.
#[derive(Default)]
pub struct Meter {
    done: AtomicU64,
}

impl Meter {
    /// `work` more is done.
    pub fn add(&self, work: u64) {
        self.done.fetch_add(work, Ordering::Relaxed);
    }

    /// At least `position` is done (for runs that know where they are,
    /// not how much they did).
    pub fn reach(&self, position: u64) {
        self.done.fetch_max(position, Ordering::Relaxed);
    }
}

/// What the bar counts.
#[derive(Clone, Copy)]
pub enum Work {
    /// `total` units of a counting plan.
    Units(u64),
    /// Thousandths of the estimated search tree.
    Tree,
}

/// Runs `work` with a meter, and a bar drawn from it when one is wanted.
pub fn with_progress<T>(of: Work, quiet: bool, work: impl FnOnce(&Meter) -> T) -> T {
    let meter = Meter::default();
    if quiet || !std::io::stderr().is_terminal() {
        return work(&meter);
    }
    let finished = AtomicBool::new(false);
    std::thread::scope(|scope| {
        scope.spawn(|| draw(of, &meter, &finished));
        let result = work(&meter);
        finished.store(true, Ordering::Relaxed);
        result
    })
}

/// Runs `work` with a line on stderr that names it (`what`) and how long
/// it has taken, when stderr is a terminal and it lasts about a second:
/// for steps that cannot say how far they are.
pub fn with_phase<T>(what: &str, work: impl FnOnce() -> T) -> T {
    if !std::io::stderr().is_terminal() {
        return work();
    }
    let finished = AtomicBool::new(false);
    std::thread::scope(|scope| {
        scope.spawn(|| spin(what, &finished));
        let result = work();
        finished.store(true, Ordering::Relaxed);
        result
    })
}

/// How often a spinner or bar is redrawn, and how often the wait before it
/// looks whether the work has finished.
const TICK: Duration = Duration::from_millis(100);

/// Waits out [`SHOW_AFTER`]: false if the work finished first, so that a
/// short job never flashes a bar.
fn outlasted_show_after(finished: &AtomicBool) -> bool {
    let started = Instant::now();
    while started.elapsed() < SHOW_AFTER {
        if finished.load(Ordering::Relaxed) {
            return false;
        }
        std::thread::sleep(TICK);
    }
    true
}

/// Waits out [`SHOW_AFTER`], then turns a spinner until the end.
fn spin(what: &str, finished: &AtomicBool) {
    if !outlasted_show_after(finished) {
        return;
    }
    let style = ProgressStyle::with_template("{spinner} {msg} · {elapsed}")
        .unwrap_or_else(|_| ProgressStyle::default_spinner());
    let spinner = ProgressBar::new_spinner()
        .with_style(style)
        .with_message(what.to_string());
    while !finished.load(Ordering::Relaxed) {
        spinner.tick();
        std::thread::sleep(TICK);
    }
    spinner.finish_and_clear();
}

/// Waits out [`SHOW_AFTER`], then keeps a bar up to date until the end.
fn draw(of: Work, meter: &Meter, finished: &AtomicBool) {
    if !outlasted_show_after(finished) {
        return;
    }
    let (total, template) = match of {
        Work::Units(total) => (
            total,
            "{bar:40} {percent:>3}% of {len} units · {rate} · {elapsed} elapsed · ETA {eta}",
        ),
        Work::Tree => (
            1000,
            "{bar:40} {percent:>3}% of the estimated tree · {elapsed} elapsed · ETA {eta}",
        ),
    };
    let style = ProgressStyle::with_template(template)
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .with_key(
            "rate",
            |state: &ProgressState, out: &mut dyn std::fmt::Write| {
                let _ = write!(out, "{:.0}/s", state.per_sec());
            },
        );
    let bar = ProgressBar::new(total).with_style(style);
    while !finished.load(Ordering::Relaxed) {
        bar.set_position(meter.done.load(Ordering::Relaxed).min(total));
        std::thread::sleep(TICK);
    }
    bar.finish_and_clear();
}
