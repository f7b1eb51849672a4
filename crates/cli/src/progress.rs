//! The progress bar on stderr for long counts: shown only when stderr is a
//! terminal, the run has lasted about a second, and `--quiet` is not given.

use indicatif::{ProgressBar, ProgressState, ProgressStyle};
use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// How long a run goes before it is worth a progress bar.
const SHOW_AFTER: Duration = Duration::from_secs(1);

/// Runs `work`, which calls the function it is given once per finished
/// unit out of `units`, with a progress bar when one is wanted.
pub fn with_progress<T>(units: u64, quiet: bool, work: impl FnOnce(&(dyn Fn() + Sync)) -> T) -> T {
    if quiet || !std::io::stderr().is_terminal() {
        return work(&|| {});
    }
    let done = AtomicU64::new(0);
    let finished = AtomicBool::new(false);
    std::thread::scope(|scope| {
        scope.spawn(|| draw(units, &done, &finished));
        let result = work(&|| {
            done.fetch_add(1, Ordering::Relaxed);
        });
        finished.store(true, Ordering::Relaxed);
        result
    })
}

/// Waits out [`SHOW_AFTER`], then keeps a bar up to date until the end.
fn draw(units: u64, done: &AtomicU64, finished: &AtomicBool) {
    let started = Instant::now();
    let tick = Duration::from_millis(100);
    while started.elapsed() < SHOW_AFTER {
        if finished.load(Ordering::Relaxed) {
            return;
        }
        std::thread::sleep(tick);
    }
    let style = ProgressStyle::with_template(
        "{bar:40} {percent:>3}% of {len} subproblems · {rate} · {elapsed} elapsed · ETA {eta}",
    )
    .unwrap_or_else(|_| ProgressStyle::default_bar())
    .with_key(
        "rate",
        |state: &ProgressState, out: &mut dyn std::fmt::Write| {
            let _ = write!(out, "{:.0}/s", state.per_sec());
        },
    );
    let bar = ProgressBar::new(units).with_style(style);
    while !finished.load(Ordering::Relaxed) {
        bar.set_position(done.load(Ordering::Relaxed));
        std::thread::sleep(tick);
    }
    bar.finish_and_clear();
}
