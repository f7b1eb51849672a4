//! `nqueens serve`: the interactive board in the browser and the JSON API
//! behind it. The page's files (`web/` at the repository's root) are
//! embedded in the binary; every answer uses the report types of
//! `nqueens-report`, so the API prints what the command line prints.
//!
//! | route | answer |
//! |---|---|
//! | `GET /api/trace?n=&algorithm=&until=first\|all&max_events=` | the trace events, NDJSON |
//! | `GET /api/solve?n=&limit=&unique=` | solutions, NDJSON |
//! | `GET /api/count?n=` | server-sent events: `progress`, then `result` |
//! | `POST /api/verify` | `{"board": [...]}` or `{"columns": [...]}` checked |
//! | `POST /api/complete` | `{"n", "queens", "blocked"}` completed |
//! | `GET /api/limits` | the [`Limits`], the slots and connections in use, and the asking client's share in use |
//!
//! Errors are `{"error": "..."}` with a 4xx or 5xx status; see [`Limits`]
//! for what is refused with 408, 413, 414, 429 and 503, and what is cut
//! without an answer. Only a request hyper cannot parse at all (a broken
//! request line, a URI over 64 KiB, headers over 64 KiB) gets hyper's
//! bare status instead.
#![deny(missing_docs)]

mod api;
mod assets;
mod body;
mod connection;
mod early;
mod error;
mod limits;
mod params;
mod peers;
mod slots;
mod stalls;
mod stream;

pub use limits::Limits;

use axum::http::{header, HeaderValue};
use axum::middleware;
use axum::Router;
use std::future::Future;
use std::io;
use std::sync::Arc;
use tokio::net::TcpListener;
use tower_http::set_header::SetResponseHeaderLayer;

/// What every handler shares: the limits and the slots they guard.
#[derive(Clone)]
pub(crate) struct AppState {
    pub(crate) limits: Arc<Limits>,
    pub(crate) slots: Arc<slots::Slots>,
}

impl AppState {
    fn new(limits: Limits) -> AppState {
        AppState {
            slots: Arc::new(slots::Slots::new(&limits)),
            limits: Arc::new(limits),
        }
    }
}

/// The page must not load anything from elsewhere: it works offline.
const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; img-src 'self' data:; \
     style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'; \
     frame-ancestors 'none'";

/// The application: the API, the embedded page, and the headers every
/// answer carries. Served on its own, it knows no client's address, so
/// every request shares one client's share; [`serve`] knows them.
pub fn router(limits: Limits) -> Router {
    app(AppState::new(limits))
}

fn app(state: AppState) -> Router {
    let limits = state.limits.clone();
    api::routes(state)
        .fallback(assets::serve_file)
        .layer(middleware::from_fn_with_state(
            limits,
            early::refuse_oversize,
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(CONTENT_SECURITY_POLICY),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
}

/// Serves the application on `listener` until `shutdown` resolves, then
/// stops taking connections and lets the open ones finish. Connections
/// are bounded as [`Limits`] says: the time to send headers and a body,
/// the time a client may take nothing, and how many are open at once, in
/// all and from one client.
pub async fn serve(
    listener: TcpListener,
    limits: Limits,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> io::Result<()> {
    let state = AppState::new(limits);
    connection::accept(listener, app(state.clone()), state, shutdown).await
}
