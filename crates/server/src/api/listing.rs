//! `GET /api/listing?algorithm=`: the algorithm's code, whose lines the
//! trace's `"line"` fields number.

use super::trace::ALGORITHMS;
use crate::error::ApiError;
use crate::params::{Params, Query};
use axum::extract::rejection::QueryRejection;
use axum::Json;
use nqueens::{Algorithm, Listing};
use nqueens_report::schema::ListingReport;

pub(crate) async fn listing(
    query: Result<Query, QueryRejection>,
) -> Result<Json<ListingReport>, ApiError> {
    let params = Params::new(query, &["algorithm"])?;
    let algorithm = params.choice("algorithm", &ALGORITHMS, Algorithm::Sets)?;
    Ok(Json(ListingReport {
        algorithm: algorithm.name(),
        language: "python",
        lines: Listing::of(algorithm).lines().to_vec(),
    }))
}
