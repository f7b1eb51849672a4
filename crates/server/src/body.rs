//! Request bodies: JSON read whole within [`Limits::body_seconds`] and
//! [`Limits::body_bytes`], and every way that can fail as an
//! [`ApiError`] that names what went wrong and what is wanted.

use crate::error::ApiError;
use crate::Limits;
use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
use axum::Json;
use serde::de::DeserializeOwned;
use std::time::Duration;

/// The body of `request` as a `T`, read within the time limit: the
/// limit is on the whole body, so a client that trickles it is cut as
/// surely as one that stalls. `shape` says what the body must be.
pub(crate) async fn read_json<T: DeserializeOwned>(
    request: Request,
    limits: &Limits,
    shape: &str,
) -> Result<T, ApiError> {
    let reading = Json::<T>::from_request(request, &());
    let time = Duration::from_secs(limits.body_seconds);
    match tokio::time::timeout(time, reading).await {
        Ok(Ok(Json(value))) => Ok(value),
        Ok(Err(rejection)) => Err(refused(rejection, limits.body_bytes, shape)),
        Err(_) => Err(ApiError::new(
            StatusCode::REQUEST_TIMEOUT,
            format!(
                "the request body did not arrive within this server's limit of {} s",
                limits.body_seconds
            ),
        )),
    }
}

/// Why a body is not the JSON asked for.
fn refused(rejection: JsonRejection, body_bytes: usize, shape: &str) -> ApiError {
    // axum's own text, without its prefix: serde's words and, for a
    // field of the wrong type, the field's path.
    let cause = match std::error::Error::source(&rejection) {
        Some(inner) => inner.to_string(),
        None => rejection.body_text(),
    };
    let status = rejection.status();
    let message = match rejection {
        JsonRejection::JsonDataError(_) => format!("{cause}: the body must be {shape}"),
        JsonRejection::JsonSyntaxError(_) => format!("the body is not valid JSON: {cause}"),
        JsonRejection::MissingJsonContentType(_) => {
            "the body must be JSON, sent with Content-Type: application/json".to_string()
        }
        _ if status == StatusCode::PAYLOAD_TOO_LARGE => {
            format!("the request body is over this server's limit of {body_bytes} bytes")
        }
        _ => format!("the request body could not be read: {cause}"),
    };
    ApiError::new(status, message)
}
