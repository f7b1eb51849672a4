//! `GET /api/trace?n=&algorithm=&until=first|all&max_events=`: the
//! events of `trace --json`, as NDJSON.

use super::stream_slot;
use crate::connection::Cut;
use crate::error::ApiError;
use crate::params::{Params, Query};
use crate::peers::Peer;
use crate::stream::ndjson;
use crate::AppState;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Extension, State};
use axum::response::Response;
use nqueens::Algorithm;
use nqueens_report::trace::{narrate, Json, Until};

pub(super) const ALGORITHMS: [&str; 5] = ["permutations", "naive", "sets", "arrays", "bitmask"];

pub(crate) async fn trace(
    State(state): State<AppState>,
    peer: Peer,
    cut: Option<Extension<Cut>>,
    query: Result<Query, QueryRejection>,
) -> Result<Response, ApiError> {
    let params = Params::new(query, &["n", "algorithm", "until", "max_events"])?;
    let limits = &state.limits;
    let size = params.size(1, limits.trace_max_n)?;
    let algorithm = params.choice("algorithm", &ALGORITHMS, Algorithm::Sets)?;
    let until = match params
        .choice("until", &["first", "all"], "first".to_string())?
        .as_str()
    {
        "first" => Until::First,
        "all" => Until::All,
        other => {
            return Err(ApiError::bad(format!(
                "until must be one of first, all, not '{other}'"
            )))
        }
    };
    let max = limits.trace_max_events;
    let max_events = params.integer("max_events", 1, max, Some(max))?;
    let solver = algorithm
        .on(size)
        .map_err(|err| ApiError::over_limit(err.to_string()))?;
    let permit = stream_slot(&state, peer, size.get()).await?;
    let cut = cut.map(|Extension(cut)| cut);
    Ok(ndjson(permit, limits.stream_time(), cut, move |out| {
        narrate(&solver, &mut Json, out, until, max_events)
    }))
}
