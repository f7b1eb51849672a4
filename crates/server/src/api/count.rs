//! `GET /api/count?n=&method=&stats=&shard=&device=`: server-sent events,
//! `progress` as the plan's units finish, then `result` (the `count
//! --json` report). The count is the count job every front end runs, with
//! its parameters (`method`: `auto`, the default, or a method's name;
//! `stats`; `shard` as `I/K`, refused once the job takes it, since a shard is
//! counted by the command line; `device`, where this server has no GPU: `gpu`
//! is refused and `auto` counts on the CPU), refused before any event in
//! the job's own words, on [`Limits::count_threads`] threads within the
//! job's default memory limit; when the client goes away the events stop
//! being taken and the count starts no more units.
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
use nqueens::count::{
    CountJob, DeviceChoice, JobDevice, MemoryLimit, Method, PreparedCount, Spelling, UnitDone,
};
use nqueens::CountError;
use nqueens_report::schema::CountReport;
use nqueens_report::SHARDS_BY_THE_COMMAND_LINE;
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
    let params = Params::new(query, &["n", "method", "stats", "shard", "device"])?;
    let size = params.size(0, state.limits.count_max_n)?;
    let methods = method_choices();
    let CountMethod(method) = params.choice("method", &methods, CountMethod(None))?;
    let devices: Vec<&str> = DeviceChoice::ALL
        .iter()
        .map(|choice| choice.name())
        .collect();
    let job = CountJob {
        method,
        threads: Some(state.limits.count_threads),
        stats: params.flag("stats", false)?,
        shard: params.parsed("shard", "I/K with 0 ≤ I < K, such as 0/4")?,
        device: JobDevice {
            choice: params.choice("device", &devices, DeviceChoice::Cpu)?,
            ..JobDevice::default()
        },
        // The server's memory limit, whose refusal advises what a
        // request can change: the method.
        max_memory: (MemoryLimit::half_machine()).map(|limit| limit.spelled(Spelling::Query)),
        ..CountJob::new(size)
    };
    let permit = work_slot(&state, peer, size.get(), "count")?;
    let prepared = tokio::task::spawn_blocking(move || job.prepare())
        .await
        .map_err(|_| {
            let status = axum::http::StatusCode::INTERNAL_SERVER_ERROR;
            ApiError::new(status, "the count could not be prepared")
        })?
        .map_err(refusal)?;
    if !prepared.whole() {
        return Err(ApiError::bad(SHARDS_BY_THE_COMMAND_LINE));
    }
    let (sender, receiver) = mpsc::channel(4);
    tokio::task::spawn_blocking(move || {
        let report = counted(&prepared, &sender, Instant::now());
        // The work is over: its slot is free before the client hears the
        // result, so a count it starts on hearing it finds the slot free
        // (held until after the send, a busy machine answered that next
        // count 429).
        drop(prepared);
        drop(permit);
        if let Some(report) = report {
            let _ = sender.blocking_send(event("result", &nqueens_report::stamp::stamped(&report)));
        }
    });
    let events = ReceiverStream::new(receiver).map(Ok);
    let keep_alive = KeepAlive::new().interval(Duration::from_secs(1));
    Ok(Sse::new(events).keep_alive(keep_alive))
}

/// The job's refusal, in its own words: 413 for a count over the memory
/// it may take, 400 for any other.
fn refusal(err: CountError) -> ApiError {
    match err {
        CountError::Memory(_) => ApiError::over_limit(err.to_string()),
        _ => ApiError::bad(err.to_string()),
    }
}

/// `auto` and every method's name.
fn method_choices() -> Vec<&'static str> {
    let names = Method::ALL.iter().map(|method| method.name());
    std::iter::once("auto").chain(names).collect()
}

/// A count's method as the query names it: `auto` (none: the count job's
/// own choice) or a method's name.
struct CountMethod(Option<Method>);

impl std::str::FromStr for CountMethod {
    type Err = nqueens::UnknownMethod;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Method::parse_choice(text).map(CountMethod)
    }
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
    let seconds = started.elapsed().as_secs_f64();
    let summary = prepared.report(outcome, seconds).ok()?;
    Some(CountReport::from(summary))
}

fn event(name: &str, data: &impl serde::Serialize) -> Event {
    let data = serde_json::to_string(data).expect("report types always serialize");
    Event::default().event(name).data(data)
}
