//! Clients that misbehave on purpose, on raw sockets: ones that send a
//! request and never read, ones that never finish sending, and a read
//! that waits (within a bound) for the server to close.

use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// The `host:port` of a base URL.
pub fn address(url: &str) -> &str {
    url.trim_start_matches("http://").trim_end_matches('/')
}

/// A connection that has sent `request` as it is, and reads nothing.
pub async fn sent(url: &str, request: &str) -> TcpStream {
    let mut socket = TcpStream::connect(address(url)).await.unwrap();
    socket.write_all(request.as_bytes()).await.unwrap();
    socket
}

/// A connection that asks for `target` and never reads the answer.
pub async fn stalled_reader(url: &str, target: &str) -> TcpStream {
    sent(url, &format!("GET {target} HTTP/1.1\r\nHost: x\r\n\r\n")).await
}

/// The three ways a request can be left half-sent: headers cut short, a
/// body shorter than its length, and nothing at all.
pub async fn half_open(url: &str, kind: usize) -> TcpStream {
    match kind % 3 {
        0 => sent(url, "GET /api/limits HTTP/1.1\r\nHost: x\r\n").await,
        1 => {
            let head = "POST /api/verify HTTP/1.1\r\nHost: x\r\n\
                        Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{";
            sent(url, head).await
        }
        _ => TcpStream::connect(address(url)).await.unwrap(),
    }
}

/// Everything the server sends until it closes the connection; None if
/// it is still open after `bound`.
pub async fn until_closed(socket: &mut TcpStream, bound: Duration) -> Option<Vec<u8>> {
    let mut received = Vec::new();
    let reading = async {
        let mut buffer = [0; 64 * 1024];
        // A reset is a close too: the server may drop unread bytes.
        while let Ok(read @ 1..) = socket.read(&mut buffer).await {
            received.extend_from_slice(&buffer[..read]);
        }
    };
    tokio::time::timeout(bound, reading).await.ok()?;
    Some(received)
}
