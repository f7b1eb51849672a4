//! `/api/count`: server-sent progress and result, its slots, and a client
//! that goes away in the middle.

mod common;

use common::{assert_error, get, start};
use nqueens::count::{CountRequest, Method, Shard};
use nqueens::BoardSize;
use nqueens_server::Limits;
use nqueens_testkit::{count_asks, total, unique, CountAsk};
use serde_json::Value;
use std::time::{Duration, Instant};

/// The (event, data) pairs of a finished SSE body.
fn events(body: &str) -> Vec<(String, Value)> {
    body.split("\n\n")
        .filter_map(|block| {
            let field = |name: &str| {
                block
                    .lines()
                    .find_map(|line| line.strip_prefix(name).map(str::to_string))
            };
            let data = serde_json::from_str(&field("data: ")?).unwrap();
            Some((field("event: ")?, data))
        })
        .collect()
}

#[tokio::test]
async fn counts_match_oeis_after_progress() {
    let url = start(Limits::default()).await;
    for n in 0..=13 {
        let (status, body) = get(&url, &format!("api/count?n={n}")).await;
        assert_eq!(status, 200);
        let events = events(&body);
        let (last, result) = events.last().unwrap();
        assert_eq!(last, "result", "{body}");
        assert_eq!(result["total"].as_u64().unwrap() as u128, total(n));
        assert_eq!(result["unique"].as_u64().unwrap() as u128, unique(n));
        let progress = &events[events.len() - 2].1;
        assert_eq!(progress["done"], progress["units"], "n = {n}");
    }
}

/// The `result` of a finished count.
async fn result(url: &str, path: &str) -> Value {
    let (status, body) = get(url, path).await;
    assert_eq!(status, 200, "{body}");
    let (last, result) = events(&body).pop().unwrap();
    assert_eq!(last, "result", "{body}");
    result
}

#[tokio::test]
async fn a_count_takes_its_method_the_plain_tree_visiting_knuths_nodes() {
    let url = start(Limits::default()).await;
    let plain = result(&url, "api/count?n=8&method=plain").await;
    assert_eq!(
        (plain["total"].as_u64(), plain["nodes"].as_u64()),
        (Some(92), Some(2057))
    );
    assert_eq!(plain["method"], "plain");
    let fast = result(&url, "api/count?n=8&method=backtrack").await;
    assert_eq!(
        (fast["total"].as_u64(), fast["nodes"].as_u64()),
        (Some(92), Some(505))
    );
    assert_eq!(fast["method"], "backtrack");
    let auto = result(&url, "api/count?n=8&method=auto").await;
    assert_eq!(
        (auto["method"].as_str(), auto["nodes"].as_u64()),
        (Some("backtrack"), Some(505))
    );
    let join = result(&url, "api/count?n=16&method=join").await;
    assert_eq!(join["total"].as_u64().unwrap() as u128, total(16));
    assert_error(
        get(&url, "api/count?n=8&method=fast").await,
        400,
        "method must be one of auto, backtrack, plain, join, not 'fast'",
    );
}

#[tokio::test]
async fn counts_past_the_limit_are_refused() {
    let url = start(Limits::default()).await;
    assert_error(get(&url, "api/count?n=19").await, 413, "from 0 to 18");
    assert_error(get(&url, "api/count?n=x").await, 400, "not 'x'");
}

/// The work slots in use, from `/api/limits`.
async fn work_in_use(url: &str) -> u64 {
    let (_, body) = get(url, "api/limits").await;
    let limits: Value = serde_json::from_str(&body).unwrap();
    limits["work_slots_in_use"].as_u64().unwrap()
}

#[tokio::test]
async fn a_count_stops_when_its_client_goes_away() {
    let limits = Limits {
        work_slots: 1,
        peer_work_slots: 1,
        ..Limits::default()
    };
    let url = start(limits).await;
    let mut stream = reqwest::get(format!("{url}api/count?n=18")).await.unwrap();
    let first = stream.chunk().await.unwrap().unwrap();
    assert!(String::from_utf8_lossy(&first).contains("progress"));
    assert_eq!(work_in_use(&url).await, 1);
    // One count per client: the next is refused while this one runs.
    let busy = reqwest::get(format!("{url}api/count?n=5")).await.unwrap();
    assert_eq!(busy.status().as_u16(), 429);
    assert_eq!(busy.headers()["retry-after"], "1");
    let words = busy.text().await.unwrap();
    assert!(
        words.contains("this address already runs 1 count or completion"),
        "{words}"
    );
    assert!(words.contains("try the count again"), "{words}");
    drop(stream);
    let gone = Instant::now();
    while work_in_use(&url).await != 0 {
        // A hang, not a slow stop: the count stops at its next unit.
        assert!(gone.elapsed() < Duration::from_secs(30), "the count ran on");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(get(&url, "api/count?n=5").await.0, 200);
}

/// The request's own refusal of a row of the matrix, if it refuses it.
fn request_refusal(ask: &CountAsk) -> Option<String> {
    let request = CountRequest {
        method: Method::parse_choice(&ask.method).unwrap(),
        device: ask.device.parse().unwrap(),
        stats: ask.stats,
        shard: ask.shard.then(|| Shard::new(0, 2).unwrap()),
        ..CountRequest::new(BoardSize::new(8).unwrap())
    };
    request.resolve().err().map(|err| err.to_string())
}

/// The refusal matrix through the web API: every method (and `auto`) ×
/// device × stats × whole or shard is the count request's own refusal,
/// word for word, as the command line and Python give it; a shard the
/// request takes is the command line's to count, a GPU this server has
/// none of is refused as such, and every other row counts.
#[tokio::test]
async fn every_combination_is_the_requests_refusal_or_a_count() {
    let url = start(Limits::default()).await;
    let mut refused = 0;
    for ask in count_asks(&["bitmask"], &Method::choice_names()) {
        let path = format!("api/count?n=8&{}", ask.query());
        let answer = get(&url, &path).await;
        if let Some(refusal) = request_refusal(&ask) {
            let (status, body) = answer;
            assert_eq!(status, 400, "{path}: {body}");
            let error: Value = serde_json::from_str(&body).unwrap();
            assert_eq!(error["error"], refusal, "{path}");
            refused += 1;
        } else if ask.shard {
            assert_error(answer, 400, "count shards with the command line");
        } else if ask.device == "gpu" {
            assert_error(
                answer,
                400,
                "no GPU can be used from here: choose the device cpu",
            );
        } else {
            let (status, body) = answer;
            assert_eq!(status, 200, "{path}: {body}");
            let (_, result) = events(&body).pop().unwrap();
            assert_eq!(result["total"], 92, "{path}");
            assert_eq!(result.get("stats").is_some(), ask.stats, "{path}");
        }
    }
    assert!(refused > 0);
}
