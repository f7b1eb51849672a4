//! What one client may ask of the server, so that no client takes the
//! machine: sizes per endpoint, event and line caps, time caps, the body
//! size, and the slots that bound the work running at once.

use serde::Serialize;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;

/// The server's limits. A value over a cap is answered with 413, a
/// request that finds every slot of its kind busy with 429 (counts and
/// completions: one per core) or 503 (streams, after waiting
/// [`Limits::stream_wait`]).
#[derive(Debug, Clone, Serialize)]
pub struct Limits {
    /// The largest board `/api/trace` narrates (the page shows 1..=12).
    pub trace_max_n: usize,
    /// The most events one trace sends (its default too).
    pub trace_max_events: u64,
    /// The largest board `/api/solve` searches: past it the first
    /// solution can take minutes.
    pub solve_max_n: usize,
    /// The most solutions one `/api/solve` sends (its default too).
    pub solve_max_limit: u64,
    /// The largest board `/api/count` counts.
    pub count_max_n: usize,
    /// The largest board `/api/verify` and `/api/complete` take.
    pub board_max_n: usize,
    /// Seconds a trace or solve stream may search; past them the stream
    /// is cut (the connection closes without the final chunk).
    pub stream_seconds: u64,
    /// Seconds a completion may search before the answer is 503.
    pub complete_seconds: u64,
    /// Counts and completions running at once (by default one per core).
    pub work_slots: usize,
    /// Trace and solve streams running at once.
    pub stream_slots: usize,
    /// Milliseconds a stream waits for a slot before the answer is 503.
    pub stream_wait_ms: u64,
    /// The largest request body, in bytes.
    pub body_bytes: usize,
}

impl Default for Limits {
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        Limits {
            trace_max_n: 12,
            trace_max_events: 1_000_000,
            solve_max_n: 24,
            solve_max_limit: 100_000,
            count_max_n: 18,
            board_max_n: nqueens::constraint::COMPLETE_MAX_N,
            stream_seconds: 10,
            complete_seconds: 5,
            work_slots: cores,
            stream_slots: 8 * cores,
            stream_wait_ms: 2_000,
            body_bytes: 64 * 1024,
        }
    }
}

impl Limits {
    /// How long a stream waits for a slot.
    pub fn stream_wait(&self) -> Duration {
        Duration::from_millis(self.stream_wait_ms)
    }
}

/// The slots themselves.
pub(crate) struct Slots {
    /// Counts and completions.
    pub(crate) work: Arc<Semaphore>,
    /// Trace and solve streams.
    pub(crate) streams: Arc<Semaphore>,
}

impl Slots {
    pub(crate) fn new(limits: &Limits) -> Slots {
        Slots {
            work: Arc::new(Semaphore::new(limits.work_slots)),
            streams: Arc::new(Semaphore::new(limits.stream_slots)),
        }
    }
}
