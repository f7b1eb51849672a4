//! `count --checkpoint`: a count killed with SIGKILL at any moment resumes
//! to the exact total; files of another run, damaged rows and files that
//! are not checkpoints are refused by name and left as they were; `status`
//! reads a checkpoint while its count runs.

mod common;

use common::run_with;
use rusqlite::Connection;
use serde_json::Value;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant, SystemTime};

fn start(args: &[&str]) -> Child {
    Command::new(assert_cmd::cargo::cargo_bin("nqueens"))
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap()
}

fn status(file: &Path) -> Value {
    let ran = run_with(&["status", file.to_str().unwrap(), "--json"], "");
    assert_eq!(ran.code, 0, "{}", ran.stderr);
    serde_json::from_str(&ran.stdout).unwrap()
}

/// A small xorshift, seeded from the clock and printed, so that a failing
/// set of kill points can be replayed.
fn kill_points(count: usize) -> Vec<Duration> {
    let mut seed = SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .unwrap()
        .as_nanos() as u64
        | 1;
    println!("kill points seeded with {seed}");
    (0..count)
        .map(|_| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            Duration::from_millis(50 + seed % 900)
        })
        .collect()
}

#[test]
fn a_count_killed_at_random_points_resumes_to_the_exact_total() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("run.db");
    let path = file.to_str().unwrap();
    let args = [
        "count",
        "17",
        "--method",
        "backtrack",
        "--threads",
        "1",
        "--quiet",
        "--checkpoint",
        path,
    ];
    let mut done_before = 0;
    for pause in kill_points(6) {
        let mut child = start(&args);
        std::thread::sleep(pause);
        child.kill().unwrap(); // SIGKILL: no chance to clean up
        child.wait().unwrap();
        if file.exists()
            && Connection::open(&file).is_ok_and(|c| c.prepare("SELECT 1 FROM nqueens_run").is_ok())
        {
            let done = status(&file)["done"].as_u64().unwrap();
            assert!(
                done >= done_before,
                "units are never lost: {done} after {done_before}"
            );
            done_before = done;
        }
    }
    let ran = run_with(&[&args[..], &["--json"]].concat(), "");
    assert_eq!(ran.code, 0, "{}", ran.stderr);
    let report: Value = serde_json::from_str(&ran.stdout).unwrap();
    assert_eq!(
        (report["total"].as_u64(), report["unique"].as_u64()),
        (Some(95_815_104), Some(11_977_939))
    );
    let done = status(&file);
    assert_eq!(
        (done["done"].as_u64(), done["units"].as_u64()),
        (Some(9033), Some(9033))
    );
    assert_eq!(done["unique"], 11_977_939);
    // A finished checkpoint gives the counts again without counting.
    let again = run_with(&args, "");
    assert_eq!(again.stdout, "total:  95815104\nunique: 11977939\n");
}

#[test]
fn status_reads_a_running_count_and_commits_come_within_a_second() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("run.db");
    let mut child = start(&[
        "count",
        "18",
        "--method",
        "backtrack",
        "--threads",
        "1",
        "--quiet",
        "--checkpoint",
        file.to_str().unwrap(),
    ]);
    let started = Instant::now();
    let mut seen = None;
    while started.elapsed() < Duration::from_secs(20) && seen.is_none() {
        std::thread::sleep(Duration::from_millis(1500));
        let report = status(&file);
        seen = (report["done"].as_u64() > Some(0)).then_some(report);
    }
    let report = seen.expect("units committed while the count runs");
    assert_eq!(report["running"], true);
    // Commits come several times a second; the bound catches a writer
    // that stalled, not a loaded machine's slower one.
    assert!(
        report["seconds_since_last_commit"].as_f64().unwrap() < 10.0,
        "{report}"
    );
    assert!(report["eta_seconds"].as_f64().unwrap() > 0.0);
    assert_eq!(report["units"], 12936);
    let text = run_with(&["status", file.to_str().unwrap()], "").stdout;
    assert!(
        text.starts_with("count 18 by backtrack\ndone:   "),
        "{text}"
    );
    assert!(
        text.contains("on 1 thread, at the finished units' speed (running now"),
        "{text}"
    );
    // A second count on the same file is refused while the first runs.
    let second = run_with(
        &[
            "count",
            "18",
            "--method",
            "backtrack",
            "--checkpoint",
            file.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(second.code, 2);
    assert!(
        second.stderr.contains("is in use by another nqueens count"),
        "{}",
        second.stderr
    );
    child.kill().unwrap();
    child.wait().unwrap();
    assert_eq!(status(&file)["running"], false);
}

/// A finished checkpoint of `count 9`.
fn finished_checkpoint(dir: &Path) -> std::path::PathBuf {
    let file = dir.join("nine.db");
    let ran = run_with(&["count", "9", "--checkpoint", file.to_str().unwrap()], "");
    assert_eq!(ran.stdout, "total:  352\nunique: 46\n");
    file
}

fn refused(args: &[&str]) -> String {
    let ran = run_with(args, "");
    assert_eq!(
        (ran.code, ran.stdout.as_str()),
        (2, ""),
        "{args:?}: {}",
        ran.stderr
    );
    // Usage errors add clap's usage lines; every other error is one line.
    if !ran.stderr.starts_with("error:") {
        assert_eq!(ran.stderr.lines().count(), 1, "{}", ran.stderr);
    }
    ran.stderr
}

#[test]
fn checkpoints_of_other_runs_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let file = finished_checkpoint(dir.path());
    let path = file.to_str().unwrap();
    let other_n = refused(&["count", "10", "--checkpoint", path]);
    assert!(
        other_n.contains(&format!(
            "checkpoint {path} is of the count of n = 9 by backtrack (plan 1 "
        )),
        "{other_n}"
    );
    assert!(
        other_n.contains("not of the count of n = 10 by backtrack"),
        "{other_n}"
    );
    let other_method = refused(&["count", "9", "--no-symmetry", "--checkpoint", path]);
    assert!(
        other_method.contains("not of the count of n = 9 by plain"),
        "{other_method}"
    );
    let shard = refused(&["count", "9", "--shard", "0/2", "--checkpoint", path]);
    assert!(shard.contains(", shard 0/2)"), "{shard}");
    Connection::open(&file)
        .unwrap()
        .execute("UPDATE nqueens_run SET plan_hash = '00000000deadbeef'", [])
        .unwrap();
    let other_plan = refused(&["count", "9", "--checkpoint", path]);
    assert!(
        other_plan.contains("(plan 1 00000000deadbeef)"),
        "{other_plan}"
    );
}

