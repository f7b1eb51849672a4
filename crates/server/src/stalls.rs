//! A socket whose writes give up on a client that takes nothing: hyper
//! has a time limit for reading a request's headers but none for writing
//! an answer, and a client that stops reading would otherwise hold its
//! connection (and whatever it is sent) for as long as it stays open.

use std::future::Future;
use std::io::{self, IoSlice};
use std::pin::Pin;
use std::task::{ready, Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::time::Sleep;

/// `io`, whose writes and flushes fail once they have waited `limit` for
/// the client to make room. Any progress starts the wait afresh, so a
/// slow reader is served; only one that takes nothing is cut.
pub(crate) struct WriteStall<T> {
    io: T,
    limit: Duration,
    waiting: Option<Pin<Box<Sleep>>>,
}

impl<T> WriteStall<T> {
    pub(crate) fn new(io: T, limit: Duration) -> WriteStall<T> {
        WriteStall {
            io,
            limit,
            waiting: None,
        }
    }

    /// Passes on what the socket did; on Pending, the error once the
    /// client has taken nothing for the limit.
    fn watch<R>(
        &mut self,
        cx: &mut Context<'_>,
        polled: Poll<io::Result<R>>,
    ) -> Poll<io::Result<R>> {
        if polled.is_ready() {
            self.waiting = None;
            return polled;
        }
        let limit = self.limit;
        let waiting = self
            .waiting
            .get_or_insert_with(|| Box::pin(tokio::time::sleep(limit)));
        ready!(waiting.as_mut().poll(cx));
        Poll::Ready(Err(io::Error::new(
            io::ErrorKind::TimedOut,
            format!("the client took nothing for {limit:?}"),
        )))
    }
}

impl<T: AsyncRead + Unpin> AsyncRead for WriteStall<T> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().io).poll_read(cx, buf)
    }
}

impl<T: AsyncWrite + Unpin> AsyncWrite for WriteStall<T> {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let polled = Pin::new(&mut this.io).poll_write(cx, buf);
        this.watch(cx, polled)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let polled = Pin::new(&mut this.io).poll_write_vectored(cx, bufs);
        this.watch(cx, polled)
    }

    fn is_write_vectored(&self) -> bool {
        self.io.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let polled = Pin::new(&mut this.io).poll_flush(cx);
        this.watch(cx, polled)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().io).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::WriteStall;
    use std::io::ErrorKind;
    use std::time::Duration;
    use tokio::io::{AsyncReadExt, AsyncWriteExt, DuplexStream};
    use tokio::time::timeout;

    const LIMIT: Duration = Duration::from_secs(1);
    const MILLISECOND: Duration = Duration::from_millis(1);

    /// A pipe whose client end has room for 64 bytes, full.
    async fn full() -> (DuplexStream, WriteStall<DuplexStream>) {
        let (client, server) = tokio::io::duplex(64);
        let mut server = WriteStall::new(server, LIMIT);
        server.write_all(&[0; 64]).await.unwrap();
        (client, server)
    }

    // On the paused clock, which moves on by itself to the next timer
    // when nothing else can: the pipe is in memory, so the waits below
    // end at the very instants their timers name.
    #[tokio::test(start_paused = true)]
    async fn a_write_fails_once_the_client_has_taken_nothing_for_the_limit() {
        let (_client, mut server) = full().await;
        let waiting = timeout(LIMIT - MILLISECOND, server.write_all(&[1])).await;
        assert!(waiting.is_err(), "failed before the limit: {waiting:?}");
        // The wait goes on from where it was, not afresh.
        let failed = timeout(2 * MILLISECOND, server.write_all(&[1])).await;
        let err = failed.expect("still waiting past the limit").unwrap_err();
        assert_eq!(err.kind(), ErrorKind::TimedOut);
        assert_eq!(err.to_string(), "the client took nothing for 1s");
    }

    #[tokio::test(start_paused = true)]
    async fn a_client_that_takes_a_little_at_a_time_is_served() {
        let (mut client, mut server) = full().await;
        for _ in 0..5 {
            let waiting = timeout(LIMIT - MILLISECOND, server.write_all(&[1])).await;
            assert!(waiting.is_err(), "{waiting:?}");
            // Room for one byte: the write goes through, the wait ends.
            client.read_exact(&mut [0]).await.unwrap();
            let written = timeout(MILLISECOND, server.write_all(&[1])).await;
            written.expect("still waiting with room").unwrap();
        }
        server.flush().await.unwrap();
    }
}
