//! `--algorithm`, `--stats` and `compare`.

mod common;

use common::run;
use serde_json::Value;

const ALGORITHMS: [&str; 5] = ["permutations", "naive", "sets", "arrays", "bitmask"];

#[test]
fn every_algorithm_prints_the_same_solutions_and_count() {
    let (expected, _) = run(&["solve", "7", "--format", "columns"]);
    for algorithm in ALGORITHMS {
        let (out, err) = run(&[
            "solve",
            "7",
            "--format",
            "columns",
            "--algorithm",
            algorithm,
        ]);
        assert_eq!(out, expected, "{algorithm}");
        assert_eq!(err, "");
        assert_eq!(
            run(&["count", "9", "--algorithm", algorithm]).0,
            "total:  352\nunique: 46\n",
            "{algorithm}"
        );
    }
}

#[test]
fn stats_go_to_stderr() {
    let (out, err) = run(&["count", "8", "--algorithm", "sets", "--stats"]);
    assert_eq!(out, "total:  92\nunique: 12\n");
    assert!(
        err.contains("nodes:      2057 (by depth: 1 8 42 140 344 568 550 312 92)"),
        "{err}"
    );
    assert!(err.contains("solutions:  92"), "{err}");
    let (out, err) = run(&["solve", "6", "--stats", "--format", "columns"]);
    assert_eq!(out.lines().count(), 4);
    assert!(err.contains("tested:     "), "{err}");
}

#[test]
fn stats_in_count_json() {
    let (out, _) = run(&["count", "8", "--json", "--stats", "--no-symmetry"]);
    let report: Value = serde_json::from_str(&out).unwrap();
    let stats = &report["stats"];
    assert_eq!(report["total"], 92);
    assert_eq!(stats["nodes"], 2057);
    assert_eq!(
        stats["profile"],
        serde_json::json!([1, 8, 42, 140, 344, 568, 550, 312, 92])
    );
    assert_eq!(stats["tested"], 8 * (2057 - 92));
    assert_eq!(stats["solutions"], 92);
    let rejected = &stats["rejected"];
    let sum: u64 = ["column", "diagonal", "anti_diagonal"]
        .iter()
        .map(|k| rejected[k].as_u64().unwrap())
        .sum();
    assert_eq!(sum, 8 * (2057 - 92) - 2056);
    let (out, _) = run(&["count", "8", "--json", "--stats"]);
    let half: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(half["total"], 92);
    assert!(half["stats"]["nodes"].as_u64().unwrap() < 2057);
}

#[test]
fn compare_lists_all_five() {
    let (out, _) = run(&["compare", "8", "--json"]);
    let report: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["n"], 8);
    let rows = report["algorithms"].as_array().unwrap();
    let names: Vec<&str> = rows.iter().map(|r| r["name"].as_str().unwrap()).collect();
    assert_eq!(names, ALGORITHMS);
    for row in rows {
        assert_eq!(row["solutions"], 92);
        assert!(row["seconds"].as_f64().unwrap() >= 0.0);
    }
    assert_eq!(rows[2]["nodes"], 2057);
    assert_eq!(rows[4]["relative"], 1.0);
    let (out, _) = run(&["compare", "12", "--json"]);
    let report: Value = serde_json::from_str(&out).unwrap();
    let skipped = report["algorithms"][0]["skipped"].as_str().unwrap();
    assert_eq!(
        skipped,
        "the permutations algorithm accepts n up to 11 (it tries all n! arrangements), not 12"
    );
    assert_eq!(report["algorithms"][1]["solutions"], 14200);
    let (table, _) = run(&["compare", "6"]);
    assert!(
        table
            .lines()
            .any(|l| l.starts_with("arrays") && l.contains(" 4 ")),
        "{table}"
    );
}
