//! `/api/trace` and `/api/solve`: the same lines as the command line,
//! their limits, and what a busy server answers.

mod common;

use common::{assert_error, get, lines, start};
use nqueens::{Algorithm, BoardSize};
use nqueens_report::trace::{narrate, Json, Until};
use nqueens_server::Limits;
use nqueens_testkit::{is_valid_on, total, unique};
use std::collections::HashSet;

#[tokio::test]
async fn trace_sends_the_lines_of_trace_json() {
    let url = start(Limits::default()).await;
    for algorithm in Algorithm::ALL {
        let path = format!("api/trace?n=5&algorithm={algorithm}&until=all");
        let (status, body) = get(&url, &path).await;
        assert_eq!(status, 200);
        let solver = algorithm.on(BoardSize::new(5).unwrap()).unwrap();
        let mut expected = Vec::new();
        narrate(&solver, &mut Json, &mut expected, Until::All, u64::MAX).unwrap();
        assert_eq!(body.as_bytes(), expected, "{algorithm}");
    }
}

#[tokio::test]
async fn listing_gives_the_code_whose_lines_the_trace_numbers() {
    let url = start(Limits::default()).await;
    for algorithm in Algorithm::ALL {
        let (status, body) = get(&url, &format!("api/listing?algorithm={algorithm}")).await;
        assert_eq!(status, 200);
        let listing: serde_json::Value = serde_json::from_str(&body).unwrap();
        assert_eq!(listing["algorithm"], algorithm.name());
        assert_eq!(listing["language"], "python");
        // The page's menus are fitted to the engine's lists, given here.
        let names = |field: &str| -> Vec<String> {
            serde_json::from_value(listing[field].clone()).unwrap()
        };
        assert_eq!(
            names("algorithms"),
            <nqueens::Algorithm as nqueens::Named>::names()
        );
        assert_eq!(
            names("styles"),
            <nqueens::CodeStyle as nqueens::Named>::names()
        );
        let code: Vec<String> = serde_json::from_value(listing["lines"].clone()).unwrap();
        assert_eq!(code, nqueens::Listing::of(algorithm).lines());
        let path = format!("api/trace?n=6&algorithm={algorithm}&until=all");
        let steps = lines(&get(&url, &path).await.1);
        let solution = steps.iter().find(|s| s["type"] == "solution").unwrap();
        let line = solution["line"].as_u64().unwrap() as usize;
        assert_eq!(
            code[line - 1].trim(),
            "solutions.append(queens[:])",
            "{algorithm}"
        );
    }
    assert_error(
        get(&url, "api/listing?algorithm=sets&style=leetcode").await,
        400,
        "style must be one of page, tutorial, not 'leetcode'",
    );
    assert_error(
        get(&url, "api/listing?algorithm=quick").await,
        400,
        "algorithm must be one of permutations, naive, sets, arrays, bitmask, not 'quick'",
    );
    assert_error(get(&url, "api/listing?n=4").await, 400, "n");
}

#[tokio::test]
async fn listing_in_each_style_names_the_line_of_every_step_the_trace_takes() {
    let url = start(Limits::default()).await;
    for algorithm in Algorithm::ALL {
        let path = format!("api/trace?n=6&algorithm={algorithm}&until=all");
        let steps = lines(&get(&url, &path).await.1);
        for style in nqueens::CodeStyle::ALL {
            let path = format!("api/listing?algorithm={algorithm}&style={}", style.name());
            let (status, body) = get(&url, &path).await;
            assert_eq!(status, 200);
            let listing: serde_json::Value = serde_json::from_str(&body).unwrap();
            assert_eq!(listing["style"], style.name());
            let code: Vec<String> = serde_json::from_value(listing["lines"].clone()).unwrap();
            assert_eq!(code, nqueens::Listing::styled(algorithm, style).lines());
            for step in steps.iter().filter(|s| s["type"] != "done") {
                let tag = match step["type"].as_str().unwrap() {
                    "reject" => format!("reject_{}", step["reason"].as_str().unwrap()),
                    kind => kind.to_string(),
                };
                let line = listing["steps"][&tag].as_u64().unwrap() as usize;
                assert!(line >= 1 && line <= code.len(), "{algorithm} {tag}");
                if style == nqueens::CodeStyle::Page {
                    assert_eq!(
                        step["line"], line,
                        "{algorithm} {tag}: the trace's own line"
                    );
                }
            }
        }
    }
    let listing = get(&url, "api/listing?algorithm=bitmask&style=tutorial")
        .await
        .1;
    let listing: serde_json::Value = serde_json::from_str(&listing).unwrap();
    assert_eq!(listing["lines"][0], "def total_n_queens(n):");
}