#[test]
fn damaged_rows_are_refused_never_counted() {
    let dir = tempfile::tempdir().unwrap();
    let file = finished_checkpoint(dir.path());
    let path = file.to_str().unwrap();
    let db = Connection::open(&file).unwrap();
    db.execute(
        "UPDATE nqueens_unit SET total_thirds = '25' WHERE id = 3 AND total_thirds = '24'",
        [],
    )
    .unwrap();
    db.execute(
        "UPDATE nqueens_unit SET total_thirds = total_thirds || '0' WHERE id = 7",
        [],
    )
    .unwrap();
    let message = refused(&["count", "9", "--checkpoint", path]);
    assert!(
        message.starts_with(&format!(
            "nqueens: error: checkpoint {path} is corrupted: unit "
        )),
        "{message}"
    );
    assert!(
        message.contains("counts do not match their residues mod 13 and 15"),
        "{message}"
    );
    let status = refused(&["status", path]);
    assert!(status.contains("is corrupted: unit "), "{status}");
    db.execute("UPDATE nqueens_unit SET total_thirds = 'many'", [])
        .unwrap();
    assert!(refused(&["count", "9", "--checkpoint", path]).contains("is not a whole number"));
    db.execute("DELETE FROM nqueens_unit", []).unwrap();
    db.execute(
        "INSERT INTO nqueens_unit VALUES (99999, '0', '0', 0, 0, 0, 0, 0)",
        [],
    )
    .unwrap();
    assert!(refused(&["count", "9", "--checkpoint", path])
        .contains("unit 99999 is not a unit of this run"));
}

#[test]
fn files_that_are_not_checkpoints_are_refused_and_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let text = dir.path().join("notes.txt");
    std::fs::write(&text, "my precious notes, not a database\n".repeat(100)).unwrap();
    let message = refused(&["count", "9", "--checkpoint", text.to_str().unwrap()]);
    assert!(
        message.ends_with("is corrupted: it is not a SQLite database\n"),
        "{message}"
    );
    assert_eq!(
        std::fs::read_to_string(&text).unwrap(),
        "my precious notes, not a database\n".repeat(100)
    );
    let other = dir.path().join("other.db");
    Connection::open(&other)
        .unwrap()
        .execute("CREATE TABLE accounts (id INTEGER)", [])
        .unwrap();
    let message = refused(&["count", "9", "--checkpoint", other.to_str().unwrap()]);
    assert!(
        message.contains("it is not an nqueens checkpoint (its tables: accounts)"),
        "{message}"
    );
    let missing = refused(&["status", dir.path().join("none.db").to_str().unwrap()]);
    assert!(missing.ends_with("none.db does not exist\n"), "{missing}");
    let nowhere = refused(&["count", "9", "--checkpoint", "/nonexistent/dir/run.db"]);
    assert!(nowhere.contains("/nonexistent/dir/run.db"), "{nowhere}");
    let device = refused(&["count", "9", "--checkpoint", "/dev/null"]);
    assert!(
        device.ends_with("checkpoint /dev/null: not a regular file\n"),
        "{device}"
    );
    let empty = dir.path().join("empty.db");
    std::fs::write(&empty, "").unwrap();
    assert_eq!(
        run_with(&["count", "9", "--checkpoint", empty.to_str().unwrap()], "").code,
        0,
        "an empty file becomes a checkpoint"
    );
}

#[test]
fn checkpoint_flags_are_refused_where_they_mean_nothing() {
    for (args, why) in [
        (
            &["count", "9", "--checkpoint", "x.db", "--algorithm", "sets"][..],
            "--checkpoint applies to the bitmask algorithm's counts: sets counts by enumerating",
        ),
        (
            &["count", "9", "--checkpoint", "x.db", "--stats"][..],
            "--checkpoint cannot be used with --stats",
        ),
        (
            &["count", "9", "--checkpoint", "x.db", "--fix", "0:1"][..],
            "--checkpoint cannot be used with --fix or --block",
        ),
    ] {
        let message = refused(args);
        assert!(message.contains(why), "{args:?}: {message}");
    }
    assert!(!Path::new("x.db").exists());
}
