//! A server on a free loopback port, in this process, and the helpers the
//! endpoint tests share.
#![allow(dead_code)]

pub mod paused;
pub mod raw;

use nqueens_server::Limits;
use serde_json::Value;
use std::future::Future;
use std::sync::mpsc;
use std::time::Duration;
use tokio::net::TcpListener;

/// Catches a hang; a busy machine is slow, not this slow.
pub const MARGIN: Duration = Duration::from_secs(30);

/// `future`'s output, or None once `bound` has passed on the wall clock:
/// a bound that holds on tokio's paused clock too (`paused.rs`), where
/// `tokio::time::timeout` would wait for the test to move the clock.
pub async fn within<F: Future>(bound: Duration, future: F) -> Option<F::Output> {
    let (done, waiting) = mpsc::channel::<()>();
    // Ends at once when `done` is dropped: the future came first.
    let timer = tokio::task::spawn_blocking(move || waiting.recv_timeout(bound));
    tokio::select! {
        biased;
        output = future => {
            drop(done);
            Some(output)
        }
        _ = timer => None,
    }
}

/// Starts a server with `limits`; its base URL, ending in `/`.
pub async fn start(limits: Limits) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/", listener.local_addr().unwrap());
    tokio::spawn(nqueens_server::serve(
        listener,
        limits,
        std::future::pending(),
    ));
    url
}

/// GET `path`: the status and the body. Panics if there is none after
/// [`MARGIN`] on the wall clock.
pub async fn get(url: &str, path: &str) -> (u16, String) {
    let asking = async {
        let response = reqwest::get(format!("{url}{path}")).await.unwrap();
        let status = response.status().as_u16();
        (status, response.text().await.unwrap())
    };
    let answer = within(MARGIN, asking).await;
    answer.unwrap_or_else(|| panic!("no answer to {path} in {MARGIN:?}"))
}

/// Separate clients on one machine: Linux routes the whole of 127/8 to
/// the loopback interface, so a socket bound to each is its own address.
/// `start`'s server listens on 127.0.0.1, which the default client uses.
pub const FLOOD: &str = "127.0.0.2";
pub const VISITOR: &str = "127.0.0.3";
pub const THIRD: &str = "127.0.0.4";

/// A client whose connections come from `address`, and whose requests
/// fail if not answered in 30 s: a request left waiting is a hang, not
/// a busy machine's slowness.
pub fn client_from(address: &str) -> reqwest::Client {
    reqwest::Client::builder()
        .local_address(address.parse::<std::net::IpAddr>().unwrap())
        .timeout(std::time::Duration::from_secs(30))
        .build()
        .unwrap()
}

/// GET `path` from `address`: the status and the body.
pub async fn get_from(address: &str, url: &str, path: &str) -> (u16, String) {
    let response = client_from(address).get(format!("{url}{path}")).send();
    let response = response.await.unwrap();
    let status = response.status().as_u16();
    (status, response.text().await.unwrap())
}

/// POST `body` as JSON to `path` from `address`: the status and the text.
pub async fn post_from(address: &str, url: &str, path: &str, body: &str) -> (u16, String) {
    let response = client_from(address)
        .post(format!("{url}{path}"))
        .header("content-type", "application/json")
        .body(body.to_string())
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    (status, response.text().await.unwrap())
}

/// `/api/limits`, parsed, as `address` sees it.
pub async fn limits_from(address: &str, url: &str) -> Value {
    let (status, body) = get_from(address, url, "api/limits").await;
    assert_eq!(status, 200, "{body}");
    serde_json::from_str(&body).unwrap()
}

/// POST `body` as JSON to `path`: the status and the parsed answer.
pub async fn post(url: &str, path: &str, body: String) -> (u16, Value) {
    let response = reqwest::Client::new()
        .post(format!("{url}{path}"))
        .header("content-type", "application/json")
        .body(body)
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap())
}

/// Each line of an NDJSON body, parsed.
pub fn lines(body: &str) -> Vec<Value> {
    body.lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

/// Asserts a JSON error with `status` whose message contains `words`.
pub fn assert_error(answer: (u16, String), status: u16, words: &str) {
    let (got, body) = answer;
    assert_eq!(got, status, "{body}");
    let error: Value = serde_json::from_str(&body).unwrap();
    let message = error["error"].as_str().unwrap();
    assert!(message.contains(words), "{message:?} lacks {words:?}");
}

/// The stream slots in use, from `/api/limits`.
pub async fn streams_in_use(url: &str) -> u64 {
    let (_, body) = get(url, "api/limits").await;
    let limits: Value = serde_json::from_str(&body).unwrap();
    limits["stream_slots_in_use"].as_u64().unwrap()
}
