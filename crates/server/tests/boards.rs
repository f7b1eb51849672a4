//! `/api/verify` and `/api/complete`: answers, refusals and limits.

mod common;

use common::{post, start};
use nqueens_server::Limits;
use nqueens_testkit::is_valid_on;
use serde_json::{json, Value};

async fn verify(url: &str, body: Value) -> (u16, Value) {
    post(url, "api/verify", body.to_string()).await
}

async fn complete(url: &str, body: Value) -> (u16, Value) {
    post(url, "api/complete", body.to_string()).await
}

fn error_of(answer: &(u16, Value)) -> &str {
    answer.1["error"].as_str().unwrap_or_default()
}

#[tokio::test]
async fn verify_reports_every_pair_with_its_line() {
    let url = start(Limits::default()).await;
    let (status, answer) = verify(&url, json!({"columns": [1, 3, 0, 2]})).await;
    assert_eq!((status, &answer["valid"]), (200, &json!(true)));
    let board = json!({"board": ["..Q..Q..", "........", "........", "........",
                                 "........", "Q.......", "........", "........"]});
    let (_, answer) = verify(&url, board).await;
    assert_eq!(answer["valid"], false);
    let texts: Vec<&str> = (answer["conflicts"].as_array().unwrap().iter())
        .map(|c| c["text"].as_str().unwrap())
        .collect();
    assert_eq!(
        texts,
        [
            "queens at row 0, col 2 and row 0, col 5 share row 0",
            "queens at row 0, col 5 and row 5, col 0 share the ↗ anti-diagonal r + c = 5",
        ]
    );
    assert_eq!(answer["attacking_pairs"], 2);
    assert_eq!(
        answer["problems"][0],
        "the board has 3 queens: a solution of n = 8 has 8"
    );
    assert_eq!(answer["problems"][1], "row 1 has no queen");
}

#[tokio::test]
async fn verify_refuses_what_is_not_a_board() {
    let url = start(Limits::default()).await;
    let cases = [
        (
            json!({"board": [".Q", "Q"]}),
            422,
            "row 1 has 1 square: a board of 2 rows",
        ),
        (json!({"board": ["Qx", ".."]}), 422, "row 0, col 1 is 'x'"),
        (
            json!({"columns": [0, 5]}),
            422,
            "columns[1] = 5 is off the board",
        ),
        (json!({"columns": [-1]}), 422, "-1"),
        (
            json!({"columns": [0], "board": ["Q"]}),
            422,
            "exactly one of",
        ),
        (json!({}), 422, "exactly one of"),
        (json!({"columns": "0 1"}), 422, "invalid type"),
        (
            json!({"board": 5}),
            422,
            "board: invalid type: integer `5`, expected a sequence",
        ),
        (json!({"board": 5}), 422, r#"the body must be {"board""#),
        (json!({"columns": vec![0; 65]}), 413, "up to 64 wide"),
    ];
    for (body, status, words) in cases {
        let answer = verify(&url, body.clone()).await;
        assert_eq!(answer.0, status, "{body}: {answer:?}");
        assert!(error_of(&answer).contains(words), "{body}: {answer:?}");
    }
    let answer = post(&url, "api/verify", "{not json".into()).await;
    assert_eq!(answer.0, 400);
    assert!(
        error_of(&answer).starts_with("the body is not valid JSON: "),
        "{answer:?}"
    );
    let untyped = reqwest::Client::new()
        .post(format!("{url}api/verify"))
        .body(r#"{"columns": [0]}"#)
        .send()
        .await
        .unwrap();
    assert_eq!(untyped.status().as_u16(), 415);
    let answer: Value = untyped.json().await.unwrap();
    assert!(error_of(&(415, answer)).contains("Content-Type: application/json"));
    let huge = format!("{{\"columns\": [{}0]}}", "0, ".repeat(5_000_000));
    let answer = post(&url, "api/verify", huge).await;
    assert_eq!(answer.0, 413);
    assert!(error_of(&answer).contains("65536 bytes"), "{answer:?}");
}

#[tokio::test]
async fn complete_keeps_the_queens_or_says_none_exists() {
    let url = start(Limits::default()).await;
    let (status, answer) = complete(&url, json!({"n": 8, "queens": [[0, 3], [4, 4]]})).await;
    assert_eq!(status, 200);
    let columns: Vec<u32> = serde_json::from_value(answer["columns"].clone()).unwrap();
    assert!(is_valid_on(&columns, 8));
    assert_eq!((columns[0], columns[4]), (3, 4));
    let (_, answer) = complete(&url, json!({"n": 4, "queens": [[0, 0]]})).await;
    assert_eq!(answer, json!({"columns": null}));
    let (_, answer) = complete(&url, json!({"n": 4, "blocked": [[0, 1], [0, 2]]})).await;
    assert_eq!(answer, json!({"columns": null}));
    let (_, answer) = complete(&url, json!({"n": 6, "queens": [[0, 0], [2, 2]]})).await;
    assert_eq!(answer["columns"], Value::Null);
    assert_eq!(answer["conflicts"][0]["line"], "diagonal");
    let (_, answer) = complete(&url, json!({"n": 60, "queens": [[0, 0], [30, 31]]})).await;
    let columns: Vec<u32> = serde_json::from_value(answer["columns"].clone()).unwrap();
    assert!(is_valid_on(&columns, 60));
}

#[tokio::test]
async fn complete_refuses_bad_boards() {
    let url = start(Limits::default()).await;
    let cases = [
        (json!({"n": 65}), 413, "from 0 to 64"),
        (
            json!({"n": 4, "queens": [[4, 0]]}),
            422,
            "row 4, col 0 is off the board",
        ),
        (
            json!({"n": 4, "queens": [[1, 1]], "blocked": [[1, 1]]}),
            422,
            "is blocked",
        ),
        (
            json!({"n": 4, "queens": [[1, 1], [1, 1]]}),
            422,
            "given twice",
        ),
        (json!({"n": -3}), 422, "-3"),
        (json!({"queens": []}), 422, "missing field `n`"),
        (
            json!({"n": "x"}),
            422,
            "n: invalid type: string \"x\", expected usize",
        ),
        (
            json!({"n": 4, "queens": [[1]]}),
            422,
            "queens[0]: invalid length 1",
        ),
        (json!({"n": 4, "kings": []}), 422, "unknown field `kings`"),
    ];
    for (body, status, words) in cases {
        let answer = complete(&url, body.clone()).await;
        assert_eq!(answer.0, status, "{body}: {answer:?}");
        assert!(error_of(&answer).contains(words), "{body}: {answer:?}");
    }
}
