//! Request bodies: JSON read whole within [`Limits::body_seconds`] and
//! [`Limits::body_bytes`], and every way that can fail as an
//! [`ApiError`] that names what went wrong and what is wanted: a body
//! that is not JSON at all is 400; JSON of the wrong shape is 422, naming
//! the field.

use crate::error::ApiError;
use crate::Limits;
use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::{header, HeaderMap, StatusCode};
use serde::de::DeserializeOwned;
use serde_json::error::Category;
use serde_json::Value;
use std::time::Duration;

type PathError = serde_path_to_error::Error<serde_json::Error>;

/// The body of `request` as a `T`. `shape` says what the body must be.
pub(crate) async fn read_json<T: DeserializeOwned>(
    request: Request,
    limits: &Limits,
    shape: &str,
) -> Result<T, ApiError> {
    if !is_json(request.headers()) {
        return Err(ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "the body must be JSON, sent with Content-Type: application/json",
        ));
    }
    let bytes = read(request, limits).await?;
    // Whether the text is JSON at all, apart from its shape.
    let value: Value = serde_json::from_slice(&bytes).map_err(|err| not_json(&err, shape))?;
    // serde would take an array for an object, its fields in order.
    if !value.is_object() {
        let kind = match value {
            Value::Array(_) => "an array",
            Value::String(_) => "a string",
            Value::Number(_) => "a number",
            Value::Bool(_) => "a boolean",
            _ => "null",
        };
        let message = format!("the body is {kind}: it must be an object, {shape}");
        return Err(ApiError::unprocessable(message));
    }
    // Read again from the text, not the value: the value has kept only
    // the last of a key given twice.
    let mut text = serde_json::Deserializer::from_slice(&bytes);
    serde_path_to_error::deserialize(&mut text).map_err(|err: PathError| {
        // serde_json calls a fixed-size array's extra element "trailing
        // characters"; read from the value, it is the length it is.
        let err = match err.inner().classify() {
            Category::Data => err,
            _ => serde_path_to_error::deserialize::<_, T>(value)
                .err()
                .unwrap_or(err),
        };
        wrong_shape(&err, shape)
    })
}

/// `application/json`, or a type whose suffix is `+json`.
fn is_json(headers: &HeaderMap) -> bool {
    let Some(Ok(text)) = headers.get(header::CONTENT_TYPE).map(|v| v.to_str()) else {
        return false;
    };
    let essence = text.split(';').next().unwrap_or_default().trim();
    let essence = essence.to_ascii_lowercase();
    essence == "application/json"
        || (essence.starts_with("application/") && essence.ends_with("+json"))
}

/// The whole body, within the time and size limits: the time is on the
/// whole body, so a client that trickles it is cut as surely as one that
/// stalls.
async fn read(request: Request, limits: &Limits) -> Result<Bytes, ApiError> {
    let time = Duration::from_secs(limits.body_seconds);
    match tokio::time::timeout(time, Bytes::from_request(request, &())).await {
        Ok(Ok(bytes)) => Ok(bytes),
        Ok(Err(rejection)) if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE => {
            Err(ApiError::over_limit(format!(
                "the request body is over this server's limit of {} bytes",
                limits.body_bytes
            )))
        }
        Ok(Err(rejection)) => Err(ApiError::bad(format!(
            "the request body could not be read: {}",
            rejection.body_text()
        ))),
        Err(_) => Err(ApiError::new(
            StatusCode::REQUEST_TIMEOUT,
            format!(
                "the request body did not arrive within this server's limit of {} s",
                limits.body_seconds
            ),
        )),
    }
}

/// A body that does not parse: 400, but for the two errors serde_json
/// counts as syntax though the text is JSON (a number too big for a
/// double, nesting deeper than it reads), which are 422.
fn not_json(err: &serde_json::Error, shape: &str) -> ApiError {
    let words = err.to_string();
    match words.starts_with("number out of range") || words.starts_with("recursion limit") {
        true => ApiError::unprocessable(format!("{words}: the body must be {shape}")),
        false => ApiError::bad(format!("the body is not valid JSON: {words}")),
    }
}

/// JSON of the wrong shape: 422, naming the field (the path is `.` for
/// the body as a whole).
fn wrong_shape(err: &PathError, shape: &str) -> ApiError {
    let at = match err.path().to_string() {
        path if path == "." => String::new(),
        path => format!("{path}: "),
    };
    ApiError::unprocessable(format!("{at}{}: the body must be {shape}", err.inner()))
}

#[cfg(test)]
mod tests {
    use axum::http::{header, HeaderMap};

    #[test]
    fn json_is_application_json_or_a_json_suffix() {
        for (text, json) in [
            ("application/json", true),
            ("Application/JSON; charset=utf-8", true),
            ("application/cloudevents+json", true),
            ("text/json", false),
            ("application/jsonp", false),
            ("", false),
        ] {
            let mut headers = HeaderMap::new();
            headers.insert(header::CONTENT_TYPE, text.parse().unwrap());
            assert_eq!(super::is_json(&headers), json, "{text}");
        }
        assert!(!super::is_json(&HeaderMap::new()));
    }
}
