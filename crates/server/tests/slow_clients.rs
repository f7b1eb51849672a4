//! Clients that do not read, or never finish a request: what they may
//! hold, and for how long. These limits are the server's own deadlines,
//! so the tests run on tokio's paused clock, held still and moved only by
//! the test (`common/paused.rs`): a deadline is asserted in paused time,
//! whatever the machine's load, and the wall clock only bounds the waits
//! for the sockets, to catch a hang.

mod common;

use common::paused::{advance_until, hold_clock, wait_for, wall_sleep};
use common::raw::{drained, half_open, sent, stalled_reader, until_closed};
use common::{get, start, streams_in_use, MARGIN};
use nqueens_server::Limits;
use std::time::Duration;
use tokio::io::AsyncWriteExt;
use tokio::time::{advance, Instant};

/// A day: far past every limit a test is about, and past all the paused
/// time a test moves through before the wall clock's bound stops it, so
/// a cut within a test is the tested limit's.
const NEVER: u64 = 24 * 3600;

/// Limits whose times are long but for the one a test is about, set
/// apart, and whose clients' shares are the whole: the misbehaving
/// clients here all come from one address (`floods.rs` tests the shares).
fn short() -> Limits {
    Limits {
        stream_seconds: NEVER,
        header_seconds: NEVER,
        body_seconds: NEVER,
        write_seconds: NEVER,
        stream_slots: 16,
        peer_stream_slots: 16,
        stream_wait_ms: 200,
        peer_connections: 512,
        ..Limits::default()
    }
}

/// The streams the issue names: big, so the client's buffers fill.
const STREAMS: [&str; 2] = ["/api/solve?n=24&limit=100000", "/api/trace?n=12&until=all"];

/// How far the paused clock moves at a time where a deadline's wait
/// starts at a moment the test cannot see.
const STEP: Duration = Duration::from_millis(10);

const MILLISECOND: Duration = Duration::from_millis(1);

#[tokio::test(start_paused = true)]
async fn stalled_readers_hold_their_slots_until_the_deadline_and_no_longer() {
    let _clock = hold_clock();
    let url = start(Limits {
        stream_seconds: 2,
        ..short()
    })
    .await;
    let mut readers = Vec::new();
    for i in 0..16 {
        readers.push(stalled_reader(&url, STREAMS[i % 2]).await);
    }
    // Each stream's deadline is set as it takes its slot, and the clock
    // has not moved since: they all fall 2 s from now.
    wait_for("the streams never started", async || {
        streams_in_use(&url).await == 16
    })
    .await;
    advance(Duration::from_secs(2) - MILLISECOND).await;
    // Time for a stream cut too soon to let go of its slot, on the wall
    // clock: nothing can move the paused one, so a stream cut in it was
    // cut before its deadline.
    wall_sleep(Duration::from_millis(100)).await;
    assert_eq!(
        streams_in_use(&url).await,
        16,
        "a stream was cut before its deadline"
    );
    advance(2 * MILLISECOND).await;
    wait_for("stream slots held past the deadline", async || {
        streams_in_use(&url).await == 0
    })
    .await;
    // The connections close, and no body ends as if it were whole.
    for reader in &mut readers {
        let received = until_closed(reader, MARGIN)
            .await
            .expect("a connection stayed open");
        assert!(
            received.starts_with(b"HTTP/1.1 200"),
            "{}",
            String::from_utf8_lossy(&received)
        );
        assert!(
            !received.ends_with(b"\r\n0\r\n\r\n"),
            "a cut stream ended whole"
        );
    }
    assert_eq!(get(&url, "api/solve?n=6").await.0, 200);
}

#[tokio::test(start_paused = true)]
async fn a_client_that_takes_nothing_is_closed_after_the_write_time() {
    let _clock = hold_clock();
    let url = start(Limits {
        write_seconds: 1,
        ..short()
    })
    .await;
    let mut reader = stalled_reader(&url, STREAMS[1]).await;
    wait_for("the stream never started", async || {
        streams_in_use(&url).await == 1
    })
    .await;
    // The write time counts from when the client's buffers are full,
    // which only the server sees: the clock moves on a step at a time.
    let held = advance_until(STEP, async || streams_in_use(&url).await == 0).await;
    assert!(
        held >= Duration::from_secs(1),
        "cut after {held:?}, within the write time"
    );
    assert!(
        held < Duration::from_secs(NEVER),
        "held {held:?}: the stream's own deadline cut it"
    );
    assert!(until_closed(&mut reader, MARGIN).await.is_some());
}

