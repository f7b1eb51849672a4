//! `count --shard I/K` and `merge`: records that add up to the unsharded
//! count for any K, written whole or not at all, and a merge that names
//! every injected fault (with the command that mends it) and prints
//! counts only when nothing is wrong.

mod common;

use common::run_with;
use nqueens_report::runs::ShardRecord;
use serde_json::Value;
use std::path::{Path, PathBuf};

fn ok(args: &[&str]) -> String {
    let ran = run_with(args, "");
    assert_eq!(ran.code, 0, "{args:?}: {}", ran.stderr);
    ran.stdout
}

/// Runs every shard of `count N` in K into `dir`.
fn shard_all(n: &str, k: usize, extra: &[&str], dir: &Path) {
    for i in 0..k {
        let shard = format!("{i}/{k}");
        let args = [
            &[
                "count",
                n,
                "--shard",
                &shard,
                "--out",
                dir.to_str().unwrap(),
            ][..],
            extra,
        ]
        .concat();
        assert_eq!(ok(&args), "");
    }
}

fn merge(paths: &[&Path]) -> (i32, Value, String) {
    let mut args = vec!["merge"];
    args.extend(paths.iter().map(|p| p.to_str().unwrap()));
    let text = run_with(&args, "");
    args.push("--json");
    let json = run_with(&args, "");
    assert_eq!(text.code, json.code);
    (
        json.code,
        serde_json::from_str(&json.stdout).unwrap(),
        text.stdout,
    )
}

fn record(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn write(path: &Path, record: &Value) {
    std::fs::write(path, serde_json::to_string(record).unwrap()).unwrap();
}

/// Writes `record` as a forger would: residues and checksum made anew, so
/// that only the checks beyond them can catch it.
fn forge(path: &Path, record: &Value) {
    let mut forged: ShardRecord = serde_json::from_value(record.clone()).unwrap();
    forged.residues.total_thirds = nqueens_runs::residues(forged.total_thirds);
    forged.residues.nodes = nqueens_runs::residues(forged.nodes);
    forged.checksum = nqueens_runs::record::checksum_of(&forged);
    std::fs::write(path, serde_json::to_string(&forged).unwrap()).unwrap();
}

#[test]
fn shards_add_up_to_the_unsharded_count() {
    for (n, extra) in [("12", &[][..]), ("11", &["--no-symmetry"][..])] {
        let whole: Value =
            serde_json::from_str(&ok(&[&["count", n, "--json"][..], extra].concat())).unwrap();
        for k in [1, 2, 7, 64] {
            let dir = tempfile::tempdir().unwrap();
            shard_all(n, k, extra, dir.path());
            let (code, report, text) = merge(&[dir.path()]);
            assert_eq!(code, 0, "{text}");
            for field in ["total", "unique", "nodes"] {
                assert_eq!(
                    report[field], whole[field],
                    "n = {n} {extra:?}, {k} shards: {field}"
                );
            }
            assert!(
                text.ends_with(&format!(
                    "total:  {}\nunique: {}\n",
                    whole["total"], whole["unique"]
                )),
                "{text}"
            );
            let files: Vec<PathBuf> = std::fs::read_dir(dir.path())
                .unwrap()
                .map(|e| e.unwrap().path())
                .collect();
            assert_eq!(
                files.len(),
                k,
                "one record per shard, no temporary file left: {files:?}"
            );
        }
    }
}

#[test]
fn a_shard_record_says_what_it_is() {
    let out = ok(&["count", "10", "--shard", "2/3"]);
    let record: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(record["format"], "nqueens-shard/3");
    let parsed: ShardRecord = serde_json::from_value(record.clone()).unwrap();
    assert_eq!(
        record["checksum"].as_str(),
        Some(nqueens_runs::record::checksum_of(&parsed).as_str())
    );
    assert_eq!(
        (
            record["n"].as_u64(),
            record["shard"].as_u64(),
            record["shards"].as_u64()
        ),
        (Some(10), Some(2), Some(3))
    );
    assert_eq!(
        (record["method"].as_str(), record["plan_version"].as_u64()),
        (Some("backtrack"), Some(1))
    );
    let thirds = record["total_thirds"].as_u64().unwrap();
    assert_eq!(
        record["residues"]["total_thirds"],
        serde_json::json!([thirds % 13, thirds % 15])
    );
    assert_eq!(record["plan_hash"].as_str().unwrap().len(), 16);
    assert!(record["seconds"].as_f64().unwrap() >= 0.0);
}

/// A complete set of records of `count 10` in 4 shards, in its own dir.
fn four_shards() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    shard_all("10", 4, &[], dir.path());
    dir
}

fn shard_file(dir: &Path, i: usize) -> PathBuf {
    dir.join(format!("shard-{i}-of-4.json"))
}

