//! Audits: a forged result whose checksum was made anew — which passes
//! every check a checkpoint or a merge makes, Burnside's lemma included —
//! is found by counting it again (`nqueens audit`, `merge --audit K`),
//! with the probability the audit states.

mod common;

use common::{forge_record, run_with};
use rusqlite::Connection;
use serde_json::Value;
use sha2::{Digest, Sha256};
use std::path::Path;

/// A checkpoint row's checksum, made as a forger would: the scheme is
/// public (SHA-256 over length-prefixed parts), and it has no key.
fn row_checksum(binding: &str, id: i64, thirds: u128, nodes: u128, seconds: f64) -> String {
    let parts: [&[u8]; 6] = [
        b"nqueens-unit",
        binding.as_bytes(),
        &id.to_le_bytes(),
        &thirds.to_le_bytes(),
        &nodes.to_le_bytes(),
        &seconds.to_bits().to_le_bytes(),
    ];
    let mut hasher = Sha256::new();
    for part in parts {
        hasher.update((part.len() as u64).to_le_bytes());
        hasher.update(part);
    }
    hasher
        .finalize()
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

/// A finished checkpoint of `count 12` with one unit's total raised by
/// eight boards (24 thirds: Burnside's lemma still holds) and its row's
/// checksum made anew: the forged unit's id.
fn forged_checkpoint(path: &Path) -> i64 {
    let file = path.to_str().unwrap();
    assert_eq!(
        run_with(&["count", "12", "-q", "--checkpoint", file], "").code,
        0
    );
    let db = Connection::open(path).unwrap();
    let binding: String = db
        .query_row("SELECT n || ' ' || method || ' ' || plan_version || ' ' || plan_hash || ' ' || shard FROM nqueens_run", [], |row| row.get(0))
        .unwrap();
    let (id, thirds, nodes, seconds): (i64, String, String, f64) = db
        .query_row(
            "SELECT id, total_thirds, nodes, seconds FROM nqueens_unit WHERE total_thirds != '0' ORDER BY id LIMIT 1",
            [],
            |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?)),
        )
        .unwrap();
    let forged: u128 = thirds.parse::<u128>().unwrap() + 24;
    let checksum = row_checksum(&binding, id, forged, nodes.parse().unwrap(), seconds);
    db.execute(
        "UPDATE nqueens_unit SET total_thirds = ?1, checksum = ?2 WHERE id = ?3",
        rusqlite::params![forged.to_string(), checksum, id],
    )
    .unwrap();
    id
}

#[test]
fn an_audit_of_every_unit_finds_a_forged_row_that_every_check_passes() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("forged.db");
    let file = path.to_str().unwrap();
    let id = forged_checkpoint(&path);
    // Every check passes it: the count gives eight boards too many.
    let resumed = run_with(&["count", "12", "--checkpoint", file], "");
    assert_eq!(
        (resumed.code, resumed.stdout.as_str()),
        (0, "total:  14208\nunique: 1788\n"),
        "{}",
        resumed.stderr
    );
    let status: Value =
        serde_json::from_str(&run_with(&["status", file, "--json"], "").stdout).unwrap();
    assert_eq!(status["damaged"], 0);
    // Counting every unit again finds it.
    let ran = run_with(
        &["audit", file, "--units", "100000", "--seed", "1", "--json"],
        "",
    );
    assert_eq!(ran.code, 1, "{}", ran.stderr);
    let report: Value = serde_json::from_str(&ran.stdout).unwrap();
    assert_eq!(report["agrees"], false);
    assert_eq!(report["finds_one_wrong"], 1.0);
    let wrong: Vec<&Value> = report["checked"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|check| check["stored"] != check["counted"])
        .collect();
    assert_eq!(wrong.len(), 1, "{report}");
    assert_eq!(wrong[0]["id"], id);
    assert_eq!(
        wrong[0]["stored"][0].as_u64().unwrap(),
        wrong[0]["counted"][0].as_u64().unwrap() + 24
    );
    let text = run_with(&["audit", file, "--units", "100000", "--seed", "1"], "");
    assert!(
        text.stdout.contains(&format!("unit {id}: stored ")),
        "{}",
        text.stdout
    );
    assert!(
        text.stdout.contains("it is wrong (forged or corrupted)"),
        "{}",
        text.stdout
    );
    assert!(
        text.stdout.contains("1 of 1290 does not agree"),
        "{}",
        text.stdout
    );
}