#[tokio::test(start_paused = true)]
async fn half_sent_requests_are_closed_or_answered_408_at_their_limits() {
    let _clock = hold_clock();
    // Apart, so that each cut is seen to be its own limit's.
    let (header, body) = (1, 3);
    let url = start(Limits {
        header_seconds: header,
        body_seconds: body,
        ..short()
    })
    .await;
    let mut sockets = Vec::new();
    for kind in 0..3 {
        sockets.push((half_open(&url, kind).await, Vec::new(), None));
    }
    let started = Instant::now();
    advance_until(STEP, async || {
        for (socket, received, closed) in &mut sockets {
            if closed.is_none() && drained(socket, received) {
                *closed = Some(started.elapsed());
            }
        }
        sockets.iter().all(|(_, _, closed)| closed.is_some())
    })
    .await;
    for (kind, (_, answer, closed)) in sockets.iter().enumerate() {
        let closed = closed.unwrap();
        let answer = String::from_utf8_lossy(answer);
        let limit = match kind {
            // Half a body: the headers came, so there is a request to answer.
            1 => {
                assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
                let error = format!(
                    "the request body did not arrive within this server's limit of {body} s"
                );
                assert!(
                    answer.contains(&format!(r#"{{"error":"{error}"}}"#)),
                    "{answer}"
                );
                body
            }
            _ => {
                assert_eq!(answer, "", "kind {kind}");
                header
            }
        };
        assert!(
            closed >= Duration::from_secs(limit),
            "kind {kind}: closed after {closed:?}, within its {limit} s"
        );
        assert!(closed < Duration::from_secs(NEVER), "kind {kind}");
    }
}

#[tokio::test(start_paused = true)]
async fn sixty_four_of_each_leave_the_server_answering() {
    let _clock = hold_clock();
    let url = start(Limits {
        stream_seconds: 2,
        header_seconds: 2,
        body_seconds: 2,
        ..short()
    })
    .await;
    let (mut readers, mut half_sent) = (Vec::new(), Vec::new());
    for i in 0..64 {
        readers.push(stalled_reader(&url, STREAMS[i % 2]).await);
        half_sent.push((half_open(&url, i).await, Vec::new()));
    }
    // Answered while they are held: sixteen of the streams run, and the
    // others wait for a slot.
    assert_eq!(get(&url, "api/limits").await.0, 200);
    wait_for("the streams never started", async || {
        streams_in_use(&url).await == 16
    })
    .await;
    // The streams end at their deadline, and the half-sent requests are
    // closed or answered at theirs.
    let took = advance_until(STEP, async || {
        let freed = streams_in_use(&url).await == 0;
        let mut closed = true;
        for (socket, received) in &mut half_sent {
            closed &= drained(socket, received);
        }
        freed && closed
    })
    .await;
    assert!(took >= Duration::from_secs(2), "all let go after {took:?}");
    assert!(took < Duration::from_secs(NEVER), "{took:?}");
    assert_eq!(get(&url, "api/solve?n=6&limit=1").await.0, 200);
    // Every stalled reader's connection closes: sixteen cut at their
    // deadline, and the others answered 503 once their wait for a slot
    // was over, then closed when no next request came.
    let mut received = vec![Vec::new(); readers.len()];
    advance_until(STEP, async || {
        let mut closed = true;
        for (socket, received) in readers.iter().zip(&mut received) {
            closed &= drained(socket, received);
        }
        closed
    })
    .await;
    let mut statuses = [0, 0];
    for answer in &received {
        match answer {
            _ if answer.starts_with(b"HTTP/1.1 200") => statuses[0] += 1,
            _ if answer.starts_with(b"HTTP/1.1 503") => statuses[1] += 1,
            _ => panic!("{}", String::from_utf8_lossy(answer)),
        }
        assert!(
            !answer.ends_with(b"\r\n0\r\n\r\n"),
            "a cut stream ended whole"
        );
    }
    assert_eq!(statuses, [16, 48]);
}

#[tokio::test(start_paused = true)]
async fn a_body_sent_a_millisecond_before_its_limit_is_read() {
    let _clock = hold_clock();
    let url = start(Limits {
        body_seconds: 1,
        ..short()
    })
    .await;
    let body = r#"{"columns": [1, 3, 0, 2]}"#;
    let head = format!(
        "POST /api/verify HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    let mut socket = sent(&url, &head).await;
    // A request sent after the head is answered after the server has
    // begun to wait for its body.
    assert_eq!(get(&url, "api/limits").await.0, 200);
    advance(Duration::from_secs(1) - MILLISECOND).await;
    socket.write_all(body.as_bytes()).await.unwrap();
    let answer = until_closed(&mut socket, MARGIN).await.unwrap();
    let answer = String::from_utf8_lossy(&answer);
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.contains(r#""valid":true"#), "{answer}");
}
