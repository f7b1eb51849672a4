//! `GET /api/trace?n=&algorithm=&until=first|all&max_events=&queens=`: the
//! events of `trace --json`, as NDJSON. With `queens=R:C,R:C,...` the
//! search starts from those queens (a learner's board, finished or shown
//! to have no completion by the row-by-row search: naive, sets or arrays).

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
use nqueens::{Algorithm, Square};
use nqueens_report::trace::{narrate, narrate_given, Json, Until};

pub(crate) async fn trace(
    State(state): State<AppState>,
    peer: Peer,
    cut: Option<Extension<Cut>>,
    query: Result<Query, QueryRejection>,
) -> Result<Response, ApiError> {
    let params = Params::new(query, &["n", "algorithm", "until", "max_events", "queens"])?;
    let limits = &state.limits;
    let size = params.size(1, limits.trace_max_n)?;
    let algorithm = params.named("algorithm", Algorithm::Sets)?;
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
    let given = match params.text("queens") {
        None => None,
        Some(text) => Some(
            solver
                .from_given(&squares(text)?)
                .map_err(|err| ApiError::unprocessable(err.to_string()))?,
        ),
    };
    let permit = stream_slot(&state, peer, size.get()).await?;
    let cut = cut.map(|Extension(cut)| cut);
    Ok(ndjson(
        permit,
        limits.stream_time(),
        cut,
        move |out| match &given {
            Some(search) => narrate_given(search, &mut Json, out, until, max_events),
            None => narrate(&solver, &mut Json, out, until, max_events),
        },
    ))
}

/// `R:C,R:C,...` as squares (none for an empty value).
fn squares(text: &str) -> Result<Vec<Square>, ApiError> {
    let square = |pair: &str| {
        let (row, col) = pair.split_once(':')?;
        Some(Square {
            row: row.parse().ok().filter(|_| row.len() <= 3)?,
            col: col.parse().ok().filter(|_| col.len() <= 3)?,
        })
    };
    text.split(',')
        .filter(|pair| !pair.is_empty())
        .map(|pair| {
            square(pair).ok_or_else(|| {
                ApiError::bad(format!(
                    "queens must be row:col pairs separated by commas, e.g. 0:1,2:3; '{}' is not one",
                    crate::params::shown(pair)
                ))
            })
        })
        .collect()
}
