//! `POST /api/complete`: `{"n", "queens": [[row, col], ...], "blocked":
//! [[row, col], ...]}` completed to a solution, or `{"columns": null}`
//! when none exists (with the pairs, when given queens attack each other).

use super::work_slot;
use crate::body::read_json;
use crate::error::ApiError;
use crate::params::{Params, Query};
use crate::peers::Peer;
use crate::AppState;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Request, State};
use axum::http::StatusCode;
use axum::Json;
use nqueens::constraint::{complete as search, Completion, Partial};
use nqueens::Square;
use nqueens_report::constraint::CompleteReport;
use serde::Deserialize;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What the body must be, in the words of an error.
const SHAPE: &str = r#"{"n": size, "queens": [[row, col], ...], "blocked": [[row, col], ...]}"#;

/// The body.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Board {
    n: usize,
    #[serde(default)]
    queens: Vec<[usize; 2]>,
    #[serde(default)]
    blocked: Vec<[usize; 2]>,
}

pub(crate) async fn complete(
    State(state): State<AppState>,
    peer: Peer,
    query: Result<Query, QueryRejection>,
    request: Request,
) -> Result<Json<CompleteReport>, ApiError> {
    Params::new(query, &[])?;
    let limits = &state.limits;
    let board: Board = read_json(request, limits, SHAPE).await?;
    if board.n > limits.board_max_n {
        return Err(ApiError::over_limit(format!(
            "n must be from 0 to {} (this server's limit), not {}",
            limits.board_max_n, board.n
        )));
    }
    let squares = |pairs: Vec<[usize; 2]>| pairs.into_iter().map(|[row, col]| Square { row, col });
    let partial = Partial::new(
        board.n,
        squares(board.queens).collect(),
        squares(board.blocked).collect(),
    )
    .map_err(|err| ApiError::unprocessable(err.to_string()))?;
    let permit = work_slot(&state, peer, board.n, "completion")?;
    let seconds = limits.complete_seconds;
    let deadline = Instant::now() + Duration::from_secs(seconds);
    // Dropped with this handler when the client goes away: the search
    // then stops at its next question.
    let gone = GoneOnDrop(Arc::new(AtomicBool::new(false)));
    let client_gone = gone.0.clone();
    let answer = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        let give_up = || client_gone.load(Ordering::Relaxed) || Instant::now() > deadline;
        search(&partial, &give_up)
    })
    .await
    .map_err(|err| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, err.to_string()))?;
    let report = match answer {
        Completion::Found(columns) => CompleteReport {
            columns: Some(columns),
            conflicts: vec![],
        },
        Completion::Impossible => CompleteReport {
            columns: None,
            conflicts: vec![],
        },
        Completion::Conflicts(pairs) => CompleteReport {
            columns: None,
            conflicts: pairs.iter().map(Into::into).collect(),
        },
        Completion::GaveUp => return Err(too_hard(seconds)),
    };
    Ok(Json(report))
}

/// A completion that gave up. Not 503: the same board would give up
/// again, so asking again cannot help, and no Retry-After says it could.
fn too_hard(seconds: u64) -> ApiError {
    ApiError::unprocessable(format!(
        "no completion found within this server's limit of {seconds} s: the board is too \
         hard for this server, and asking again will not help (`nqueens complete` on the \
         command line has no such limit)"
    ))
}

/// Raises its flag when dropped.
struct GoneOnDrop(Arc<AtomicBool>);

impl Drop for GoneOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use axum::response::IntoResponse;

    #[test]
    fn a_completion_that_gave_up_is_not_told_to_retry() {
        let answer = super::too_hard(5).into_response();
        assert_eq!(answer.status(), 422);
        assert!(answer.headers().get("retry-after").is_none());
    }
}
