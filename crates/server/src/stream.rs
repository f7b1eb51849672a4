//! Streaming work: a search runs on a blocking thread and writes its
//! lines through a [`ChunkWriter`] into a bounded channel that the
//! response body drains. The stream's deadline bounds all of it: the
//! search, and its waits for room in the channel when the client does
//! not read. A client that goes away closes the channel, and the next
//! write stops the search.

use crate::connection::Cut;
use crate::slots::Slot;
use axum::body::{Body, Bytes};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use futures_util::stream::Stream;
use std::io::{self, Write};
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::runtime::Handle;
use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;

/// Chunks sent once this many bytes are buffered.
const CHUNK_BYTES: usize = 32 * 1024;
/// Chunks in flight per stream: what a slow client can make us hold.
const CHUNKS_IN_FLIGHT: usize = 8;

type Chunk = Result<Bytes, io::Error>;

fn past_deadline() -> io::Error {
    io::Error::new(
        io::ErrorKind::TimedOut,
        "the stream reached this server's time limit",
    )
}

/// Buffers lines and hands them to the response in chunks.
pub(crate) struct ChunkWriter {
    buffer: Vec<u8>,
    sender: mpsc::Sender<Chunk>,
    deadline: Instant,
    runtime: Handle,
}

impl ChunkWriter {
    /// Waits for room in the channel, but not past the deadline: a client
    /// that stops reading must not hold the search, and its slot, longer.
    fn send(&mut self) -> io::Result<()> {
        let chunk = Bytes::from(std::mem::take(&mut self.buffer));
        let sending = tokio::time::timeout_at(self.deadline, self.sender.send(Ok(chunk)));
        match self.runtime.block_on(sending) {
            Ok(Ok(())) => Ok(()),
            Ok(Err(_)) => Err(io::Error::from(io::ErrorKind::BrokenPipe)),
            Err(_) => Err(past_deadline()),
        }
    }
}

impl Write for ChunkWriter {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        // Checked on every write: a sparse search may fill a chunk slowly.
        if Instant::now() > self.deadline {
            return Err(past_deadline());
        }
        self.buffer.extend_from_slice(bytes);
        if self.buffer.len() >= CHUNK_BYTES {
            self.send()?;
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        match self.buffer.is_empty() {
            true => Ok(()),
            false => self.send(),
        }
    }
}

/// An NDJSON response whose lines `work` writes on a blocking thread
/// within `time`, holding `permit` until it ends. Unless the work ends
/// well, the body ends in an error, so the client sees the stream was cut
/// rather than a short answer that looks whole; and if the body is still
/// open at the deadline (a client that does not read), `cut` closes the
/// connection.
pub(crate) fn ndjson<E>(
    permit: Slot,
    time: Duration,
    cut: Option<Cut>,
    work: impl FnOnce(&mut ChunkWriter) -> Result<(), E> + Send + 'static,
) -> Response {
    let deadline = Instant::now() + time;
    let (sender, receiver) = mpsc::channel(CHUNKS_IN_FLIGHT);
    let whole = Arc::new(AtomicBool::new(false));
    let mut writer = ChunkWriter {
        buffer: Vec::with_capacity(CHUNK_BYTES),
        sender,
        deadline,
        runtime: Handle::current(),
    };
    let finished = whole.clone();
    tokio::task::spawn_blocking(move || {
        let _permit = permit;
        if work(&mut writer).is_ok() && writer.flush().is_ok() {
            finished.store(true, Ordering::Release);
        }
    });
    let (open, closed) = oneshot::channel();
    if let Some(cut) = cut {
        tokio::spawn(async move {
            tokio::select! {
                () = tokio::time::sleep_until(deadline) => cut.now(),
                _ = closed => {}
            }
        });
    }
    let chunks = Chunks {
        receiver,
        whole,
        _open: open,
    };
    let headers = [
        (header::CONTENT_TYPE, "application/x-ndjson"),
        (header::CACHE_CONTROL, "no-cache"),
    ];
    (headers, Body::from_stream(chunks)).into_response()
}

/// The body: the chunks, then an error unless the work ended well. Hyper
/// drops it at its end or when the connection goes, which drops `_open`
/// and tells the deadline's watch that no cut is needed.
struct Chunks {
    receiver: mpsc::Receiver<Chunk>,
    whole: Arc<AtomicBool>,
    _open: oneshot::Sender<()>,
}

impl Stream for Chunks {
    type Item = Chunk;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Chunk>> {
        match self.receiver.poll_recv(cx) {
            Poll::Ready(None) if !self.whole.swap(true, Ordering::AcqRel) => {
                Poll::Ready(Some(Err(past_deadline())))
            }
            polled => polled,
        }
    }
}
