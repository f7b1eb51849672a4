//! Records and outputs as a hostile user leaves them: forged totals that
//! only Burnside's lemma can catch, impossible shards, a file named
//! twice, leftovers of killed counts, every byte of a record flipped, a
//! missing output directory and a full disk. Each ends in the exact
//! count or a refusal, never in a wrong count.

mod common;

use common::run_with;
use nqueens_report::runs::ShardRecord;
use serde_json::Value;
use std::path::Path;

/// `count 10` in 4 shards, into `dir`.
fn four_shards(dir: &Path) {
    for i in 0..4 {
        let shard = format!("{i}/4");
        let ran = run_with(
            &[
                "count",
                "10",
                "--shard",
                &shard,
                "--out",
                dir.to_str().unwrap(),
            ],
            "",
        );
        assert_eq!((ran.code, ran.stdout.as_str()), (0, ""), "{}", ran.stderr);
    }
}

fn shard_file(dir: &Path, i: usize) -> std::path::PathBuf {
    dir.join(format!("shard-{i}-of-4.json"))
}

/// `merge --json` of `paths`: exit status and report.
fn merge(paths: &[&str]) -> (i32, Value) {
    let args = [&["merge", "--json"][..], paths].concat();
    let ran = run_with(&args, "");
    (ran.code, serde_json::from_str(&ran.stdout).unwrap())
}

/// Rewrites shard `i`'s record through `change`, its residues and
/// checksum made anew as a forger would.
fn forge(dir: &Path, i: usize, change: impl Fn(&mut ShardRecord)) {
    common::forge_record(&shard_file(dir, i), change);
}

#[test]
fn a_forged_total_that_breaks_burnside_is_not_merged() {
    let dir = tempfile::tempdir().unwrap();
    four_shards(dir.path());
    forge(dir.path(), 3, |record| record.total_thirds += 9);
    let (code, report) = merge(&[dir.path().to_str().unwrap()]);
    assert_eq!(code, 1, "{report}");
    assert!(report.get("total").is_none(), "{report}");
    let problem = &report["problems"][0];
    assert_eq!(problem["kind"], "impossible", "{report}");
    let message = problem["message"].as_str().unwrap();
    assert!(
        message.contains("its total of 727 boards on the 10×10 board breaks Burnside's lemma"),
        "{message}"
    );
    assert!(
        message.contains("nqueens count 10 --method backtrack --shard I/4"),
        "{message}"
    );
    // The advice, followed: every shard counted again, merged.
    let again = tempfile::tempdir().unwrap();
    for i in 0..4 {
        let shard = format!("{i}/4");
        let out = again.path().to_str().unwrap();
        let args = [
            "count",
            "10",
            "--method",
            "backtrack",
            "--shard",
            &shard,
            "--out",
            out,
        ];
        assert_eq!(run_with(&args, "").code, 0);
    }
    let (code, report) = merge(&[again.path().to_str().unwrap()]);
    assert_eq!((code, report["total"].as_u64()), (0, Some(724)), "{report}");
}

#[test]
fn a_shard_past_the_shard_count_is_refused_by_name() {
    let dir = tempfile::tempdir().unwrap();
    four_shards(dir.path());
    forge(dir.path(), 3, |record| record.shard = 7);
    let (code, report) = merge(&[dir.path().to_str().unwrap()]);
    assert_eq!(code, 1);
    let messages: Vec<&str> = (report["problems"].as_array().unwrap().iter())
        .map(|problem| problem["message"].as_str().unwrap())
        .collect();
    assert!(
        messages.contains(&"shard 7/4: a shard's index must be below the number of shards, 4"),
        "{messages:?}"
    );
}

#[test]
fn a_file_named_twice_or_copied_confirms_nothing() {
    let dir = tempfile::tempdir().unwrap();
    four_shards(dir.path());
    let one = shard_file(dir.path(), 1);
    let copy = dir.path().join("copy.json");
    std::fs::copy(&one, &copy).unwrap();
    let (code, report) = merge(&[dir.path().to_str().unwrap(), one.to_str().unwrap()]);
    assert_eq!((code, report["total"].as_u64()), (0, Some(724)), "{report}");
    assert_eq!(report["confirmed"], serde_json::json!([]), "{report}");
    let notes = report["notes"].to_string();
    assert!(
        notes.contains("shard-1-of-4.json is named twice: it is read once"),
        "{notes}"
    );
    assert!(notes.contains("is a copy of"), "{notes}");
    assert!(notes.contains("confirms nothing"), "{notes}");
}

#[test]
fn the_leftover_of_a_killed_shard_is_named_not_read() {
    let dir = tempfile::tempdir().unwrap();
    four_shards(dir.path());
    std::fs::write(dir.path().join(".shard-AbC123.tmp"), "{\"format\":").unwrap();
    let ran = run_with(&["merge", dir.path().to_str().unwrap()], "");
    assert_eq!(ran.code, 0, "{}", ran.stdout);
    assert!(
        ran.stdout.contains(".shard-AbC123.tmp is the unfinished record of a count that was stopped while writing it: it is not read (delete it)"),
        "{}",
        ran.stdout
    );
    assert!(
        ran.stdout.ends_with("total:  724\nunique: 92\n"),
        "{}",
        ran.stdout
    );
}

