//! The accept loop: hyper's HTTP/1 connections, each with a time limit on
//! its request headers and on a client that takes nothing it is sent, at
//! most [`Limits::max_connections`] open at once and
//! [`Limits::peer_connections`] from one client (past either, a 503 and
//! the connection closed), a [`Cut`] a stream can close its own
//! connection with, and a graceful stop.

use crate::error::ApiError;
use crate::peers::Peer;
use crate::stalls::WriteStall;
use crate::AppState;
use axum::http::{Request, StatusCode};
use axum::response::IntoResponse;
use axum::Router;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::convert::Infallible;
use std::future::Future;
use std::io;
use std::net::SocketAddr;
use std::pin::pin;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{watch, Notify, Semaphore};
use tower::Service;

/// The most a refused connection may take to send its request's headers
/// and to take the 503, and how many are answered at once: past them a
/// refused connection is closed unanswered, so a flood of refusals holds
/// nothing for long. The answer waits for the request: an HTTP client
/// takes an answer that comes before its request for a broken connection.
const REFUSAL_TIME: Duration = Duration::from_secs(2);
const REFUSALS_AT_ONCE: usize = 128;

/// Request headers over this are answered 431 by hyper: far over what a
/// browser sends, and a stalled client holds no more than this.
const HEADER_BYTES: usize = 64 * 1024;

/// Closes the connection of the request it came with: a stream at its
/// deadline cannot end its body while hyper waits on a client that does
/// not read, so it closes the connection instead.
#[derive(Clone, Default)]
pub(crate) struct Cut(Arc<Notify>);

impl Cut {
    /// Closes the connection (at once, or as soon as it is served).
    pub(crate) fn now(&self) {
        self.0.notify_one();
    }
}

/// Serves `app` on `listener` until `shutdown`, then waits for the open
/// connections to finish.
pub(crate) async fn accept(
    listener: TcpListener,
    app: Router,
    state: AppState,
    shutdown: impl Future<Output = ()>,
) -> io::Result<()> {
    let limits = &state.limits;
    let (stop, stopping) = watch::channel(false);
    let mut builder = http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .max_buf_size(HEADER_BYTES)
        .header_read_timeout(Duration::from_secs(limits.header_seconds));
    let write_time = Duration::from_secs(limits.write_seconds);
    let refusals = Arc::new(Semaphore::new(REFUSALS_AT_ONCE));
    let mut shutdown = pin!(shutdown);
    loop {
        let (socket, address) = tokio::select! {
            accepted = next_socket(&listener) => accepted,
            () = &mut shutdown => break,
        };
        let peer = Peer::of(address.ip());
        match state.slots.connection(peer, limits) {
            Ok(place) => {
                let socket = WriteStall::new(socket, write_time);
                let connection =
                    serve_one(socket, peer, builder.clone(), app.clone(), stopping.clone());
                tokio::spawn(async move {
                    connection.await;
                    drop(place);
                });
            }
            // Unanswered when too many are being refused already.
            Err(why) => match refusals.clone().try_acquire_owned() {
                Ok(turn) => drop(tokio::spawn(async move {
                    refuse(socket, why).await;
                    drop(turn);
                })),
                Err(_) => drop(socket),
            },
        }
    }
    drop(listener);
    let _ = stop.send(true);
    // Each connection holds a permit until it closes.
    let all = u32::try_from(limits.max_connections).unwrap_or(u32::MAX);
    let _ = state.slots.connections.acquire_many(all).await;
    Ok(())
}

/// Answers the request on a connection over a cap with 503 (`why`, and
/// `Retry-After`) and closes it, all within [`REFUSAL_TIME`].
async fn refuse(socket: TcpStream, why: String) {
    let mut builder = http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .keep_alive(false)
        .max_buf_size(HEADER_BYTES)
        .header_read_timeout(REFUSAL_TIME);
    let service = hyper::service::service_fn(move |_: Request<Incoming>| {
        let busy = ApiError::busy(StatusCode::SERVICE_UNAVAILABLE, why.clone());
        std::future::ready(Ok::<_, Infallible>(busy.into_response()))
    });
    let socket = TokioIo::new(WriteStall::new(socket, REFUSAL_TIME));
    let answering = builder.serve_connection(socket, service);
    let _ = tokio::time::timeout(2 * REFUSAL_TIME, answering).await;
}

/// The next accepted socket. An error that belongs to one connection
/// (reset before it was accepted) is skipped; one that belongs to the
/// process (no file descriptors left) is waited out, as hyper's and
/// axum's own loops do.
async fn next_socket(listener: &TcpListener) -> (TcpStream, SocketAddr) {
    loop {
        match listener.accept().await {
            Ok(accepted) => return accepted,
            Err(err) if is_per_connection(&err) => {}
            Err(_) => tokio::time::sleep(Duration::from_secs(1)).await,
        }
    }
}

fn is_per_connection(err: &io::Error) -> bool {
    matches!(
        err.kind(),
        io::ErrorKind::ConnectionRefused
            | io::ErrorKind::ConnectionAborted
            | io::ErrorKind::ConnectionReset
    )
}

/// One connection from `peer`, until it ends, is cut, or (after `stopping`) has
/// finished the request in hand.
async fn serve_one(
    socket: WriteStall<TcpStream>,
    peer: Peer,
    builder: http1::Builder,
    app: Router,
    mut stopping: watch::Receiver<bool>,
) {
    let cut = Cut::default();
    let requests = cut.clone();
    let service = hyper::service::service_fn(move |mut request: Request<Incoming>| {
        request.extensions_mut().insert(requests.clone());
        request.extensions_mut().insert(peer);
        app.clone().call(request)
    });
    let mut connection = pin!(builder.serve_connection(TokioIo::new(socket), service));
    // A connection dropped here closes its socket.
    tokio::select! {
        _ = connection.as_mut() => return,
        () = cut.0.notified() => return,
        // Stop, or the loop that sends it gone: either way, finish up.
        _ = stopping.wait_for(|stop| *stop) => {}
    }
    connection.as_mut().graceful_shutdown();
    tokio::select! {
        _ = connection.as_mut() => {}
        () = cut.0.notified() => {}
    }
}