/// Merges `dir` and returns the one problem found, of the kind expected.
fn one_problem(dir: &Path, kind: &str) -> Value {
    let (code, report, text) = merge(&[dir]);
    assert_eq!(code, 1, "{text}");
    assert_eq!(report["complete"], false);
    assert!(
        report.get("total").is_none(),
        "no total when something is wrong"
    );
    let problems = report["problems"].as_array().unwrap();
    assert_eq!(problems.len(), 1, "{text}");
    assert_eq!(problems[0]["kind"], kind, "{text}");
    assert!(text.ends_with("not merged: 1 problem\n"), "{text}");
    problems[0].clone()
}

#[test]
fn merge_names_a_missing_shard_with_the_command_that_counts_it() {
    let dir = four_shards();
    std::fs::remove_file(shard_file(dir.path(), 2)).unwrap();
    let problem = one_problem(dir.path(), "missing");
    let rerun = problem["rerun"].as_str().unwrap();
    let expected_out = dir.path().join("shard-2-of-4.json");
    assert_eq!(
        rerun,
        format!(
            "nqueens count 10 --method backtrack --shard 2/4 --out {}",
            expected_out.display()
        )
    );
    let args: Vec<&str> = rerun.split(' ').skip(1).collect();
    ok(&args);
    let (code, report, _) = merge(&[dir.path()]);
    assert_eq!((code, report["total"].as_u64()), (0, Some(724)));
}

#[test]
fn agreeing_duplicates_are_confirmed_and_conflicting_ones_refused() {
    let dir = four_shards();
    let copy = dir.path().join("again-1.json");
    ok(&[
        "count",
        "10",
        "--shard",
        "1/4",
        "--out",
        copy.to_str().unwrap(),
    ]);
    let (code, report, text) = merge(&[dir.path()]);
    assert_eq!((code, report["unique"].as_u64()), (0, Some(92)), "{text}");
    assert_eq!(report["confirmed"][0]["shard"], 1);
    assert!(text.contains("confirmed: shard 1 ("), "{text}");
    let mut other = record(&copy);
    let nodes = other["nodes"].as_u64().unwrap() + 1;
    other["nodes"] = nodes.into();
    forge(&copy, &other);
    let problem = one_problem(dir.path(), "disagreeing");
    assert_eq!(problem["shard"], 1);
    assert!(problem["rerun"].as_str().unwrap().ends_with(" --audit 1"));
}

#[test]
fn merge_flags_corrupted_counts_and_records_of_other_runs() {
    type Fault = fn(&mut Value);
    let faults: [(&str, Fault); 5] = [
        ("corrupted", |r| {
            r["total_thirds"] = (r["total_thirds"].as_u64().unwrap() + 3).into()
        }),
        ("wrong_n", |r| r["n"] = 11.into()),
        ("wrong_shards", |r| r["shards"] = 5.into()),
        ("wrong_plan", |r| r["plan_hash"] = "0123456789abcdef".into()),
        ("wrong_plan", |r| {
            r["units_hash"] = "0123456789abcdef".into()
        }),
    ];
    for (kind, fault) in faults {
        let dir = four_shards();
        let extra = dir.path().join("extra.json");
        let mut bad = record(&shard_file(dir.path(), 3));
        fault(&mut bad);
        match kind {
            "corrupted" => write(&extra, &bad),
            _ => forge(&extra, &bad),
        }
        let problem = one_problem(dir.path(), kind);
        assert!(
            problem["file"].as_str().unwrap().ends_with("extra.json"),
            "{problem}"
        );
    }
    // Named, a file that is not a record is a problem; found in a
    // directory, it is passed over with a note, and the records merge.
    let dir = four_shards();
    let garbage = dir.path().join("garbage.json");
    std::fs::write(&garbage, "{\"half\": ").unwrap();
    let (code, report, text) = merge(&[&shard_file(dir.path(), 0), &garbage]);
    assert_eq!(code, 1, "{text}");
    assert_eq!(report["problems"][0]["kind"], "unreadable", "{text}");
    assert!(
        text.contains("garbage.json is not an nqueens shard record"),
        "{text}"
    );
    let (code, report, text) = merge(&[dir.path()]);
    assert_eq!((code, report["total"].as_u64()), (0, Some(724)), "{text}");
    assert!(
        text.contains("garbage.json is not an nqueens shard record: EOF while parsing"),
        "{text}"
    );
    // A whole set of records of another n does not mix with this one.
    let dir = four_shards();
    let eleven = tempfile::tempdir().unwrap();
    shard_all("11", 4, &[], eleven.path());
    let (code, report, _) = merge(&[dir.path(), eleven.path()]);
    assert_eq!(code, 1);
    assert_eq!(report["problems"].as_array().unwrap().len(), 4);
}

