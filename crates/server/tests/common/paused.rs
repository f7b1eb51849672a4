//! The server's own deadlines, tested on tokio's paused clock. A test
//! runs on a current-thread runtime started paused
//! (`#[tokio::test(start_paused = true)]`), with the server on that
//! runtime ([`super::start`]), and first holds the clock still
//! ([`hold_clock`]): left alone, tokio moves a paused clock on to the
//! next timer whenever the runtime is idle, which may be while a request
//! is still on its way through the loopback interface, and a deadline
//! would fire before the server had read what it waits for. Held, the
//! clock moves only when the test advances it, so a deadline set while it
//! stands still falls at a known instant however loaded the machine is.
//! Waits for the clients and the server to act are bounded on the wall
//! clock instead, only to catch a hang ([`super::within`], [`wait_for`]).

use super::MARGIN;
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Keeps the paused clock from moving on by itself, until dropped.
pub struct HeldClock {
    _release: mpsc::Sender<()>,
}

/// Holds the paused clock still: tokio does not advance it by itself
/// while a blocking task runs (`tokio::time::pause`'s "Preventing
/// auto-advance"), and this one runs until the guard is dropped.
pub fn hold_clock() -> HeldClock {
    let (release, held) = mpsc::channel::<()>();
    drop(tokio::task::spawn_blocking(move || {
        let _ = held.recv();
    }));
    HeldClock { _release: release }
}

/// Sleeps `time` on the wall clock, the paused one standing still.
pub async fn wall_sleep(time: Duration) {
    tokio::task::spawn_blocking(move || std::thread::sleep(time))
        .await
        .unwrap();
}

/// Asks `done` every 20 ms of wall-clock time, the paused clock standing
/// still, until it holds; panics with `what` after [`MARGIN`].
pub async fn wait_for(what: &str, mut done: impl AsyncFnMut() -> bool) {
    let started = Instant::now();
    while !done().await {
        assert!(started.elapsed() < MARGIN, "{what}");
        wall_sleep(Duration::from_millis(20)).await;
    }
}

/// Advances the paused clock `step` at a time, the server given a turn
/// after each, until `done` holds: the paused time that took. Panics
/// after [`MARGIN`] of wall-clock time. For a deadline whose wait starts
/// at a moment the test cannot see (a write that finds the client's
/// buffers full, a request's time limits): it then fell at most a step
/// after the clock passed that moment plus the limit, and never before
/// the limit.
pub async fn advance_until(step: Duration, mut done: impl AsyncFnMut() -> bool) -> Duration {
    let (started, from) = (Instant::now(), tokio::time::Instant::now());
    while !done().await {
        assert!(
            started.elapsed() < MARGIN,
            "not done after {:?} of paused time",
            from.elapsed()
        );
        tokio::time::advance(step).await;
        tokio::task::yield_now().await;
    }
    from.elapsed()
}