#[tokio::test]
async fn trace_stops_at_the_first_solution_or_the_event_cap() {
    let url = start(Limits::default()).await;
    let events = lines(&get(&url, "api/trace?n=4").await.1);
    let solution = events.iter().find(|e| e["type"] == "solution").unwrap();
    assert_eq!(solution["columns"], serde_json::json!([1, 3, 0, 2]));
    assert_eq!(events.last().unwrap()["stopped"], "first_solution");
    let events = lines(&get(&url, "api/trace?n=8&until=all&max_events=5").await.1);
    assert_eq!(events.len(), 6);
    assert_eq!(events[5]["stopped"], "max_events");
}

#[tokio::test]
async fn trace_from_given_queens_finishes_the_board_or_shows_there_is_none() {
    let url = start(Limits::default()).await;
    // The tutorials' dead end: a queen in the corner of n = 4 has no completion.
    let events = lines(&get(&url, "api/trace?n=4&until=all&queens=0:0").await.1);
    let done = events.last().unwrap();
    assert_eq!(
        (done["type"].as_str(), done["solutions"].as_u64()),
        (Some("done"), Some(0))
    );
    assert!(
        events.iter().all(|e| e["row"] != 0),
        "row 0's queen is given: no step there"
    );
    let dead_ends = events.iter().filter(|e| e["type"] == "dead_end").count();
    assert_eq!(dead_ends as u64, done["dead_ends"].as_u64().unwrap());
    assert!(dead_ends >= 2, "{events:?}");
    // A refusal may name a given queen below the row being filled.
    let events = lines(&get(&url, "api/trace?n=4&queens=3:2").await.1);
    let by_given = events
        .iter()
        .any(|e| e["type"] == "reject" && e["by"] == serde_json::json!({"row": 3, "col": 2}));
    assert!(by_given, "{events:?}");
    let solution = events.iter().find(|e| e["type"] == "solution").unwrap();
    assert_eq!(solution["columns"], serde_json::json!([1, 3, 0, 2]));
    let cases = [
        (
            "queens=0:0,1:1",
            422,
            "the queens at row 0, col 0 and row 1, col 1 share a ↘ diagonal",
        ),
        ("queens=4:0", 422, "row 4, col 0 is off the board"),
        ("queens=0:1,0:1", 422, "given twice"),
        (
            "queens=0-1",
            400,
            "queens must be row:col pairs separated by commas, e.g. 0:1,2:3; '0-1' is not one",
        ),
        ("queens=0:x", 400, "'0:x' is not one"),
        ("queens=99999:1", 400, "'99999:1' is not one"),
        (
            "algorithm=bitmask&queens=0:1",
            422,
            "naive, sets or arrays, not bitmask",
        ),
    ];
    for (query, status, words) in cases {
        assert_error(
            get(&url, &format!("api/trace?n=4&{query}")).await,
            status,
            words,
        );
    }
    assert_eq!(get(&url, "api/trace?n=4&queens=").await.0, 200);
}