#[test]
fn bad_shards_and_outputs_are_refused_before_any_work() {
    for (args, why) in [
        (
            &["count", "10", "--shard", "4/4"][..],
            "shard 4/4 does not exist: I must be from 0 to 3 for 4 shards",
        ),
        (
            &["count", "10", "--shard", "1of4"][..],
            "shard '1of4' is not of the form I/K",
        ),
        (
            &["count", "10", "--shard", "0/0"][..],
            "the shard count '0' must be a whole number from 1 to 1048576",
        ),
        (
            &["count", "10", "--out", "x.json"][..],
            "--out applies to --shard I/K",
        ),
    ] {
        let ran = run_with(args, "");
        assert_eq!(ran.code, 2, "{args:?}");
        assert!(ran.stderr.contains(why), "{args:?}: {}", ran.stderr);
    }
    let ran = run_with(
        &[
            "count",
            "10",
            "--shard",
            "0/2",
            "--out",
            "/nonexistent/dir/s.json",
        ],
        "",
    );
    assert_eq!((ran.code, ran.stdout.as_str()), (2, ""));
    assert_eq!(
        ran.stderr,
        "nqueens: error: cannot write a shard record to /nonexistent/dir/s.json: its directory does not exist (make it first)\n"
    );
    let ran = run_with(&["count", "10", "--shard", "0/2", "--out", "/dev/null"], "");
    assert_eq!(ran.code, 2);
    assert_eq!(
        ran.stderr,
        "nqueens: error: cannot write a shard record to /dev/null: it exists and is not a regular file (it is left as it is)\n"
    );
    let empty = tempfile::tempdir().unwrap();
    let ran = run_with(&["merge", empty.path().to_str().unwrap()], "");
    assert_eq!(ran.code, 2);
    assert!(
        ran.stderr.contains("no shard records found"),
        "{}",
        ran.stderr
    );
    let ran = run_with(&["merge", "/nonexistent/records"], "");
    assert_eq!(ran.code, 2);
    assert!(ran
        .stderr
        .contains("/nonexistent/records: no such file or directory"));
}

#[test]
fn a_shard_resumes_from_its_checkpoint_to_the_same_record() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("s.db");
    let plain: Value = serde_json::from_str(&ok(&["count", "12", "--shard", "1/3"])).unwrap();
    let args = [
        "count",
        "12",
        "--shard",
        "1/3",
        "--checkpoint",
        db.to_str().unwrap(),
    ];
    let first: Value = serde_json::from_str(&ok(&args)).unwrap();
    let again: Value = serde_json::from_str(&ok(&args)).unwrap();
    for field in ["total_thirds", "nodes", "units", "units_hash", "plan_hash"] {
        assert_eq!(
            (&first[field], &again[field]),
            (&plain[field], &plain[field]),
            "{field}"
        );
    }
}

#[test]
fn estimate_samples_the_plan_it_names() {
    let report: Value =
        serde_json::from_str(&ok(&["estimate", "12", "--json", "--seconds", "0.2"])).unwrap();
    assert_eq!(
        (report["units"].as_u64(), report["method"].as_str()),
        (Some(1290), Some("backtrack"))
    );
    assert!(report["one_core_seconds"].as_f64().unwrap() > 0.0);
    assert!(report["margin_seconds"].as_f64().unwrap() >= 0.0);
    assert!(report["pieces"].as_u64().unwrap() >= 30);
    assert!(report["memory_bytes"].as_u64().unwrap() > 1290 * 32);
    let plain: Value = serde_json::from_str(&ok(&[
        "estimate",
        "20",
        "--method",
        "plain",
        "--json",
        "--seconds",
        "0.2",
        "--threads",
        "3",
    ]))
    .unwrap();
    assert_eq!(
        (plain["method"].as_str(), plain["threads"].as_u64()),
        (Some("plain"), Some(3))
    );
    assert!(
        plain["piece_rows"].as_u64().unwrap() > 3,
        "n = 20 is timed in pieces below its units"
    );
    let text = ok(&["estimate", "4", "--seconds", "0.1"]);
    assert!(
        text.starts_with("count 4 by backtrack: 1 unit\none core:   under a second"),
        "{text}"
    );
    for (args, why) in [
        (
            &["estimate", "12", "--seconds", "0"][..],
            "the sampling time must be a number of seconds above 0 and at most 3600",
        ),
        (
            &["estimate", "12", "--method", "join2"][..],
            "the method must be one of auto, backtrack, plain, join",
        ),
        (
            &["estimate", "33"][..],
            "the board size must be an integer from 0 to 32",
        ),
    ] {
        let ran = run_with(args, "");
        assert_eq!(ran.code, 2, "{args:?}");
        assert!(ran.stderr.contains(why), "{args:?}: {}", ran.stderr);
    }
}
