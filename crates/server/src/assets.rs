//! The page: the files of `web/`, embedded at build time so the binary
//! works offline and alone. Only embedded files are served: a path is a
//! key into them, never a path on disk, so `..` cannot climb out.

use crate::error::ApiError;
use axum::http::{header, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use rust_embed::RustEmbed;

#[derive(RustEmbed)]
#[folder = "../../web/"]
struct Web;

/// Any path outside `/api`: the embedded file, or 404.
pub(crate) async fn serve_file(uri: Uri) -> Response {
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
