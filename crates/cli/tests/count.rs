//! `nqueens count`, run as a real process.

mod common;

use nqueens_testkit::{total, unique};
use serde_json::Value;

fn count(args: &[&str]) -> String {
    common::stdout(&[&["count"], args].concat())
}

#[test]
fn prints_a000170_and_a002562() {
    for n in 0..=12 {
        let expected = format!("total:  {}\nunique: {}\n", total(n), unique(n));
        assert_eq!(count(&[&n.to_string()]), expected, "n = {n}");
        let sets = count(&[&n.to_string(), "--algorithm", "arrays"]);
        assert_eq!(sets, expected, "arrays, n = {n}");
    }
}

#[test]
fn json_has_counts_nodes_time_and_threads() {
    let text = count(&["10", "--json", "--threads", "2"]);
    assert!(
        text.starts_with(r#"{"schema":"nqueens-count/1","nqueens_version":""#)
            && text.contains(r#","n":10,"total":724,"unique":92,"nodes":"#),
        "{text}"
    );
    let report: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(report["n"], 10);
    assert_eq!(report["total"], 724);
    assert_eq!(report["unique"], 92);
    assert_eq!(report["threads"], 2);
    assert!(report["nodes"].as_u64().unwrap() > 0);
    assert!(report["seconds"].as_f64().unwrap() >= 0.0);
    assert_eq!(report["method"], "backtrack");
    assert!(report["peak_bytes"].as_u64().unwrap() > 0);
    assert_eq!(report["nodes_kind"], "search_tree");
    assert_eq!(report.as_object().unwrap().len(), 11);
    let one: Value = serde_json::from_str(&count(&["10", "--json", "--threads", "1"])).unwrap();
    assert_eq!(
        (&one["total"], &one["unique"], &one["nodes"]),
        (&report["total"], &report["unique"], &report["nodes"])
    );
}

#[test]
fn stats_report_the_share_of_the_plain_tree() {
    let report: Value = serde_json::from_str(&count(&["10", "--json", "--stats"])).unwrap();
    let stats = &report["stats"];
    assert_eq!(stats["plain_tree_nodes"], 35539);
    assert_eq!(stats["nodes"], report["nodes"]);
    let fraction = stats["fraction_of_plain_tree"].as_f64().unwrap();
    assert!(fraction > 0.125 && fraction < 0.3, "{fraction}");
    assert!(stats["units"].as_u64().unwrap() > 50);
}

/// stderr is a pipe here, not a terminal: no progress bar, whatever the length.
#[test]
fn no_progress_bar_when_stderr_is_not_a_terminal() {
    let (out, err) = common::run(&["count", "15"]);
    assert_eq!(out, "total:  2279184\nunique: 285053\n");
    assert_eq!(err, "");
}