#[tokio::test]
async fn bad_trace_parameters_are_named() {
    let url = start(Limits::default()).await;
    let cases = [
        ("n=-1", 400, "n must be an integer from 1 to 12, not '-1'"),
        ("n=0", 400, "from 1 to 12, not 0"),
        ("n=13", 413, "(this server's limit), not 13"),
        ("n=40", 413, "not 40"),
        (
            "n=99999999999999999999999",
            413,
            "not 99999999999999999999999",
        ),
        ("n=eight", 400, "not 'eight'"),
        ("", 400, "missing parameter: n must be"),
        (
            "n=4&until=never",
            400,
            "until must be one of first, all, not 'never'",
        ),
        ("n=4&algorithm=dfs", 400, "algorithm must be one of"),
        ("n=12&algorithm=permutations", 413, "up to 11"),
        (
            "n=4&max_events=0",
            400,
            "max_events must be an integer from 1",
        ),
        ("n=4&max_events=1000001", 413, "max_events"),
        ("n=4&color=red", 400, "unknown parameter 'color'"),
        ("n=%ff", 400, "not '\u{fffd}'"),
        ("n=%20", 400, "n must be an integer from 1 to 12, not ' '"),
        ("n=", 400, "n must be an integer from 1 to 12, not ''"),
        ("n=8&n=4", 400, "parameter 'n' is given twice: give it once"),
        (
            "n=4&until=all&until=first",
            400,
            "parameter 'until' is given twice",
        ),
    ];
    for (query, status, words) in cases {
        assert_error(
            get(&url, &format!("api/trace?{query}")).await,
            status,
            words,
        );
    }
}

#[tokio::test]
async fn solve_streams_valid_distinct_solutions() {
    let url = start(Limits::default()).await;
    for n in 0..=9 {
        let solutions = lines(&get(&url, &format!("api/solve?n={n}")).await.1);
        assert_eq!(solutions.len() as u128, total(n), "n = {n}");
        let mut seen = HashSet::new();
        for line in &solutions {
            let columns: Vec<u32> = serde_json::from_value(line["columns"].clone()).unwrap();
            assert!(is_valid_on(&columns, n), "{columns:?}");
            assert!(seen.insert(columns));
        }
        let classes = lines(&get(&url, &format!("api/solve?n={n}&unique=true")).await.1);
        assert_eq!(classes.len() as u128, unique(n));
        let boards: u64 = classes
            .iter()
            .map(|c| c["class_size"].as_u64().unwrap())
            .sum();
        assert_eq!(u128::from(boards), total(n));
    }
    assert_eq!(lines(&get(&url, "api/solve?n=10&limit=3").await.1).len(), 3);
    assert_eq!(get(&url, "api/solve?n=10&limit=0").await.1, "");
    assert_error(get(&url, "api/solve?n=25").await, 413, "from 0 to 24");
    assert_error(
        get(&url, "api/solve?n=8&unique=maybe").await,
        400,
        "true or false",
    );
}

#[tokio::test]
async fn a_stream_past_its_time_is_cut_not_ended() {
    let limits = Limits {
        stream_seconds: 0,
        ..Limits::default()
    };
    let url = start(limits).await;
    let response = reqwest::get(format!("{url}api/trace?n=10&until=all")).await;
    // Headers may come before the cut; the body must not end cleanly.
    let body = match response {
        Ok(response) => response.text().await,
        Err(err) => Err(err),
    };
    assert!(body.is_err(), "a cut stream read as whole: {body:?}");
}

#[tokio::test]
async fn a_busy_server_refuses_streams_with_503() {
    let limits = Limits {
        stream_slots: 1,
        stream_wait_ms: 200,
        // The stream left unread holds its slot until it is dropped,
        // however slow the machine: no deadline lets go of it first.
        stream_seconds: 600,
        write_seconds: 600,
        ..Limits::default()
    };
    let url = start(limits).await;
    // Not read: the search fills the channel and holds its slot.
    let held = reqwest::get(format!("{url}api/trace?n=12&until=all"))
        .await
        .unwrap();
    let refused = reqwest::get(format!("{url}api/trace?n=9")).await.unwrap();
    assert_eq!(refused.status().as_u16(), 503);
    assert_eq!(refused.headers()["retry-after"], "1");
    // A short one takes a slot kept for short requests.
    assert_eq!(get(&url, "api/trace?n=4").await.0, 200);
    drop(held);
    // The slot comes back once the abandoned search notices.
    let gone = std::time::Instant::now();
    while get(&url, "api/trace?n=9").await.0 != 200 {
        let waited = gone.elapsed();
        assert!(waited.as_secs() < 30, "the abandoned trace kept its slot");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
}

#[tokio::test]
async fn a_uri_over_the_limit_is_414_json() {
    let url = start(Limits::default()).await;
    let target = format!("api/solve?n=4&pad={}", "x".repeat(9000));
    assert_error(
        get(&url, &target).await,
        414,
        "this server takes URIs up to 8192 bytes",
    );
}