#[test]
fn an_audit_says_how_likely_its_sample_was_to_find_a_wrong_unit() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sound.db");
    let file = path.to_str().unwrap();
    assert_eq!(
        run_with(&["count", "12", "-q", "--checkpoint", file], "").code,
        0
    );
    let ran = run_with(&["audit", file, "--units", "129", "--seed", "7"], "");
    assert_eq!(ran.code, 0, "{}", ran.stderr);
    assert_eq!(
        ran.stdout,
        format!(
            "audit of {file} (1290 finished units): 129 counted again from scratch (seed 7)\n\
             all 129 agree with what was stored\n\
             if 1 of the 1290 units were wrong, this audit would have found it with probability 10.0%; \
             if 13 (1%) were, 74.8%\n"
        )
    );
    // The same seed chooses the same units; no seed chooses one and says it.
    let json =
        |args: &[&str]| -> Value { serde_json::from_str(&run_with(args, "").stdout).unwrap() };
    let ids = |report: Value| {
        report["checked"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["id"].as_u64())
            .collect::<Vec<_>>()
    };
    let seeded = ["audit", file, "--units", "5", "--seed", "7", "--json"];
    assert_eq!(ids(json(&seeded)), ids(json(&seeded)));
    let unseeded = run_with(&["audit", file, "--units", "5"], "");
    assert!(
        unseeded.stderr.starts_with("nqueens: audit seed "),
        "{}",
        unseeded.stderr
    );
    let refused = run_with(&["audit", file, "--units", "0"], "");
    assert_eq!(refused.code, 2);
    assert!(
        refused
            .stderr
            .contains("the number to count again must be a whole number from 1 up"),
        "{}",
        refused.stderr
    );
}

#[test]
fn an_audit_of_one_unit_says_one() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("one.db");
    let file = path.to_str().unwrap();
    // n = 4 counts by backtracking in one unit.
    assert_eq!(
        run_with(&["count", "4", "-q", "--checkpoint", file], "").code,
        0
    );
    let ran = run_with(&["audit", file, "--seed", "1"], "");
    assert_eq!(ran.code, 0, "{}", ran.stderr);
    assert_eq!(
        ran.stdout,
        format!(
            "audit of {file} (1 finished unit): 1 counted again from scratch (seed 1)\n\
             the unit agrees with what was stored\n\
             if the unit were wrong, this audit would have found it with probability 100.0%\n"
        )
    );
}

#[test]
fn merge_audit_finds_a_forged_record_that_every_check_passes() {
    let dir = tempfile::tempdir().unwrap();
    for i in 0..4 {
        let ran = run_with(
            &[
                "count",
                "10",
                "--shard",
                &format!("{i}/4"),
                "--out",
                dir.path().to_str().unwrap(),
            ],
            "",
        );
        assert_eq!(ran.code, 0, "{}", ran.stderr);
    }
    forge_record(&dir.path().join("shard-3-of-4.json"), |record| {
        record.total_thirds += 24
    });
    let merged = |extra: &[&str]| -> (i32, Value) {
        let args = [
            &["merge", "--json", dir.path().to_str().unwrap()][..],
            extra,
        ]
        .concat();
        let ran = run_with(&args, "");
        (ran.code, serde_json::from_str(&ran.stdout).unwrap())
    };
    let (code, report) = merged(&[]);
    assert_eq!(
        (code, report["total"].as_u64()),
        (0, Some(732)),
        "the forgery passes every check: {report}"
    );
    let (code, report) = merged(&["--audit", "4", "--seed", "1"]);
    assert_eq!(code, 1, "{report}");
    assert!(report.get("total").is_none(), "{report}");
    let problem = &report["problems"][0];
    assert_eq!(
        (problem["kind"].as_str(), problem["shard"].as_u64()),
        (Some("audit"), Some(3)),
        "{report}"
    );
    assert!(problem["file"]
        .as_str()
        .unwrap()
        .ends_with("shard-3-of-4.json"));
    // Its advice, followed as printed, leaves records that pass the audit.
    let bin = assert_cmd::cargo::cargo_bin("nqueens");
    let search = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap()
    );
    let rerun = problem["rerun"].as_str().unwrap();
    assert!(rerun.starts_with("mv -- "), "{rerun}");
    let ran = std::process::Command::new("sh")
        .args(["-c", rerun])
        .env("PATH", search)
        .status()
        .unwrap();
    assert!(ran.success(), "{rerun}");
    let (code, report) = merged(&["--audit", "4", "--seed", "1"]);
    assert_eq!((code, report["total"].as_u64()), (0, Some(724)), "{report}");
    assert_eq!(report["audit"]["agrees"], true);
}
