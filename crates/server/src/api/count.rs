//! `GET /api/count?n=&method=&stats=&shard=&device=`: server-sent events,
//! `progress` as the plan's units finish, then `result` (the `count
//! --json` report). The count is the count request every front end
//! resolves and runs through the engine's one run loop, with its
//! parameters (`method`: `auto`, the default, or a method's name;
//! `stats`; `shard` as `I/K`, refused once the request takes it, before
//! any plan is made, since a shard is counted by the command line;
//! `device`, `auto` by default, where this server has no GPU: `gpu` is
//! refused and `auto` counts on the CPU), refused before any event in
//! the request's own words, on [`Limits::count_threads`] threads within
//! the default memory limit; when the client goes away the events stop
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
    CountRequest, CountSink, DeviceChoice, Devices, Method, StartedCount, UnitDone,
};
use nqueens::CountError;
use nqueens_report::refusal::{self, said};
use nqueens_report::schema::CountReport;
use nqueens_report::SHARDS_BY_THE_COMMAND_LINE;
use serde_json::json;
use std::convert::Infallible;
use std::sync::atomic::{AtomicUsize, Ordering};
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
    let CountMethod(method) =
        params.choice("method", &Method::choice_names(), CountMethod(None))?;
    let request = CountRequest {
        method,
        threads: Some(state.limits.count_threads),
        stats: params.flag("stats", false)?,
        shard: params.parsed("shard", "I/K with 0 ≤ I < K, such as 0/4")?,
        device: params.named("device", DeviceChoice::default())?,
        ..CountRequest::new(size)
    };
    let resolved = (request.resolve().map_err(refusal)?.by_plan())
        .expect("a count by the server is the bitmask algorithm's");
    // What the request refuses comes first, in its words; a shard it
    // takes is the command line's to count.
    if resolved.shard().is_some() {
        return Err(ApiError::bad(SHARDS_BY_THE_COMMAND_LINE));
    }
    let permit = work_slot(&state, peer, size.get(), "count")?;
    let started = tokio::task::spawn_blocking(move || resolved.start(&Devices::default()))
        .await
        .map_err(|_| {
            let status = axum::http::StatusCode::INTERNAL_SERVER_ERROR;
            ApiError::new(status, "the count could not be started")
        })?
        .map_err(refusal)?;
    let (sender, receiver) = mpsc::channel(4);
    tokio::task::spawn_blocking(move || {
        let report = counted(started, &sender);
        // The work is over: its slot is free before the client hears the
        // result, so a count it starts on hearing it finds the slot free
        // (held until after the send, a busy machine answered that next
        // count 429).
        drop(permit);
        if let Some(report) = report {
            let _ = sender.blocking_send(event("result", &nqueens_report::stamp::stamped(&report)));
        }
    });
    let events = ReceiverStream::new(receiver).map(Ok);
    let keep_alive = KeepAlive::new().interval(Duration::from_secs(1));
    Ok(Sse::new(events).keep_alive(keep_alive))
}

/// The count's refusal, in its own words, a memory refusal's way out
/// spelled as the query: 413 for a count over the memory it may take,
/// 400 for any other.
fn refusal(err: CountError) -> ApiError {
    let said = said(&err, &refusal::Query);
    match err {
        CountError::Memory(_) => ApiError::over_limit(said),
        _ => ApiError::bad(said),
    }
}

/// A count's method as the query names it: `auto` (none: the count request's
/// own choice) or a method's name.
struct CountMethod(Option<Method>);

impl std::str::FromStr for CountMethod {
    type Err = nqueens::UnknownMethod;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Method::parse_choice(text).map(CountMethod)
    }
}

/// Sends progress now and then as units finish; a send that finds the
/// client gone stops the count (it starts no more units).
struct Progress<'a> {
    events: &'a mpsc::Sender<Event>,
    units: usize,
    done: AtomicUsize,
    told: Mutex<Instant>,
}

impl CountSink for Progress<'_> {
    type Error = CountError;

    fn unit(&self, _: UnitDone) -> bool {
        let done = self.done.fetch_add(1, Ordering::Relaxed) + 1;
        let mut told = self.told.lock().unwrap_or_else(|err| err.into_inner());
        if done != self.units && told.elapsed() < PROGRESS_EVERY {
            return true;
        }
        *told = Instant::now();
        let progress = json!({ "done": done.min(self.units), "units": self.units });
        // A full queue only skips a bar's step; a closed one is a client
        // gone.
        !matches!(
            self.events.try_send(event("progress", &progress)),
            Err(mpsc::error::TrySendError::Closed(_))
        )
    }
}

/// The count's report, sending progress on the way; none when the client
/// went away (a count cut short has no counts: its tally is not a
/// board's).
fn counted(started: StartedCount, events: &mpsc::Sender<Event>) -> Option<CountReport> {
    let mut progress = Progress {
        events,
        units: started.ids().len(),
        done: AtomicUsize::new(0),
        told: Mutex::new(Instant::now()),
    };
    let end = started.run(&mut progress).ok()?;
    if !end.outcome.complete {
        return None;
    }
    end.summary().ok().map(CountReport::from)
}

fn event(name: &str, data: &impl serde::Serialize) -> Event {
    let data = serde_json::to_string(data).expect("report types always serialize");
    Event::default().event(name).data(data)
}
