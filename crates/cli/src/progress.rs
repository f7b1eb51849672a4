//! The progress bar on stderr for long runs: shown only when stderr is a
//! terminal, the run has lasted about a second, and `--quiet` is not given.
//! Its clock starts with the work, not with the bar, and it tells no time
//! left until some work is done to base it on.

use indicatif::{HumanDuration, ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
use std::fmt;
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
pub fn with_phase<T>(what: &str, quiet: bool, work: impl FnOnce() -> T) -> T {
    if quiet || !std::io::stderr().is_terminal() {
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

/// Waits out [`SHOW_AFTER`]: when the work began, or none if it finished
/// first, so that a short job never flashes a bar.
fn outlasted_show_after(finished: &AtomicBool) -> Option<Instant> {
    let started = Instant::now();
    while started.elapsed() < SHOW_AFTER {
        if finished.load(Ordering::Relaxed) {
            return None;
        }
        std::thread::sleep(TICK);
    }
    Some(started)
}

/// Waits out [`SHOW_AFTER`], then turns a spinner until the end.
fn spin(what: &str, finished: &AtomicBool) {
    let Some(started) = outlasted_show_after(finished) else {
        return;
    };
    let style = ProgressStyle::with_template("{spinner} {msg} · {elapsed}")
        .unwrap_or_else(|_| ProgressStyle::default_spinner());
    let spinner = ProgressBar::new_spinner()
        .with_style(style)
        .with_message(what.to_string())
        .with_elapsed(started.elapsed());
    while !finished.load(Ordering::Relaxed) {
        spinner.tick();
        std::thread::sleep(TICK);
    }
    spinner.finish_and_clear();
}

/// Waits out [`SHOW_AFTER`], then keeps a bar up to date until the end.
fn draw(of: Work, meter: &Meter, finished: &AtomicBool) {
    let Some(started) = outlasted_show_after(finished) else {
        return;
    };
    let bar = bar(of, started.elapsed(), ProgressDrawTarget::stderr());
    let total = bar.length().unwrap_or(0);
    while !finished.load(Ordering::Relaxed) {
        bar.set_position(meter.done.load(Ordering::Relaxed).min(total));
        std::thread::sleep(TICK);
    }
    bar.finish_and_clear();
}

/// The bar of `of`, drawn to `target`, its clock set to the `elapsed`
/// time the work has already run.
fn bar(of: Work, elapsed: Duration, target: ProgressDrawTarget) -> ProgressBar {
    let (total, template) = match of {
        Work::Units(total) => (
            total,
            "{bar:40} {percent:>3}% of {len} units · {rate} · {elapsed} elapsed · {left}",
        ),
        Work::Tree => (
            1000,
            "{bar:40} {percent:>3}% of the estimated tree · {elapsed} elapsed · {left}",
        ),
    };
    let style = ProgressStyle::with_template(template)
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .with_key("rate", |state: &ProgressState, out: &mut dyn fmt::Write| {
            let _ = out.write_str(&rate(state.pos(), state.elapsed()));
        })
        .with_key("left", |state: &ProgressState, out: &mut dyn fmt::Write| {
            let _ = out.write_str(&left(state.pos(), state.len(), state.elapsed()));
        });
    ProgressBar::with_draw_target(Some(total), target)
        .with_style(style)
        .with_elapsed(elapsed)
}

/// Units a second since the work began, with the unit said.
fn rate(done: u64, elapsed: Duration) -> String {
    let seconds = elapsed.as_secs_f64();
    match seconds > 0.0 {
        true => format!("{:.1} units/s", done as f64 / seconds),
        false => "– units/s".into(),
    }
}

/// The time left at the pace so far, or that it is not known yet (before
/// any work is done there is no pace to go by).
fn left(done: u64, total: Option<u64>, elapsed: Duration) -> String {
    let total = total.unwrap_or(0);
    if done == 0 || done > total {
        return "time left not known yet".into();
    }
    let seconds = elapsed.as_secs_f64() * (total - done) as f64 / done as f64;
    let left = HumanDuration(Duration::from_secs_f64(seconds.min(1e9)));
    format!("about {left} left")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_starts_with_the_work_not_the_bar() {
        let bar = bar(
            Work::Units(10),
            Duration::from_secs(3),
            ProgressDrawTarget::hidden(),
        );
        assert!(
            bar.elapsed() >= Duration::from_secs(3),
            "{:?}",
            bar.elapsed()
        );
    }

    #[test]
    fn no_time_left_is_told_before_any_work_is_done() {
        let nothing = left(0, Some(10), Duration::from_secs(1));
        assert_eq!(nothing, "time left not known yet");
        assert_eq!(
            left(5, Some(10), Duration::from_secs(4)),
            "about 4 seconds left"
        );
        assert_eq!(
            left(10, Some(10), Duration::from_secs(4)),
            "about 0 seconds left"
        );
    }

    #[test]
    fn the_rate_says_its_unit() {
        assert_eq!(rate(30, Duration::from_secs(4)), "7.5 units/s");
        assert_eq!(rate(0, Duration::ZERO), "– units/s");
    }
}
