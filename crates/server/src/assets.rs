//! The page: the files of `web/`, embedded at build time so the binary
//! works offline and alone. Only embedded files are served: a path is a
//! key into them, never a path on disk, so `..` cannot climb out.

use crate::error::ApiError;
use axum::http::{header, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use rust_embed::RustEmbed;

#[derive(RustEmbed)]
#[folder = "../../web/"]
struct Web;

/// Any path outside `/api`: the embedded file, or 404; for a method
/// other than GET and HEAD, 405. (HEAD gets GET's headers: hyper leaves
/// the body out.)
pub(crate) async fn serve_file(method: Method, uri: Uri) -> Response {
    if method != Method::GET && method != Method::HEAD {
        let refusal = ApiError::new(
            StatusCode::METHOD_NOT_ALLOWED,
            format!("wrong method: {method}; the page's files take GET and HEAD"),
        );
        return ([(header::ALLOW, "GET, HEAD")], refusal).into_response();
    }
    let path = match uri.path().trim_start_matches('/') {
        "" => "index.html",
        path => path,
    };
    let safe = !path.split('/').any(|part| matches!(part, "" | "." | ".."));
    match Web::get(path).filter(|_| safe && !path.contains('\\')) {
        Some(file) => (
            [
                (header::CONTENT_TYPE, file.metadata.mimetype().to_string()),
                (header::CACHE_CONTROL, "no-cache".to_string()),
            ],
            file.data,
        )
            .into_response(),
        None => ApiError::new(
            StatusCode::NOT_FOUND,
            format!("no such page: {}", uri.path()),
        )
        .into_response(),
    }
}
