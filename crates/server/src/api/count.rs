//! `GET /api/count?n=&method=`: server-sent events, `progress` as the
//! plan's units finish, then `result` (the `count --json` report). The
//! count is the count job every front end runs, with `count --method`'s
//! methods (`auto`, the default, `backtrack`, `plain` or `join`), on
//! [`Limits::count_threads`] threads; when the client goes away the events
//! stop being taken and the count starts no more units.
//!
//! [`Limits::count_threads`]: crate::Limits::count_threads

use super::work_slot;
use crate::error::ApiError;
use crate::params::{Params, Query};
use crate::peers::Peer;
use crate::AppState;
use axum::extract::rejection::QueryRejection;
use axum::extract::State;
use axum::response::sse::{Event, KeepAlive, Sse};
use futures_util::stream::Stream;
use nqueens::count::{CountJob, Method, PreparedCount, UnitDone};
use nqueens::BoardSize;
use nqueens_report::schema::CountReport;
use serde_json::json;
use std::convert::Infallible;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};
use tokio::sync::mpsc;
use tokio_stream::wrappers::ReceiverStream;
use tokio_stream::StreamExt;

/// Progress is sent at most this often: enough for a smooth bar, and a
/// write that finds a client gone.
const PROGRESS_EVERY: Duration = Duration::from_millis(100);

pub(crate) async fn count(
    State(state): State<AppState>,
    peer: Peer,
    query: Result<Query, QueryRejection>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiError> {
    let params = Params::new(query, &["n", "method"])?;
    let size = params.size(0, state.limits.count_max_n)?;
    let CountMethod(method) = params.choice("method", &CountMethod::NAMES, CountMethod(None))?;
    let threads = state.limits.count_threads;
    let permit = work_slot(&state, peer, size.get(), "count")?;
    let (sender, receiver) = mpsc::channel(4);
    tokio::task::spawn_blocking(move || {
        let _permit = permit;
        run(size, method, threads, &sender);
    });
    let events = ReceiverStream::new(receiver).map(Ok);
    let keep_alive = KeepAlive::new().interval(Duration::from_secs(1));
    Ok(Sse::new(events).keep_alive(keep_alive))
}

/// A count's method as the query names it: `auto` (none: the count job's
/// own choice) or a method's name.
struct CountMethod(Option<Method>);

impl CountMethod {
    const NAMES: [&'static str; 4] = ["auto", "backtrack", "plain", "join"];
}

impl std::str::FromStr for CountMethod {
    type Err = nqueens::UnknownMethod;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Method::parse_choice(text).map(CountMethod)
    }
}

/// Counts `size` and sends the report, unless the client goes away.
fn run(size: BoardSize, method: Option<Method>, threads: usize, events: &mpsc::Sender<Event>) {
    let started = Instant::now();
    let job = CountJob {
        method,
        threads: Some(threads),
        ..CountJob::new(size)
    };
    let prepared = match job.prepare() {
        Ok(prepared) => prepared,
        Err(err) => {
            let _ = events.blocking_send(event("error", &json!({ "error": err.to_string() })));
            return;
        }
    };
    let Some(report) = counted(&prepared, events, started) else {
        return;
    };
    let _ = events.blocking_send(event("result", &report));
}

/// The count's report, sending progress now and then on the way; none
/// when a send finds the client gone (the count then starts no more
/// units).
fn counted(
    prepared: &PreparedCount,
    events: &mpsc::Sender<Event>,
    started: Instant,
) -> Option<CountReport> {
    let units = prepared.ids().len();
    let (done, told) = (AtomicUsize::new(0), Mutex::new(Instant::now()));
    let keep_going = AtomicBool::new(true);
    let on_unit = |_: UnitDone| {
        let done = done.fetch_add(1, Ordering::Relaxed) + 1;
        let mut told = told.lock().unwrap_or_else(|err| err.into_inner());
        if done == units || told.elapsed() >= PROGRESS_EVERY {
            *told = Instant::now();
            let progress = json!({ "done": done, "units": units });
            // A full queue only skips a bar's step; a closed one is a
            // client gone.
            if let Err(mpsc::error::TrySendError::Closed(_)) =
                events.try_send(event("progress", &progress))
            {
                keep_going.store(false, Ordering::Relaxed);
            }
        }
    };
    let outcome = prepared.run(&[], &keep_going, &on_unit);
    // A count cut short has no counts: its tally is not a board's (and
    // asking for them would trip the check that it is).
    if !outcome.complete {
        return None;
    }
    let counts = outcome.counts(prepared.plan()).ok()?;
    let seconds = started.elapsed().as_secs_f64();
    Some(CountReport::of(
        size_of(prepared),
        counts,
        &outcome,
        seconds,
        None,
    ))
}

fn size_of(prepared: &PreparedCount) -> usize {
    prepared.plan().size().get()
}

fn event(name: &str, data: &impl serde::Serialize) -> Event {
    let data = serde_json::to_string(data).expect("report types always serialize");
    Event::default().event(name).data(data)
}
