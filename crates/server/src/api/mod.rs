//! The JSON API: one file per endpoint, and the slot rules they share.

mod complete;
mod count;
mod listing;
mod solve;
mod trace;
mod verify;

use crate::error::ApiError;
use crate::params::{Params, Query};
use crate::peers::Peer;
use crate::slots::{self, Slot};
use crate::AppState;
use axum::extract::rejection::QueryRejection;
use axum::extract::{DefaultBodyLimit, FromRequestParts, State};
use axum::http::request::Parts;
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Json, Router};
use std::convert::Infallible;
use tokio::sync::Semaphore;

/// Every route under `/api`.
pub(crate) fn routes(state: AppState) -> Router {
    let body_bytes = state.limits.body_bytes;
    Router::new()
        .route("/api/trace", get(trace::trace))
        .route("/api/listing", get(listing::listing))
        .route("/api/solve", get(solve::solve))
        .route("/api/count", get(count::count))
        .route("/api/verify", post(verify::verify))
        .route("/api/complete", post(complete::complete))
        .route("/api/limits", get(limits))
        .route("/api/{*rest}", axum::routing::any(no_such_endpoint))
        .method_not_allowed_fallback(wrong_method)
        .layer(DefaultBodyLimit::max(body_bytes))
        .with_state(state)
}

/// `GET /api/limits`: the limits, the slots and connections in use now,
/// and what the asking client holds of them.
async fn limits(
    State(state): State<AppState>,
    peer: Peer,
    query: Result<Query, QueryRejection>,
) -> Result<Json<serde_json::Value>, ApiError> {
    Params::new(query, &[])?;
    let (limits, slots) = (&state.limits, &state.slots);
    let in_use = |total: usize, pool: &Semaphore| total.saturating_sub(pool.available_permits());
    let [connections, streams, work] = slots.peers.in_use(peer);
    Ok(Json(serde_json::json!({
        "limits": **limits,
        // The memory one count may take: the count request's default limit,
        // the same as the command line's and Python's.
        "count_max_memory": nqueens::count::MemoryLimit::half_machine().map(|limit| limit.bytes),
        "connections_open": in_use(limits.max_connections, &slots.connections),
        "work_slots_in_use": in_use(limits.work_slots, &slots.work),
        "stream_slots_in_use": in_use(limits.stream_slots, &slots.streams),
        "short_slots_in_use": in_use(limits.short_slots, &slots.short),
        "clients": slots.peers.clients(),
        "this_client": {
            "address": peer.to_string(),
            "connections_open": connections,
            "stream_slots_in_use": streams,
            "work_slots_in_use": work,
        },
    })))
}

async fn no_such_endpoint() -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        "no such endpoint: the API has /api/trace, /api/listing, /api/solve, /api/count, \
         /api/verify, /api/complete and /api/limits",
    )
}

async fn wrong_method() -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        "wrong method: /api/verify and /api/complete take POST, the others GET",
    )
}

/// The client a request comes from, as the accept loop saw it.
impl<S: Send + Sync> FromRequestParts<S> for Peer {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Peer, Infallible> {
        Ok(parts.extensions.get().copied().unwrap_or(Peer::UNKNOWN))
    }
}

/// A slot for a count or a completion of an `n` board (`what`), at once
/// or 429.
pub(crate) fn work_slot(
    state: &AppState,
    peer: Peer,
    n: usize,
    what: &str,
) -> Result<Slot, ApiError> {
    let short = n <= state.limits.short_max_n;
    slots::work_slot(&state.slots, &state.limits, peer, short, what)
}

/// A slot for a stream of an `n` board, within the wait or 503.
pub(crate) async fn stream_slot(state: &AppState, peer: Peer, n: usize) -> Result<Slot, ApiError> {
    let short = n <= state.limits.short_max_n;
    slots::stream_slot(&state.slots, &state.limits, peer, short).await
}
