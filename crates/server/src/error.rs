//! Every error the API answers: `{"error": "..."}` with its status.

use axum::extract::rejection::JsonRejection;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;

/// A refused request.
#[derive(Debug)]
pub(crate) struct ApiError {
    status: StatusCode,
    message: String,
}

impl ApiError {
    pub(crate) fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
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
        let busy = matches!(
            self.status,
            StatusCode::TOO_MANY_REQUESTS | StatusCode::SERVICE_UNAVAILABLE
        );
        match busy {
            true => (self.status, [(header::RETRY_AFTER, "1")], body).into_response(),
            false => (self.status, body).into_response(),
        }
    }
}

impl ApiError {
    /// A body that is not the JSON asked for, or too big.
    pub(crate) fn from_json(rejection: JsonRejection, body_bytes: usize) -> ApiError {
        let status = rejection.status();
        let message = match status {
            StatusCode::PAYLOAD_TOO_LARGE => {
                format!("the request body is over this server's limit of {body_bytes} bytes")
            }
            _ => rejection.body_text(),
        };
        ApiError::new(status, message)
    }
}
