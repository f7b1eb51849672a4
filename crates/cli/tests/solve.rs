//! `nqueens solve`, run as a real process.

mod common;

use common::stdout as nqueens;
use nqueens_testkit::{is_valid, total};
use serde_json::Value;
use std::collections::HashSet;

#[test]
fn every_format_at_n_4() {
    for format in ["boards", "json", "columns", "ndjson"] {
        let out = nqueens(&["solve", "4", "--format", format]);
        insta::assert_snapshot!(format!("solve_4_{format}"), out);
    }
    insta::assert_snapshot!(
        "solve_4_q_dash",
        nqueens(&["solve", "4", "--queen", "q", "--empty", "-"])
    );
}

#[test]
fn boards_is_the_default_format() {
    assert_eq!(
        nqueens(&["solve", "4"]),
        nqueens(&["solve", "4", "--format", "boards"])
    );
}

#[test]
fn json_is_the_leetcode_51_answer() {
    let json = |n: &str| nqueens(&["solve", n, "--format", "json"]);
    assert_eq!(
        json("4"),
        "[[\".Q..\",\"...Q\",\"Q...\",\"..Q.\"],[\"..Q.\",\"Q...\",\"...Q\",\".Q..\"]]\n"
    );
    assert_eq!(json("1"), "[[\"Q\"]]\n");
    assert_eq!(json("2"), "[]\n");
    assert_eq!(json("3"), "[]\n");
    assert_eq!(json("0"), "[[]]\n");
}

#[test]
fn q_dash_style_matches_the_tutorial() {
    let out = nqueens(&["solve", "4", "--queen", "q", "--empty", "-"]);
    assert_eq!(out, "-q--\n---q\nq---\n--q-\n\n--q-\nq---\n---q\n-q--\n");
}

#[test]
fn json_glyphs_are_escaped() {
    let out = nqueens(&[
        "solve", "4", "--format", "json", "--queen", "\"", "--empty", "\\",
    ]);
    let boards: Vec<Vec<String>> = serde_json::from_str(&out).unwrap();
    assert_eq!(boards[0][0], "\\\"\\\\");
}

/// Columns, checked one by one and as a set, for n = 1..=10.
#[test]
fn columns_are_valid_distinct_and_complete() {
    for n in 1..=10usize {
        let out = nqueens(&["solve", &n.to_string(), "--format", "columns"]);
        let rows: Vec<Vec<u32>> = out
            .lines()
            .map(|line| line.split(' ').map(|c| c.parse().unwrap()).collect())
            .collect();
        assert!(rows.iter().all(|r| r.len() == n && is_valid(r)), "n = {n}");
        assert_eq!(rows.iter().collect::<HashSet<_>>().len() as u128, total(n));
    }
}

#[test]
fn ndjson_lines_agree_with_their_boards() {
    let out = nqueens(&["solve", "8", "--format", "ndjson"]);
    let lines: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 92);
    for (i, line) in lines.iter().enumerate() {
        assert_eq!(line["n"], 8);
        assert_eq!(line["index"], i);
        let columns: Vec<u32> = serde_json::from_value(line["columns"].clone()).unwrap();
        assert!(is_valid(&columns));
        for (row, text) in line["board"].as_array().unwrap().iter().enumerate() {
            assert_eq!(
                text.as_str().unwrap().find('Q'),
                Some(columns[row] as usize)
            );
        }
    }
}

#[test]
fn limit_stops_after_k_solutions() {
    let all = nqueens(&["solve", "8", "--format", "columns"]);
    let first: Vec<&str> = all.lines().take(3).collect();
    let out = nqueens(&["solve", "8", "--format", "columns", "--limit", "3"]);
    assert_eq!(out.lines().collect::<Vec<_>>(), first);
    assert_eq!(
        nqueens(&["solve", "8", "--format", "json", "--limit", "0"]),
        "[]\n"
    );
    let json = nqueens(&["solve", "6", "--format", "json", "--limit", "1"]);
    assert_eq!(
        serde_json::from_str::<Vec<Vec<String>>>(&json)
            .unwrap()
            .len(),
        1
    );
    let more = nqueens(&["solve", "6", "--format", "columns", "--limit", "100"]);
    assert_eq!(more.lines().count(), 4);
}

#[test]
fn unique_gives_one_board_per_class_with_its_size() {
    let out = nqueens(&["solve", "8", "--unique", "--format", "ndjson"]);
    let lines: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 12);
    let sizes: u64 = lines
        .iter()
        .map(|l| l["class_size"].as_u64().unwrap())
        .sum();
    assert_eq!(sizes, 92);
    for (i, line) in lines.iter().enumerate() {
        assert_eq!(line["index"], i);
        let columns: Vec<u32> = serde_json::from_value(line["columns"].clone()).unwrap();
        assert!(is_valid(&columns));
    }
    let columns = nqueens(&["solve", "10", "--unique", "--format", "columns"]);
    assert_eq!(columns.lines().count(), 92);
    let limited = nqueens(&[
        "solve", "10", "--unique", "--format", "columns", "--limit", "5",
    ]);
    assert_eq!(
        limited.lines().collect::<Vec<_>>(),
        columns.lines().take(5).collect::<Vec<_>>()
    );
}

#[test]
fn threads_change_nothing_in_the_output() {
    for format in ["columns", "ndjson", "json"] {
        let one = nqueens(&["solve", "11", "--format", format, "--threads", "1"]);
        let two = nqueens(&["solve", "11", "--format", format, "--threads", "2"]);
        assert_eq!(one, two, "{format}");
    }
    let limited = nqueens(&[
        "solve",
        "12",
        "--format",
        "columns",
        "--limit",
        "7",
        "--threads",
        "2",
    ]);
    let all = nqueens(&["solve", "12", "--format", "columns", "--threads", "1"]);
    assert_eq!(
        limited.lines().collect::<Vec<_>>(),
        all.lines().take(7).collect::<Vec<_>>()
    );
}
