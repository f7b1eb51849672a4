//! Refusals made before any route reads a request: a target over
//! [`Limits::uri_bytes`] (414), and a body whose declared length is over
//! [`Limits::body_bytes`] (413 at once, rather than after waiting for a
//! body that is too big to take anyway).

use crate::error::ApiError;
use crate::Limits;
use axum::extract::{Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::sync::Arc;

pub(crate) async fn refuse_oversize(
    State(limits): State<Arc<Limits>>,
    request: Request,
    next: Next,
) -> Response {
    let uri_bytes = limits.uri_bytes;
    let length = request
        .uri()
        .path_and_query()
        .map_or(0, |target| target.as_str().len());
    if length > uri_bytes {
        let message =
            format!("the URI is {length} bytes: this server takes URIs up to {uri_bytes} bytes");
        return ApiError::new(StatusCode::URI_TOO_LONG, message).into_response();
    }
    let body_bytes = limits.body_bytes;
    match declared_length(request.headers().get(header::CONTENT_LENGTH)) {
        Some(length) if length > body_bytes as u64 => {
            let message = format!(
                "the request body is {length} bytes: this server takes bodies up to \
                 {body_bytes} bytes"
            );
            // The body is left unread, so the connection cannot carry
            // another request: say so, and hyper closes it.
            let mut answer = ApiError::over_limit(message).into_response();
            let close = HeaderValue::from_static("close");
            answer.headers_mut().insert(header::CONNECTION, close);
            answer
        }
        _ => next.run(request).await,
    }
}

/// The length a request declares. Hyper has refused a malformed one (or
/// one too big for a u64) already.
fn declared_length(value: Option<&HeaderValue>) -> Option<u64> {
    value?.to_str().ok()?.trim().parse().ok()
}
