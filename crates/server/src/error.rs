//! Every error the API answers: `{"error": "..."}` with its status, and
//! `Retry-After` where asking again can succeed.

use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;

/// A refused request.
#[derive(Debug)]
pub(crate) struct ApiError {
    status: StatusCode,
    message: String,
    /// Busy slots free up: only then is the client told to retry.
    retry: bool,
}

impl ApiError {
    pub(crate) fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
            retry: false,
        }
    }

    /// Every slot of a kind busy: asking again in a second can succeed.
    pub(crate) fn busy(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            retry: true,
            ..ApiError::new(status, message)
        }
    }

    /// A malformed request: 400.
    pub(crate) fn bad(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    /// A well-formed request over one of the server's limits: 413.
    pub(crate) fn over_limit(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, message)
    }

    /// A body that parses but says something impossible: 422.
    pub(crate) fn unprocessable(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, message)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = Json(serde_json::json!({ "error": self.message }));
        match self.retry {
            true => (self.status, [(header::RETRY_AFTER, "1")], body).into_response(),
            false => (self.status, body).into_response(),
        }
    }
}
