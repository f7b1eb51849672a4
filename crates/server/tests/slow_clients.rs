//! Clients that do not read, or never finish a request: what they may
//! hold, and for how long.

mod common;

use common::raw::{half_open, sent, stalled_reader, until_closed};
use common::{get, start, streams_freed_within, streams_in_use};
use nqueens_server::Limits;
use std::time::{Duration, Instant};

/// Well past every limit these tests set: a busy machine is slow, not
/// this slow.
const MARGIN: Duration = Duration::from_secs(30);

/// Limits whose times are long but for the one a test is about, set
/// apart, and whose clients' shares are the whole: the misbehaving
/// clients here all come from one address (`floods.rs` tests the shares).
fn short() -> Limits {
    Limits {
        stream_seconds: 600,
        header_seconds: 600,
        body_seconds: 600,
        write_seconds: 600,
        stream_slots: 16,
        peer_stream_slots: 16,
        stream_wait_ms: 200,
        peer_connections: 512,
        ..Limits::default()
    }
}

/// The streams the issue names: big, so the client's buffers fill.
const STREAMS: [&str; 2] = ["/api/solve?n=24&limit=100000", "/api/trace?n=12&until=all"];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stalled_readers_hold_their_slots_no_longer_than_the_deadline() {
    let url = start(Limits {
        stream_seconds: 2,
        ..short()
    })
    .await;
    let mut readers = Vec::new();
    for i in 0..16 {
        readers.push(stalled_reader(&url, STREAMS[i % 2]).await);
    }
    let started = Instant::now();
    while streams_in_use(&url).await < 16 {
        assert!(started.elapsed() < MARGIN, "the streams never started");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(streams_freed_within(&url, Duration::from_secs(2) + MARGIN).await);
    // The connections close, and no body ends as if it were whole.
    for reader in &mut readers {
        let received = until_closed(reader, MARGIN)
            .await
            .expect("a connection stayed open");
        assert!(
            !received.ends_with(b"\r\n0\r\n\r\n"),
            "a cut stream ended whole"
        );
    }
    assert_eq!(get(&url, "api/solve?n=6").await.0, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_takes_nothing_is_closed_after_the_write_time() {
    let url = start(Limits {
        write_seconds: 1,
        ..short()
    })
    .await;
    let mut reader = stalled_reader(&url, STREAMS[1]).await;
    assert!(streams_freed_within(&url, Duration::from_secs(1) + MARGIN).await);
    assert!(until_closed(&mut reader, MARGIN).await.is_some());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn half_sent_requests_are_closed_or_answered_408() {
    let url = start(Limits {
        header_seconds: 1,
        body_seconds: 1,
        ..short()
    })
    .await;
    for kind in 0..3 {
        let mut socket = half_open(&url, kind).await;
        let answer = until_closed(&mut socket, MARGIN).await;
        let answer = answer.expect("a half-sent request stayed open");
        let answer = String::from_utf8_lossy(&answer);
        match kind {
            // Half a body: the headers came, so there is a request to answer.
            1 => {
                assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
                let error = "the request body did not arrive within this server's limit of 1 s";
                assert!(
                    answer.contains(&format!(r#"{{"error":"{error}"}}"#)),
                    "{answer}"
                );
            }
            _ => assert_eq!(answer, "", "kind {kind}"),
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sixty_four_of_each_leave_the_server_answering() {
    let url = start(Limits {
        stream_seconds: 2,
        header_seconds: 2,
        body_seconds: 2,
        ..short()
    })
    .await;
    let mut held = Vec::new();
    for i in 0..64 {
        held.push(stalled_reader(&url, STREAMS[i % 2]).await);
        held.push(half_open(&url, i).await);
    }
    assert_eq!(get(&url, "api/limits").await.0, 200);
    assert!(streams_freed_within(&url, Duration::from_secs(2) + MARGIN).await);
    assert_eq!(get(&url, "api/solve?n=6&limit=1").await.0, 200);
    for socket in &mut held {
        assert!(until_closed(socket, MARGIN).await.is_some());
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_body_sent_after_its_headers_in_time_is_read() {
    let url = start(short()).await;
    let body = r#"{"columns": [1, 3, 0, 2]}"#;
    let head = format!(
        "POST /api/verify HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    let mut socket = sent(&url, &head).await;
    let answer = until_closed(&mut socket, MARGIN).await.unwrap();
    let answer = String::from_utf8_lossy(&answer);
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.contains(r#""valid":true"#), "{answer}");
}
