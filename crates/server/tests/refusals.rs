//! What every endpoint refuses alike: a parameter it does not take, a
//! body declared over the limit (at once, before any of it is sent), a
//! body that is not JSON (400) and JSON of the wrong shape (422, naming
//! the field).

mod common;

use common::raw::{sent, until_closed};
use common::{assert_error, get, start};
use nqueens_server::Limits;
use serde_json::Value;
use std::time::Duration;

/// Catches a hang; a busy machine is slow, not this slow.
const MARGIN: Duration = Duration::from_secs(30);

/// Every endpoint: its method, a request it answers, a body for it, and
/// the parameters it takes.
const ENDPOINTS: [(&str, &str, &str, &str); 7] = [
    (
        "GET",
        "/api/trace?n=4",
        "",
        "n, algorithm, until, max_events",
    ),
    ("GET", "/api/listing?algorithm=sets", "", "algorithm"),
    ("GET", "/api/solve?n=4", "", "n, limit, unique"),
    ("GET", "/api/count?n=4", "", "n"),
    (
        "POST",
        "/api/verify?",
        r#"{"columns": [1, 3, 0, 2]}"#,
        "no parameters",
    ),
    ("POST", "/api/complete?", r#"{"n": 4}"#, "no parameters"),
    ("GET", "/api/limits?", "", "no parameters"),
];

/// `method target` with a JSON body, on a connection that closes after.
async fn ask(url: &str, method: &str, target: &str, body: &str) -> (u16, String) {
    let client = reqwest::Client::new();
    let request = match method {
        "GET" => client.get(format!("{url}{}", &target[1..])),
        _ => client
            .post(format!("{url}{}", &target[1..]))
            .header("content-type", "application/json")
            .body(body.to_string()),
    };
    let response = request.send().await.unwrap();
    let status = response.status().as_u16();
    (status, response.text().await.unwrap())
}

#[tokio::test]
async fn every_endpoint_refuses_a_parameter_it_does_not_take() {
    let url = start(Limits::default()).await;
    for (method, target, body, takes) in ENDPOINTS {
        let (status, answer) = ask(&url, method, target, body).await;
        assert_eq!(status, 200, "{target}: {answer}");
        let separator = if target.ends_with('?') { "" } else { "&" };
        let target = format!("{target}{separator}x=1");
        let words = format!("unknown parameter 'x': this endpoint takes {takes}");
        assert_error(ask(&url, method, &target, body).await, 400, &words);
    }
    // The page's own links carry its view in the query: the page takes any.
    assert_eq!(get(&url, "?n=8&algorithm=bitmask&step=1900").await.0, 200);
}

#[tokio::test]
async fn a_body_declared_over_the_limit_is_413_before_it_is_sent() {
    // A server that waited for the body would wait past the margin.
    let url = start(Limits {
        body_seconds: 600,
        header_seconds: 600,
        ..Limits::default()
    })
    .await;
    let targets = [
        "POST /api/complete",
        "POST /api/verify",
        "GET /api/limits",
        "GET /",
    ];
    for (target, expect) in targets.iter().flat_map(|t| [(t, false), (t, true)]) {
        let expect = if expect {
            "Expect: 100-continue\r\n"
        } else {
            ""
        };
        let head = format!(
            "{target} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
             Content-Length: 10000000000\r\n{expect}\r\n"
        );
        let mut socket = sent(&url, &head).await;
        let answer = until_closed(&mut socket, MARGIN).await;
        let answer = String::from_utf8_lossy(&answer.expect("no answer")).to_string();
        assert!(answer.starts_with("HTTP/1.1 413"), "{target}: {answer}");
        let words = "the request body is 10000000000 bytes: this server takes bodies up to 65536";
        assert!(answer.contains(words), "{target}: {answer}");
    }
}

/// The error of an answer, checked for its status.
fn error(answer: (u16, String), status: u16) -> String {
    assert_eq!(answer.0, status, "{}", answer.1);
    let body: Value = serde_json::from_str(&answer.1).unwrap();
    body["error"].as_str().unwrap().to_string()
}

#[tokio::test]
async fn json_of_the_wrong_shape_is_422_naming_the_field() {
    let url = start(Limits::default()).await;
    let complete = [
        (
            r#"{"n":8,"queens":[[0,0,0]]}"#,
            "queens[0]: invalid length 3",
        ),
        (r#"{"n":8,"queens":[[0]]}"#, "queens[0]: invalid length 1"),
        (
            r#"{"n":8,"blocked":[[0,0],[1,"a"]]}"#,
            "blocked[1][1]: invalid type: string",
        ),
        (r#"{"n":8,"queens":{"0":0}}"#, "queens: invalid type: map"),
        (r#"{"n":8.5}"#, "n: invalid type: floating point"),
        (r#"{"n":1e400}"#, "number out of range"),
        (r#"{"n":8,"n":9}"#, "duplicate field `n`"),
        (r#"[8]"#, "the body is an array: it must be an object"),
        (r#""n""#, "the body is a string: it must be an object"),
        ("null", "the body is null: it must be an object"),
        ("8", "the body is a number: it must be an object"),
    ];
    for (body, words) in complete {
        let message = error(ask(&url, "POST", "/api/complete", body).await, 422);
        assert!(message.contains(words), "{body}: {message}");
        assert!(
            message.contains(r#"{"n": size, "queens""#),
            "{body}: {message}"
        );
    }
    let deep = format!(
        "{{\"n\": 4, \"queens\": {}{}}}",
        "[".repeat(200),
        "]".repeat(200)
    );
    let message = error(ask(&url, "POST", "/api/complete", &deep).await, 422);
    assert!(message.contains("recursion limit exceeded"), "{message}");
    let verify = [
        (
            r#"{"columns":[0,1.5]}"#,
            "columns[1]: invalid type: floating point",
        ),
        (
            r#"{"board":[".Q",5]}"#,
            "board[1]: invalid type: integer `5`",
        ),
        (r#"{"columns":[0],"rows":[]}"#, "unknown field `rows`"),
        (
            r#"{"columns":[0],"columns":[0]}"#,
            "duplicate field `columns`",
        ),
        (r#"[["Q"]]"#, "the body is an array: it must be an object"),
    ];
    for (body, words) in verify {
        let message = error(ask(&url, "POST", "/api/verify", body).await, 422);
        assert!(message.contains(words), "{body}: {message}");
    }
}

#[tokio::test]
async fn only_a_body_that_is_not_json_is_400() {
    let url = start(Limits::default()).await;
    for body in [
        "",
        "{",
        r#"{"n": 8} x"#,
        r#"{"n": 8,}"#,
        "n=8",
        "{'n': 8}",
        "\u{feff}{}",
    ] {
        for target in ["/api/complete", "/api/verify"] {
            let message = error(ask(&url, "POST", target, body).await, 400);
            assert!(
                message.starts_with("the body is not valid JSON: "),
                "{body:?}: {message}"
            );
        }
    }
}
