//! Clients that misbehave on purpose, on raw sockets: ones that send a
//! request and never read, ones that never finish sending, ones from
//! another loopback address or with a tiny receive buffer, and reads that
//! wait (within a bound on the wall clock) for an answer or for the
//! server to close, or that take what has come without waiting.

use super::within;
use std::io;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

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

/// A connection from the loopback address `from`, with a receive buffer
/// of `receive_bytes` if given (the kernel keeps at least its minimum).
pub async fn connect_from(url: &str, from: &str, receive_bytes: Option<u32>) -> TcpStream {
    let socket = TcpSocket::new_v4().unwrap();
    socket.bind(format!("{from}:0").parse().unwrap()).unwrap();
    if let Some(bytes) = receive_bytes {
        socket.set_recv_buffer_size(bytes).unwrap();
    }
    socket.connect(address(url).parse().unwrap()).await.unwrap()
}

/// A connection from `from` that has sent `request`.
pub async fn sent_from(url: &str, from: &str, request: &str) -> TcpStream {
    let mut socket = connect_from(url, from, None).await;
    socket.write_all(request.as_bytes()).await.unwrap();
    socket
}

/// A kept-alive GET of `target`, as raw bytes.
pub fn get_request(target: &str) -> String {
    format!("GET {target} HTTP/1.1\r\nHost: x\r\n\r\n")
}

/// One answer read off `socket`: its head and its body, which is
/// `Content-Length` long or, without one, runs to the close. None if the
/// server closed without an answer or took longer than `bound`.
pub async fn answer(socket: &mut TcpStream, bound: Duration) -> Option<(String, String)> {
    within(bound, read_answer(socket)).await?
}

async fn read_answer(socket: &mut TcpStream) -> Option<(String, String)> {
    let mut received = Vec::new();
    let mut buffer = [0; 16 * 1024];
    let head_end = loop {
        if let Some(at) = received.windows(4).position(|w| w == b"\r\n\r\n") {
            break at + 4;
        }
        match socket.read(&mut buffer).await {
            Ok(read @ 1..) => received.extend_from_slice(&buffer[..read]),
            _ => return None,
        }
    };
    let head = String::from_utf8_lossy(&received[..head_end]).to_string();
    let length = head.lines().find_map(|line| {
        let (name, value) = line.split_once(':')?;
        let is_length = name.eq_ignore_ascii_case("content-length");
        is_length.then(|| value.trim().parse::<usize>().unwrap())
    });
    let mut body = received[head_end..].to_vec();
    while length.is_none_or(|length| body.len() < length) {
        match socket.read(&mut buffer).await {
            Ok(read @ 1..) => body.extend_from_slice(&buffer[..read]),
            _ if length.is_none() => break,
            _ => return None,
        }
    }
    Some((head, String::from_utf8_lossy(&body).to_string()))
}

/// The status of an answer's head.
pub fn status_of(head: &str) -> u16 {
    head.split_whitespace().nth(1).unwrap().parse().unwrap()
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
    within(bound, reading).await?;
    Some(received)
}

/// Takes what the server has sent on `socket` into `received`, without
/// waiting: true once the server has closed the connection.
pub fn drained(socket: &TcpStream, received: &mut Vec<u8>) -> bool {
    let mut buffer = [0; 64 * 1024];
    loop {
        match socket.try_read(&mut buffer) {
            Ok(0) => return true,
            Ok(read) => received.extend_from_slice(&buffer[..read]),
            Err(err) if err.kind() == io::ErrorKind::WouldBlock => return false,
            // A reset is a close too: the server may drop unread bytes.
            Err(_) => return true,
        }
    }
}
