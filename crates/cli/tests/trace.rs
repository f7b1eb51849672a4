//! `nqueens trace`: the narrated text, the JSON stream and its replay.

mod common;

use common::stdout as nqueens;
use nqueens_testkit::{is_valid, total};
use serde_json::Value;

#[test]
fn text_for_n_4() {
    insta::assert_snapshot!("trace_4_text", nqueens(&["trace", "4"]));
}

#[test]
fn text_starts_as_the_tutorials_do() {
    let out = nqueens(&["trace", "4"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "row 0, col 0: place");
    assert!(
        lines[1].starts_with("row 1: col 0 ✗ column (queen at row 0, col 0) · col 1 ✗ diagonal")
    );
    assert!(lines[2].ends_with("→ dead end, lift row 1 (col 2)"));
    assert!(out.contains("solution 1: [1, 3, 0, 2]\n  .Q..\n  ...Q\n  Q...\n  ..Q.\n"));
}

/// Replays the JSON events on a board: every place and lift must match,
/// each solution must be the board at that moment, and the tallies must
/// equal the `done` totals.
fn replay(n: usize, lines: &[Value]) -> Vec<Vec<u32>> {
    let mut board: Vec<Option<u64>> = vec![None; n];
    let mut solutions = Vec::new();
    let (mut tries, mut rejects, mut places, mut dead_ends) = (0u64, 0u64, 0u64, 0u64);
    let (last, events) = lines.split_last().unwrap();
    for event in events {
        let (row, col) = (
            event["row"].as_u64().map(|r| r as usize),
            event["col"].as_u64(),
        );
        match event["type"].as_str().unwrap() {
            "try" => tries += 1,
            "reject" => {
                rejects += 1;
                let by = &event["by"];
                assert_eq!(
                    board[by["row"].as_u64().unwrap() as usize],
                    by["col"].as_u64()
                );
            }
            "place" => {
                assert_eq!(board[row.unwrap()].replace(col.unwrap()), None);
                places += 1;
            }
            "lift" => assert_eq!(board[row.unwrap()].take(), col),
            "dead_end" => dead_ends += 1,
            "scan" => {
                // bitmask reads the row at once: n squares, the masked ones refused.
                tries += n as u64;
                let masks = ["cols", "diag", "anti"].map(|k| event[k].as_u64().unwrap());
                rejects += u64::from((masks[0] | masks[1] | masks[2]).count_ones());
                assert!(board[row.unwrap()..].iter().all(Option::is_none));
            }
            "solution" => {
                let columns: Vec<u32> = serde_json::from_value(event["columns"].clone()).unwrap();
                let on_board: Vec<u32> = board.iter().map(|c| c.unwrap() as u32).collect();
                assert_eq!(columns, on_board);
                assert_eq!(event["index"], solutions.len());
                solutions.push(columns);
            }
            other => panic!("unknown event {other}"),
        }
    }
    for step in events {
        assert!(step["line"].as_u64().is_some_and(|l| l >= 1), "{step}");
    }
    assert_eq!(last["type"], "done");
    assert_eq!(last.get("line"), None);
    assert_eq!(last["tested"], tries);
    let rejected = &last["rejected"];
    let sum = ["column", "diagonal", "anti_diagonal"].map(|k| rejected[k].as_u64().unwrap());
    assert_eq!(sum.iter().sum::<u64>(), rejects);
    assert_eq!(last["nodes"].as_u64().unwrap(), places + 1);
    assert_eq!(last["dead_ends"], dead_ends);
    assert_eq!(last["solutions"], solutions.len());
    solutions
}

fn json_lines(args: &[&str]) -> Vec<Value> {
    nqueens(args)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn json_replays_to_the_solutions_and_totals() {
    for algorithm in ["permutations", "naive", "sets", "arrays", "bitmask"] {
        for n in 1..=7usize {
            let args = [
                "trace",
                &n.to_string(),
                "--json",
                "--until",
                "all",
                "--algorithm",
                algorithm,
            ];
            let solutions = replay(n, &json_lines(&args));
            assert_eq!(solutions.len() as u128, total(n), "{algorithm}, n = {n}");
            assert!(solutions.iter().all(|s| is_valid(s)));
        }
    }
}

#[test]
fn json_stops_at_the_first_solution_or_the_event_limit() {
    let first = json_lines(&["trace", "6", "--json"]);
    assert_eq!(replay(6, &first), [[1, 3, 5, 0, 2, 4]]);
    assert_eq!(first.last().unwrap()["stopped"], "first_solution");
    let limited = json_lines(&["trace", "8", "--json", "--max-events", "25"]);
    assert_eq!(limited.len(), 26);
    assert_eq!(limited.last().unwrap()["stopped"], "max_events");
    replay(8, &limited);
    let text = nqueens(&["trace", "8", "--max-events", "5"]);
    assert!(
        text.contains("stopped after 5 events (--max-events 5)"),
        "{text}"
    );
}

#[test]
fn bitmask_tells_each_row_read_at_once_and_the_lowest_free_bit_placed() {
    let out = nqueens(&["trace", "4", "--algorithm", "bitmask"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "row 0: attacked at once: none · col 0 ✓ place");
    assert_eq!(
        lines[1],
        "row 1: attacked at once: col 0, 1 · col 2 ✓ place"
    );
    assert_eq!(
        lines[2],
        "row 2: attacked at once: col 0, 1, 2, 3 → dead end, lift row 1 (col 2)"
    );
    assert!(!out.contains('✗'), "no square is tried alone: {out}");
    assert!(out.contains("solution 1: [1, 3, 0, 2]"), "{out}");
}
