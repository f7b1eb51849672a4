//! The accept loop: hyper's HTTP/1 connections, each with a time limit on
//! its request headers and on a client that takes nothing it is sent, at
//! most [`Limits::max_connections`] open at once, a [`Cut`] a stream can
//! close its own connection with, and a graceful stop.

use crate::stalls::WriteStall;
use crate::Limits;
use axum::http::Request;
use axum::Router;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::future::Future;
use std::io;
use std::pin::pin;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{watch, Notify, OwnedSemaphorePermit, Semaphore};
use tower::Service;

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
    limits: &Limits,
    shutdown: impl Future<Output = ()>,
) -> io::Result<()> {
    let open = Arc::new(Semaphore::new(limits.max_connections));
    let (stop, stopping) = watch::channel(false);
    let mut builder = http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(Duration::from_secs(limits.header_seconds));
    let write_time = Duration::from_secs(limits.write_seconds);
    let mut shutdown = pin!(shutdown);
    loop {
        // At the cap, accept nothing: new connections wait in the
        // system's listen queue until an open one closes.
        let permit = tokio::select! {
            permit = open.clone().acquire_owned() => permit.expect("the semaphore is never closed"),
            () = &mut shutdown => break,
        };
        let socket = tokio::select! {
            socket = next_socket(&listener) => socket,
            () = &mut shutdown => break,
        };
        let socket = WriteStall::new(socket, write_time);
        let connection = serve_one(socket, builder.clone(), app.clone(), stopping.clone());
        tokio::spawn(async move {
            connection.await;
            drop::<OwnedSemaphorePermit>(permit);
        });
    }
    drop(listener);
    let _ = stop.send(true);
    // Each connection holds a permit until it closes.
    let all = u32::try_from(limits.max_connections).unwrap_or(u32::MAX);
    let _ = open.acquire_many(all).await;
    Ok(())
}

/// The next accepted socket. An error that belongs to one connection
/// (reset before it was accepted) is skipped; one that belongs to the
/// process (no file descriptors left) is waited out, as hyper's and
/// axum's own loops do.
async fn next_socket(listener: &TcpListener) -> TcpStream {
    loop {
        match listener.accept().await {
            Ok((socket, _)) => return socket,
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

/// One connection, until it ends, is cut, or (after `stopping`) has
/// finished the request in hand.
async fn serve_one(
    socket: WriteStall<TcpStream>,
    builder: http1::Builder,
    app: Router,
    mut stopping: watch::Receiver<bool>,
) {
    let cut = Cut::default();
    let requests = cut.clone();
    let service = hyper::service::service_fn(move |mut request: Request<Incoming>| {
        request.extensions_mut().insert(requests.clone());
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
