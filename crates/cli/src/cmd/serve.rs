//! `nqueens serve`: the web board on a local port until Ctrl-C.

use crate::args::ServeArgs;
use crate::error::CliError;
use nqueens_server::Limits;
use std::io::{self, Write};
use std::net::SocketAddr;
use std::time::Duration;
use tokio::net::TcpListener;

/// Open streams get this long to finish after Ctrl-C.
const GRACE: Duration = Duration::from_secs(2);

pub fn run(request: &ServeArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let served = runtime.block_on(serve(request, out));
    // Searches still running on blocking threads stop with the process.
    runtime.shutdown_timeout(Duration::from_millis(100));
    served
}

async fn serve(request: &ServeArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let address = SocketAddr::new(request.host, request.port);
    let listener = TcpListener::bind(address)
        .await
        .map_err(|err| io::Error::new(err.kind(), format!("cannot listen on {address}: {err}")))?;
    let address = listener.local_addr()?;
    writeln!(out, "listening on http://{address}/  (Ctrl-C stops)")?;
    out.flush()?;
    if !address.ip().is_loopback() {
        let _ = writeln!(
            io::stderr(),
            "nqueens: warning: listening on {}: other machines that can reach it can use the server",
            address.ip()
        );
    }
    let (stop, mut stopped) = tokio::sync::watch::channel(());
    let shutdown = async move {
        let _ = stopped.changed().await;
    };
    let mut server = tokio::spawn(nqueens_server::serve(listener, Limits::default(), shutdown));
    tokio::select! {
        served = &mut server => return Ok(served.map_err(CliError::failed)??),
        () = interrupted() => {}
    }
    // No new connections; the open ones get a moment to finish.
    let _ = stop.send(());
    let _ = writeln!(io::stderr(), "nqueens: stopping");
    match tokio::time::timeout(GRACE, server).await {
        Ok(joined) => Ok(joined.map_err(CliError::failed)??),
        Err(_) => Ok(()),
    }
}

/// Ctrl-C, or SIGTERM where there are signals.
async fn interrupted() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {}
        () = terminate => {}
    }
}
