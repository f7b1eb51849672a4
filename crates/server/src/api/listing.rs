//! `GET /api/listing?algorithm=&style=`: the algorithm's code in the
//! page's style (whose lines the trace's `"line"` fields number) or the
//! tutorials', with the line of each kind of step.

use crate::error::ApiError;
use crate::params::{Params, Query};
use axum::extract::rejection::QueryRejection;
use axum::Json;
use nqueens::{Algorithm, CodeStyle, Listing, Named};
use nqueens_report::schema::ListingReport;

pub(crate) async fn listing(
    query: Result<Query, QueryRejection>,
) -> Result<Json<ListingReport>, ApiError> {
    let params = Params::new(query, &["algorithm", "style"])?;
    let algorithm = params.named("algorithm", Algorithm::Sets)?;
    let style = params.named("style", CodeStyle::Page)?;
    let listing = Listing::styled(algorithm, style);
    Ok(Json(ListingReport {
        algorithm: algorithm.name(),
        style: style.name(),
        language: "python",
        lines: listing.lines().to_vec(),
        steps: listing.tags().collect(),
        algorithms: Algorithm::names(),
        styles: CodeStyle::names(),
    }))
}
