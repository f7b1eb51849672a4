//! One client flooding the server, as in issue 39, while another asks
//! for what the page asks for: each flood comes from one loopback address
//! (`FLOOD`), the visitor from another (`VISITOR`). The visitor's answers
//! are asserted, not timed: the limits a visitor could be made to wait on
//! are set far past `MARGIN`, so a visitor left waiting is a hang that
//! the bound catches, never a slow machine.

mod common;

use common::raw::{answer, connect_from, get_request, sent_from, status_of};
use common::{get_from, limits_from, lines, post_from, start, FLOOD, THIRD, VISITOR};
use nqueens_server::Limits;
use nqueens_testkit::is_valid_on;
use serde_json::Value;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::io::AsyncWriteExt;
use tokio::task::JoinHandle;

/// Catches a hang; a busy machine is slow, not this slow.
const MARGIN: Duration = Duration::from_secs(30);

/// Past every bound here: a client that waits on one of these hangs.
const NEVER: u64 = 600;

/// The page's first requests, from the visitor: a trace of n = 4 (its
/// first solution checked), a completion and a check of a small board.
async fn the_page_is_served(url: &str) {
    let (status, body) = get_from(VISITOR, url, "api/trace?n=4").await;
    assert_eq!(status, 200, "{body}");
    let events = lines(&body);
    let solution = events.iter().find(|e| e["type"] == "solution").unwrap();
    assert_eq!(solution["columns"], serde_json::json!([1, 3, 0, 2]));
    let board = r#"{"n": 8, "queens": [[0, 0]]}"#;
    let (status, body) = post_from(VISITOR, url, "api/complete", board).await;
    assert_eq!(status, 200, "{body}");
    let answer: Value = serde_json::from_str(&body).unwrap();
    let columns: Vec<u32> = serde_json::from_value(answer["columns"].clone()).unwrap();
    assert!(is_valid_on(&columns, 8) && columns[0] == 0, "{columns:?}");
    let (status, body) =
        post_from(VISITOR, url, "api/verify", r#"{"columns": [1, 3, 0, 2]}"#).await;
    assert_eq!(status, 200, "{body}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn keep_alive_connections_of_one_client_leave_room_for_the_others() {
    // Kept-alive connections stay open while the flood holds them.
    let limits = Limits {
        header_seconds: NEVER,
        ..Limits::default()
    };
    let share = limits.peer_connections;
    assert!(share < limits.max_connections);
    let url = start(limits).await;
    let (mut held, mut refused) = (Vec::new(), 0);
    for _ in 0..530 {
        let mut socket = sent_from(&url, FLOOD, &get_request("/api/limits")).await;
        let (head, body) = answer(&mut socket, MARGIN).await.expect("no answer");
        match status_of(&head) {
            200 => held.push(socket),
            503 => {
                assert!(head.contains("retry-after: 1"), "{head}");
                let words = format!("this address has {share} connections open");
                assert!(body.contains(&words), "{body}");
                // Refused and closed, not left in a queue.
                assert!(answer(&mut socket, MARGIN).await.is_none());
                refused += 1;
            }
            other => panic!("{other}: {head}{body}"),
        }
    }
    assert_eq!((held.len(), refused), (share, 530 - share));
    the_page_is_served(&url).await;
    let seen = limits_from(VISITOR, &url).await;
    // The visitor's own, and perhaps some it closed that the server has
    // not yet seen go.
    assert!(
        seen["connections_open"].as_u64().unwrap() > share as u64,
        "{seen}"
    );
    assert_eq!(seen["this_client"]["address"], VISITOR);
    // The flood's own connections still poll, each seeing its share full.
    for socket in &mut held {
        socket
            .write_all(get_request("/api/limits").as_bytes())
            .await
            .unwrap();
        let (head, body) = answer(socket, MARGIN).await.expect("no answer");
        assert_eq!(status_of(&head), 200, "{head}");
        let seen: Value = serde_json::from_str(&body).unwrap();
        assert_eq!(seen["this_client"]["connections_open"], share);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_connection_cap_answers_503_and_is_no_one_clients_alone() {
    let limits = Limits {
        max_connections: 4,
        peer_connections: 2,
        header_seconds: NEVER,
        ..Limits::default()
    };
    let url = start(limits).await;
    let mut held = Vec::new();
    for from in [FLOOD, THIRD] {
        for _ in 0..2 {
            let mut socket = sent_from(&url, from, &get_request("/api/limits")).await;
            let (head, _) = answer(&mut socket, MARGIN).await.unwrap();
            assert_eq!(status_of(&head), 200, "{head}");
            held.push(socket);
        }
    }
    let mut over_share = sent_from(&url, FLOOD, &get_request("/api/limits")).await;
    let (head, body) = answer(&mut over_share, MARGIN).await.unwrap();
    assert_eq!(status_of(&head), 503, "{head}");
    assert!(
        body.contains("this address has 2 connections open"),
        "{body}"
    );
    let (status, body) = get_from(VISITOR, &url, "api/limits").await;
    assert_eq!(status, 503, "{body}");
    let words = "this server has every connection it takes open (4)";
    assert!(body.contains(words), "{body}");
    // One closes: the visitor is let in once the server has seen it go.
    drop(held.pop());
    let started = Instant::now();
    while get_from(VISITOR, &url, "api/trace?n=4").await.0 != 200 {
        assert!(
            started.elapsed() < MARGIN,
            "the closed connection's place never came back"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stalled_streams_of_one_client_leave_streams_for_the_others() {
    // The stalled streams hold their slots for the whole test, and a
    // stream that waited for a slot would hang.
    let limits = Limits {
        stream_seconds: NEVER,
        write_seconds: NEVER,
        stream_wait_ms: NEVER * 1000,
        stream_slots: 16,
        peer_stream_slots: 4,
        ..Limits::default()
    };
    let url = start(limits).await;
    let mut flood = Vec::new();
    for _ in 0..24 {
        let mut socket = connect_from(&url, FLOOD, Some(1024)).await;
        let request = get_request("/api/solve?n=20&limit=100000");
        socket.write_all(request.as_bytes()).await.unwrap();
        flood.push(socket);
    }
    let started = Instant::now();
    while limits_from(THIRD, &url).await["stream_slots_in_use"] != 4 {
        assert!(
            started.elapsed() < MARGIN,
            "the flood's streams never started"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    the_page_is_served(&url).await;
    // A long stream too: the flood holds only its share.
    let (status, body) = get_from(VISITOR, &url, "api/solve?n=20&limit=3").await;
    assert_eq!((status, lines(&body).len()), (200, 3), "{body}");
    let seen = limits_from(THIRD, &url).await;
    assert_eq!(seen["stream_slots_in_use"], 4, "the flood let go: {seen}");
}

/// What the looping counts saw: how many were refused, and anything
/// they should not have seen.
#[derive(Default)]
struct Seen {
    refused: AtomicUsize,
    wrong: Mutex<Vec<String>>,
}

/// Counts of n = 18 from the flood, three at a time, each asked again as
/// soon as it ends or is refused; they run until aborted.
fn counts_looping(url: &str) -> (Arc<Seen>, Vec<JoinHandle<()>>) {
    let seen = Arc::new(Seen::default());
    let loops = (0..3).map(|_| {
        let (url, seen) = (url.to_string(), seen.clone());
        tokio::spawn(async move {
            // No time limit: a count of n = 18 may take a while.
            let client = reqwest::Client::builder().local_address(FLOOD.parse().ok());
            let client = client.build().unwrap();
            loop {
                let wrong = match client.get(format!("{url}api/count?n=18")).send().await {
                    Ok(response) if response.status() == 200 => {
                        drop(response.bytes().await);
                        continue;
                    }
                    Ok(response) if response.status() == 429 => {
                        let words = response.text().await.unwrap_or_default();
                        let expected = "this address already runs 1 count or completion";
                        seen.refused.fetch_add(1, Ordering::Relaxed);
                        tokio::time::sleep(Duration::from_millis(20)).await;
                        match words.contains(expected) {
                            true => continue,
                            false => words,
                        }
                    }
                    Ok(response) => format!("{}", response.status()),
                    Err(err) => err.to_string(),
                };
                seen.wrong.lock().unwrap().push(wrong);
                return;
            }
        })
    });
    let loops = loops.collect();
    (seen, loops)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn looping_counts_of_one_client_leave_work_for_the_others() {
    let limits = Limits {
        work_slots: 2,
        peer_work_slots: 1,
        ..Limits::default()
    };
    let url = start(limits).await;
    let (seen, loops) = counts_looping(&url);
    let started = Instant::now();
    while seen.refused.load(Ordering::Relaxed) < 2 {
        assert!(
            started.elapsed() < MARGIN,
            "the flood never filled its share"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    for _ in 0..19 {
        let board = r#"{"n": 8, "queens": [[0, 3]]}"#;
        let (status, body) = post_from(VISITOR, &url, "api/complete", board).await;
        assert_eq!(status, 200, "{body}");
    }
    // A long one too: the flood holds only its share.
    let count = common::client_from(VISITOR).get(format!("{url}api/count?n=18"));
    let mut count = count.send().await.unwrap();
    assert_eq!(count.status().as_u16(), 200);
    let first = count.chunk().await.unwrap().unwrap();
    assert!(String::from_utf8_lossy(&first).contains("progress"));
    loops.iter().for_each(JoinHandle::abort);
    assert_eq!(*seen.wrong.lock().unwrap(), Vec::<String>::new());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn short_requests_never_wait_behind_long_ones() {
    // One slot of each kind, held by long work for the whole test: a count
    // of n = 20 runs for minutes, and a solve sent to a client that reads
    // nothing holds its slot until its deadline.
    let limits = Limits {
        work_slots: 1,
        peer_work_slots: 1,
        stream_slots: 1,
        peer_stream_slots: 1,
        short_slots: 2,
        count_max_n: 20,
        stream_seconds: NEVER,
        write_seconds: NEVER,
        stream_wait_ms: 200,
        ..Limits::default()
    };
    let url = start(limits).await;
    let count = common::client_from(FLOOD).get(format!("{url}api/count?n=20"));
    let mut count = count.send().await.unwrap();
    assert_eq!(count.status().as_u16(), 200);
    count.chunk().await.unwrap();
    let mut stalled = connect_from(&url, THIRD, Some(1024)).await;
    let request = get_request("/api/solve?n=20&limit=100000");
    stalled.write_all(request.as_bytes()).await.unwrap();
    let started = Instant::now();
    while limits_from(VISITOR, &url).await["stream_slots_in_use"] != 1 {
        assert!(
            started.elapsed() < MARGIN,
            "the stalled solve never started"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    // Short: answered from the kept slots, twice over, without waiting.
    for _ in 0..2 {
        the_page_is_served(&url).await;
        let (status, body) = get_from(VISITOR, &url, "api/count?n=8").await;
        assert!(status == 200 && body.contains(r#""total":92"#), "{body}");
        let (status, body) = get_from(VISITOR, &url, "api/solve?n=8").await;
        assert_eq!((status, lines(&body).len()), (200, 92));
    }
    // Long: the slots of their kind are busy.
    let (status, body) = get_from(VISITOR, &url, "api/trace?n=9").await;
    assert_eq!(status, 503, "{body}");
    assert!(body.contains("every stream slot stayed busy"), "{body}");
    let board = r#"{"n": 9, "queens": [[0, 0]]}"#;
    let (status, body) = post_from(VISITOR, &url, "api/complete", board).await;
    assert_eq!(status, 429, "{body}");
    let words = "every slot for counts and completions is busy";
    assert!(body.contains(words), "{body}");
    let seen = limits_from(VISITOR, &url).await;
    assert_eq!(seen["work_slots_in_use"], 1, "{seen}");
    assert_eq!(seen["short_slots_in_use"], 0, "{seen}");
}
