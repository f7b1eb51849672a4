//! The JSON API: one file per endpoint, and the slot rules they share.

mod complete;
mod count;
mod listing;
mod solve;
mod trace;
mod verify;

use crate::error::ApiError;
use crate::params::{Params, Query};
use crate::AppState;
use axum::extract::rejection::QueryRejection;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Json, Router};
use tokio::sync::OwnedSemaphorePermit;

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

/// `GET /api/limits`: the limits, and the slots in use now.
async fn limits(
    State(state): State<AppState>,
    query: Result<Query, QueryRejection>,
) -> Result<Json<serde_json::Value>, ApiError> {
    Params::new(query, &[])?;
    let slots = &state.slots;
    let in_use = |total: usize, free: usize| total.saturating_sub(free);
    Ok(Json(serde_json::json!({
        "limits": *state.limits,
        "work_slots_in_use": in_use(state.limits.work_slots, slots.work.available_permits()),
        "stream_slots_in_use": in_use(state.limits.stream_slots, slots.streams.available_permits()),
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

/// A slot for a count or a completion, at once or 429.
pub(crate) fn work_slot(state: &AppState, what: &str) -> Result<OwnedSemaphorePermit, ApiError> {
    state.slots.work.clone().try_acquire_owned().map_err(|_| {
        ApiError::busy(
            StatusCode::TOO_MANY_REQUESTS,
            format!(
                "all {} slots for counts and completions are busy (one per core); \
                 try the {what} again when one finishes",
                state.limits.work_slots
            ),
        )
    })
}

/// A slot for a stream, within the wait or 503.
pub(crate) async fn stream_slot(state: &AppState) -> Result<OwnedSemaphorePermit, ApiError> {
    let waiting = state.slots.streams.clone().acquire_owned();
    match tokio::time::timeout(state.limits.stream_wait(), waiting).await {
        Ok(Ok(permit)) => Ok(permit),
        _ => Err(ApiError::busy(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "all {} stream slots stayed busy for {} ms; try again",
                state.limits.stream_slots, state.limits.stream_wait_ms
            ),
        )),
    }
}