/// Every byte of a record, one bit of it flipped at a time, merged with
/// the other records: the exact count, or a refusal; never another count.
/// Each refusal's advice, followed as printed (by `sh`), leaves records
/// that merge to the exact count.
#[test]
fn every_flipped_byte_of_a_record_is_exact_or_refused_with_advice_that_works() {
    let originals = tempfile::tempdir().unwrap();
    four_shards(originals.path());
    let original = std::fs::read(shard_file(originals.path(), 2)).unwrap();
    let (mut exact, mut refused) = (0, 0);
    for at in 0..original.len() {
        let dir = tempfile::tempdir().unwrap();
        for i in 0..4 {
            std::fs::copy(shard_file(originals.path(), i), shard_file(dir.path(), i)).unwrap();
        }
        let mut flipped = original.clone();
        flipped[at] ^= 1 << (at % 8);
        std::fs::write(shard_file(dir.path(), 2), &flipped).unwrap();
        let (code, report) = merge(&[dir.path().to_str().unwrap()]);
        match (code, report["total"].as_u64(), report["unique"].as_u64()) {
            (0, Some(724), Some(92)) => exact += 1,
            (1, None, None) => {
                refused += 1;
                follow_advice(&report, at);
                let (code, again) = merge(&[dir.path().to_str().unwrap()]);
                assert_eq!(
                    (code, again["total"].as_u64()),
                    (0, Some(724)),
                    "flip at byte {at}, advice followed: {again}"
                );
            }
            _ => panic!("flip at byte {at}: {report}"),
        }
    }
    println!(
        "{} flips: {exact} exact, {refused} refused (each refusal's advice followed: merged exactly), 0 wrong",
        original.len()
    );
    assert!(refused > original.len() / 2, "{refused}");
}

/// Runs every command a merge report advises, as a shell would, with
/// this build's nqueens first on the PATH.
fn follow_advice(report: &Value, at: usize) {
    let bin = assert_cmd::cargo::cargo_bin("nqueens");
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let reruns: Vec<&str> = report["problems"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|problem| problem["rerun"].as_str())
        .collect();
    assert!(!reruns.is_empty(), "flip at byte {at}: no advice: {report}");
    for rerun in reruns {
        let ran = std::process::Command::new("sh")
            .args(["-c", rerun])
            .env("PATH", &path)
            .output()
            .unwrap();
        assert!(
            ran.status.success(),
            "flip at byte {at}: {rerun}: {}",
            String::from_utf8_lossy(&ran.stderr)
        );
    }
}

#[test]
fn an_output_that_cannot_be_written_is_refused_before_any_work() {
    let dir = tempfile::tempdir().unwrap();
    for (out, why) in [
        ("missing/", "no such directory (make it first)"),
        ("/nonexistent-dir/", "no such directory (make it first)"),
        (
            "missing/s.json",
            "its directory does not exist (make it first)",
        ),
    ] {
        let ran = std::process::Command::new(assert_cmd::cargo::cargo_bin("nqueens"))
            .args([
                "count", "16", "--method", "plain", "--shard", "0/2", "--out", out,
            ])
            .current_dir(dir.path())
            .output()
            .unwrap();
        assert_eq!(ran.status.code(), Some(2), "{out}");
        assert!(ran.stdout.is_empty());
        assert_eq!(
            String::from_utf8_lossy(&ran.stderr),
            format!("nqueens: error: cannot write a shard record to {out}: {why}\n")
        );
    }
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        0,
        "nothing made"
    );
    let notes = dir.path().join("notes.json");
    std::fs::write(&notes, "{\"mine\": true}\n").unwrap();
    let ran = run_with(
        &[
            "count",
            "10",
            "--shard",
            "0/2",
            "--out",
            notes.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(ran.code, 2);
    assert!(
        ran.stderr
            .ends_with("it exists and is not an nqueens shard record (it is left as it is)\n"),
        "{}",
        ran.stderr
    );
    assert_eq!(
        std::fs::read_to_string(&notes).unwrap(),
        "{\"mine\": true}\n"
    );
}

/// A disk that fills as the record is written (a file size limit of 0,
/// whose SIGXFSZ nqueens ignores itself: the test sets no trap): the
/// record comes on standard output instead, with a line that says where
/// to save it, and exit status 1.
#[test]
fn a_record_that_cannot_be_written_is_printed_not_lost() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("s.json");
    let ran = std::process::Command::new("sh")
        .args(["-c", "ulimit -f 0 && exec \"$0\" \"$@\""])
        .arg(assert_cmd::cargo::cargo_bin("nqueens"))
        .args([
            "count",
            "10",
            "--shard",
            "1/4",
            "--out",
            out.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&ran.stderr);
    assert_eq!(ran.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.ends_with(&format!(
            "the record follows on standard output: save it as {} to merge it\n",
            out.display()
        )),
        "{stderr}"
    );
    assert!(!out.exists());
    std::fs::write(&out, &ran.stdout).unwrap();
    let others = tempfile::tempdir().unwrap();
    four_shards(others.path());
    std::fs::remove_file(shard_file(others.path(), 1)).unwrap();
    let (code, report) = merge(&[others.path().to_str().unwrap(), out.to_str().unwrap()]);
    assert_eq!((code, report["total"].as_u64()), (0, Some(724)), "{report}");
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        1,
        "no temporary file left"
    );
}
