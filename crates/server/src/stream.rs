//! Streaming work: a search runs on a blocking thread and writes its
//! lines through a [`ChunkWriter`] into a bounded channel that the
//! response body drains. A client that goes away closes the channel, and
//! the next write stops the search; so does the time cap.

use axum::body::{Body, Bytes};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use std::io::{self, Write};
use std::time::Instant;
use tokio::sync::{mpsc, OwnedSemaphorePermit};
use tokio_stream::wrappers::ReceiverStream;

/// Chunks sent once this many bytes are buffered.
const CHUNK_BYTES: usize = 32 * 1024;
/// Chunks in flight per stream: what a slow client can make us hold.
const CHUNKS_IN_FLIGHT: usize = 8;

type Chunk = Result<Bytes, io::Error>;

/// Buffers lines and hands them to the response in chunks.
pub(crate) struct ChunkWriter {
    buffer: Vec<u8>,
    sender: mpsc::Sender<Chunk>,
    deadline: Instant,
}

impl ChunkWriter {
    fn send(&mut self) -> io::Result<()> {
        let chunk = Bytes::from(std::mem::take(&mut self.buffer));
        self.sender
            .blocking_send(Ok(chunk))
            .map_err(|_| io::Error::from(io::ErrorKind::BrokenPipe))
    }
}

impl Write for ChunkWriter {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        // Checked on every write: a sparse search may fill a chunk slowly.
        if Instant::now() > self.deadline {
            return Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the stream reached this server's time limit",
            ));
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

/// An NDJSON response whose lines `work` writes on a blocking thread,
/// holding `permit` until it ends. If the work fails (the time cap), the
/// body ends in an error, so the client sees the stream was cut rather
/// than a short answer that looks whole.
pub(crate) fn ndjson(
    permit: OwnedSemaphorePermit,
    deadline: Instant,
    work: impl FnOnce(&mut ChunkWriter) -> io::Result<()> + Send + 'static,
) -> Response {
    let (sender, receiver) = mpsc::channel(CHUNKS_IN_FLIGHT);
    tokio::task::spawn_blocking(move || {
        let _permit = permit;
        let mut writer = ChunkWriter {
            buffer: Vec::with_capacity(CHUNK_BYTES),
            sender: sender.clone(),
            deadline,
        };
        let done = work(&mut writer).and_then(|()| writer.flush());
        if let Err(err) = done {
            // Nobody is listening after a broken pipe; otherwise the
            // error cuts the body.
            let _ = sender.blocking_send(Err(err));
        }
    });
    let body = Body::from_stream(ReceiverStream::new(receiver));
    (
        [
            (header::CONTENT_TYPE, "application/x-ndjson"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}
