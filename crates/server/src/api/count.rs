//! `GET /api/count?n=`: server-sent events, `progress` as the plan's
//! units finish, then `result` (the `count --json` report). The count
//! runs on one core, in slices of units; when the client goes away the
//! events stop being taken and the count stops after the slice in hand.

use super::work_slot;
use crate::error::ApiError;
use crate::params::{Params, Query};
use crate::AppState;
use axum::extract::rejection::QueryRejection;
use axum::extract::State;
use axum::response::sse::{Event, KeepAlive, Sse};
use futures_util::stream::Stream;
use nqueens::count::{Driver, Method, Plan, Tally};
use nqueens::BoardSize;
use nqueens_report::schema::CountReport;
use serde_json::json;
use std::convert::Infallible;
use std::time::{Duration, Instant};
use tokio::sync::mpsc;
use tokio_stream::wrappers::ReceiverStream;
use tokio_stream::StreamExt;

/// Progress is sent at most this often: enough for a smooth bar, and a
/// write that finds a client gone.
const PROGRESS_EVERY: Duration = Duration::from_millis(100);

pub(crate) async fn count(
    State(state): State<AppState>,
    query: Result<Query, QueryRejection>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiError> {
    let params = Params::new(query, &["n"])?;
    let size = params.size(0, state.limits.count_max_n)?;
    let permit = work_slot(&state, "count")?;
    let (sender, receiver) = mpsc::channel(4);
    tokio::task::spawn_blocking(move || {
        let _permit = permit;
        run(size, &sender);
    });
    let events = ReceiverStream::new(receiver).map(Ok);
    let keep_alive = KeepAlive::new().interval(Duration::from_secs(1));
    Ok(Sse::new(events).keep_alive(keep_alive))
}

/// Counts `size` and sends the report, unless the client goes away.
fn run(size: BoardSize, events: &mpsc::Sender<Event>) {
    let started = Instant::now();
    let plan = Plan::new(size, Method::Backtrack);
    let driver = match Driver::new().threads(1) {
        Ok(driver) => driver,
        Err(err) => {
            let _ = events.blocking_send(event("error", &json!({ "error": err.to_string() })));
            return;
        }
    };
    let Some(tally) = run_slices(&plan, &driver, events) else {
        return;
    };
    let counts = plan.counts(tally);
    let report = CountReport {
        n: size.get(),
        total: counts.total,
        unique: counts.unique,
        nodes: counts.nodes,
        seconds: started.elapsed().as_secs_f64(),
        threads: 1,
        method: Some(plan.method().name().to_string()),
        peak_bytes: None,
        stats: None,
        device: None,
        device_lost: None,
    };
    let _ = events.blocking_send(event("result", &report));
}

/// Runs the plan slice by slice, sending progress now and then; None
/// when a send finds the client gone. Slices of about a hundredth of the
/// plan keep a gone client's count from running on for long.
fn run_slices(plan: &Plan, driver: &Driver, events: &mpsc::Sender<Event>) -> Option<Tally> {
    let ids: Vec<usize> = (0..plan.units().len()).collect();
    let (mut tally, mut done, mut told) = (Tally::default(), 0, Instant::now());
    for slice in ids.chunks(ids.len().div_ceil(100).max(1)) {
        tally += driver.run(plan, slice, &|_| {});
        done += slice.len();
        if done == ids.len() || told.elapsed() >= PROGRESS_EVERY {
            told = Instant::now();
            let progress = json!({ "done": done, "units": ids.len() });
            events.blocking_send(event("progress", &progress)).ok()?;
        }
    }
    Some(tally)
}

fn event(name: &str, data: &impl serde::Serialize) -> Event {
    let data = serde_json::to_string(data).expect("report types always serialize");
    Event::default().event(name).data(data)
}
