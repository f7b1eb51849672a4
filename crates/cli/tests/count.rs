//! `nqueens count`, run as a real process.

mod common;

use nqueens_testkit::A000170;
use serde_json::Value;

fn count(args: &[&str]) -> String {
    common::stdout(&[&["count"], args].concat())
}

#[test]
fn prints_a000170() {
    for (n, total) in A000170.iter().enumerate().take(13) {
        assert_eq!(count(&[&n.to_string()]), format!("{total}\n"), "n = {n}");
    }
}

#[test]
fn json_has_n_total_and_seconds() {
    let report: Value = serde_json::from_str(&count(&["10", "--json"])).unwrap();
    assert_eq!(report["n"], 10);
    assert_eq!(report["total"], 724);
    assert!(report["seconds"].as_f64().unwrap() >= 0.0);
    assert_eq!(report.as_object().unwrap().len(), 3);
}
