//! `GET /api/solve?n=&limit=&unique=`: solutions in lexicographic order,
//! one `solve --format ndjson` line each.

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
use nqueens::Glyphs;
use nqueens_report::format::{self, Format, Output};

pub(crate) async fn solve(
    State(state): State<AppState>,
    peer: Peer,
    cut: Option<Extension<Cut>>,
    query: Result<Query, QueryRejection>,
) -> Result<Response, ApiError> {
    let params = Params::new(query, &["n", "limit", "unique"])?;
    let limits = &state.limits;
    let size = params.size(0, limits.solve_max_n)?;
    let max = limits.solve_max_limit;
    let limit = params.integer("limit", 0, max, Some(max))?;
    let unique = params.flag("unique", false)?;
    let permit = stream_slot(&state, peer, size.get()).await?;
    let cut = cut.map(|Extension(cut)| cut);
    Ok(ndjson(permit, limits.stream_time(), cut, move |out| {
        let writer = format::writer(Format::Ndjson, Glyphs::default());
        let mut output = Output::begin(out, writer, limit, unique)?;
        if limit > 0 {
            nqueens::solve(size, &mut output)?;
        }
        output.finish()
    }))
}
