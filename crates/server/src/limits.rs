//! What one client may ask of the server, so that no client takes the
//! machine or starves the others: sizes per endpoint, event and line caps,
//! time caps, the body and URI sizes, the time a client has to send and to
//! take, the connections open at once, the slots that bound the work
//! running at once, each client's share of them, and the slots kept for
//! short requests.

use serde::Serialize;
use std::time::Duration;

/// The server's limits. A value over a cap is answered with 413, a
/// request that finds every slot of its kind busy with 429 (counts and
/// completions: one per core) or 503 (streams, after waiting
/// [`Limits::stream_wait`]; connections over a cap); only these two
/// carry `Retry-After`.
///
/// A client is its peer address: an IPv4 address, or an IPv6 address's
/// /64 network (one machine is often given a whole /64). Behind a reverse
/// proxy every visitor is the proxy's address, and shares its share.
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
    /// Threads one `/api/count` runs on: one, so that the counts of
    /// [`Limits::work_slots`] visitors (one per core) share the machine
    /// rather than each taking all of it. The method is the one every
    /// front end resolves (`Method::resolve`), so the totals, unique
    /// counts and nodes are those of `nqueens count N --json`.
    pub count_threads: usize,
    /// The largest board `/api/verify` and `/api/complete` take.
    pub board_max_n: usize,
    /// Seconds a trace or solve stream may run, waiting on a client that
    /// does not read included; past them the search stops, its slot is
    /// free, and the connection closes without the final chunk.
    pub stream_seconds: u64,
    /// Seconds a completion may search; past them the answer is 422 (the
    /// board is too hard for this server: asking again cannot help).
    pub complete_seconds: u64,
    /// Counts and completions running at once (by default one per core).
    pub work_slots: usize,
    /// Of those, how many one client may hold (by default half of them,
    /// at least one): past it the answer is 429 at once.
    pub peer_work_slots: usize,
    /// Trace and solve streams running at once.
    pub stream_slots: usize,
    /// Of those, how many one client may hold (by default a quarter):
    /// past it a stream waits [`Limits::stream_wait`] for one of its own
    /// to end, then gets 503.
    pub peer_stream_slots: usize,
    /// Slots kept for short requests, so that they never wait behind long
    /// streams and counts: a trace, solve, count or completion of a board
    /// up to [`Limits::short_max_n`] takes one of these, and one of its
    /// kind only when these are busy. It still counts in its client's
    /// share.
    pub short_slots: usize,
    /// The largest board whose requests are short: every trace, solve,
    /// count and completion of it takes milliseconds.
    pub short_max_n: usize,
    /// Milliseconds a stream waits for a slot before the answer is 503.
    pub stream_wait_ms: u64,
    /// The largest request body, in bytes.
    pub body_bytes: usize,
    /// The longest request target (path and query), in bytes; past it the
    /// answer is 414. The API's URLs are under 100 bytes.
    pub uri_bytes: usize,
    /// Seconds a client has to send a request's headers, counted from
    /// the connection's start or the end of its last answer; past them
    /// the connection closes without an answer. A browser sends its
    /// headers at once, so only a stalled client waits this long, and an
    /// idle kept-alive connection closes after it.
    pub header_seconds: u64,
    /// Seconds a client has to send a request's whole body; past them the
    /// answer is 408. A body of [`Limits::body_bytes`] takes milliseconds,
    /// so this only cuts a client that stalls or trickles.
    pub body_seconds: u64,
    /// Seconds a client may leave an answer untaken (its receive window
    /// full) before the connection closes: a client that stops reading
    /// holds nothing longer.
    pub write_seconds: u64,
    /// Connections open at once. Past it a new connection is answered
    /// 503 with `Retry-After` and closed, rather than left waiting
    /// unanswered. Far over the six a browser opens, far under the usual
    /// limit of 1024 open files, so stalled clients cannot make the server
    /// fail to open files; the time limits above close them.
    pub max_connections: usize,
    /// Connections one client may hold open at once, past which its new
    /// ones are answered 503 and closed: far under
    /// [`Limits::max_connections`], so that no client alone reaches that.
    pub peer_connections: usize,
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
            count_threads: 1,
            board_max_n: nqueens::constraint::COMPLETE_MAX_N,
            stream_seconds: 10,
            complete_seconds: 5,
            work_slots: cores,
            peer_work_slots: (cores / 2).max(1),
            stream_slots: 8 * cores,
            peer_stream_slots: 2 * cores,
            short_slots: 2 * cores,
            short_max_n: 8,
            stream_wait_ms: 2_000,
            body_bytes: 64 * 1024,
            uri_bytes: 8 * 1024,
            header_seconds: 10,
            body_seconds: 10,
            write_seconds: 10,
            max_connections: 512,
            peer_connections: 32,
        }
    }
}

impl Limits {
    /// How long a stream waits for a slot.
    pub fn stream_wait(&self) -> Duration {
        Duration::from_millis(self.stream_wait_ms)
    }

    /// How long a stream may run.
    pub fn stream_time(&self) -> Duration {
        Duration::from_secs(self.stream_seconds)
    }
}
