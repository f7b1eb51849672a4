//! `count --checkpoint`: a count killed with SIGKILL at any moment resumes
//! to the exact total; files of another run, damaged rows and files that
//! are not checkpoints are refused by name and left as they were; `status`
//! reads a checkpoint while its count runs.

mod common;

use common::{refused, run_with};
use rusqlite::Connection;
use serde_json::Value;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

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
    let seed = common::seed("checkpoints -- a_count_killed_at_random_points");
    let points = common::kill_points(seed, 6, 50..950);
    println!("kill points: {points:?}");
    let mut done_before = 0;
    for pause in points {
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

/// Catches a hang: the count commits every quarter second, and a busy
/// machine is slow, not this slow.
const STALLED: Duration = Duration::from_secs(60);

/// `status --json` of the checkpoint of the running count `child`, once
/// its `done` is past `before`; panics if it is not within [`STALLED`].
fn status_once_done_passes(child: &mut Child, file: &Path, before: u64) -> Value {
    let started = Instant::now();
    loop {
        // Unreadable until the count has made its checkpoint.
        let ran = run_with(&["status", file.to_str().unwrap(), "--json"], "");
        if let Ok(report) = serde_json::from_str::<Value>(&ran.stdout) {
            if report["done"].as_u64() > Some(before) {
                return report;
            }
        }
        assert!(child.try_wait().unwrap().is_none(), "the count ended");
        assert!(
            started.elapsed() < STALLED,
            "no unit committed past {before} in {STALLED:?}: {}",
            ran.stderr
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
fn status_reads_a_running_count_whose_commits_keep_coming() {
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
    let report = status_once_done_passes(&mut child, &file, 0);
    assert_eq!(report["running"], true);
    let since = report["seconds_since_last_commit"].as_f64().unwrap();
    assert!(since >= 0.0 && since < STALLED.as_secs_f64(), "{report}");
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
    // Read again: more units committed since, and still running.
    let first = report["done"].as_u64().unwrap();
    let later = status_once_done_passes(&mut child, &file, first);
    assert_eq!(later["running"], true, "{later}");
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
        other_n.contains("not of this count (its board is n = 9, this count's n = 10)"),
        "{other_n}"
    );
    let other_method = refused(&["count", "9", "--no-symmetry", "--checkpoint", path]);
    assert!(
        other_method.contains("(its method is backtrack, this count's plain)"),
        "{other_method}"
    );
    let shard = refused(&["count", "9", "--shard", "0/2", "--checkpoint", path]);
    assert!(
        shard.contains("(its part is the whole count, this count's shard 0/2)"),
        "{shard}"
    );
    Connection::open(&file)
        .unwrap()
        .execute("UPDATE nqueens_run SET plan_hash = '00000000deadbeef'", [])
        .unwrap();
    let other_plan = refused(&["count", "9", "--checkpoint", path]);
    assert!(
        other_plan.contains("(plan 1 00000000deadbeef), not of this count (its plan is 1 00000000deadbeef, this count's 1 "),
        "{other_plan}"
    );
}

/// Runs `count 9` on the checkpoint at `path`: the exact counts, with a
/// line on stderr for each row dropped.
fn resumed_exactly(path: &str) -> String {
    let ran = run_with(&["count", "9", "--checkpoint", path], "");
    assert_eq!(
        (ran.code, ran.stdout.as_str()),
        (0, "total:  352\nunique: 46\n"),
        "{}",
        ran.stderr
    );
    ran.stderr
}

#[test]
fn damaged_rows_are_counted_again_never_added() {
    let dir = tempfile::tempdir().unwrap();
    let file = finished_checkpoint(dir.path());
    let path = file.to_str().unwrap();
    let db = Connection::open(&file).unwrap();
    // A count changed, a count made longer, and a row moved to the id of a
    // unit not yet done (the residues of a row cannot tell the last).
    db.execute_batch(
        "UPDATE nqueens_unit SET total_thirds = CAST(total_thirds + 3 AS TEXT) WHERE id = 3;
         UPDATE nqueens_unit SET total_thirds = total_thirds || '0' WHERE id = 7;
         DELETE FROM nqueens_unit WHERE id % 2 = 1 AND id > 7;
         UPDATE nqueens_unit SET id = 11 WHERE id = 10;",
    )
    .unwrap();
    let status = run_with(&["status", path, "--json"], "");
    let report: Value = serde_json::from_str(&status.stdout).unwrap();
    assert_eq!(report["damaged"], 3, "{}", status.stdout);
    let text = run_with(&["status", path], "").stdout;
    assert!(
        text.contains("damaged: 3 rows no longer match their checksums"),
        "{text}"
    );
    let said = resumed_exactly(path);
    for id in [3, 7, 11] {
        assert!(
            said.contains(&format!("unit {id}'s row does not match its checksum (the row was changed): the row is dropped, and its unit counted again")),
            "{said}"
        );
    }
    assert_eq!(said.lines().count(), 3, "{said}");
    assert_eq!(
        status_of(path)["damaged"],
        0,
        "the dropped rows are gone, their units done again"
    );
    db.execute(
        "UPDATE nqueens_unit SET total_thirds = 'many' WHERE id = 0",
        [],
    )
    .unwrap();
    assert!(resumed_exactly(path).contains("unit 0's count \"many\" is not a whole number"));
    db.execute(
        "INSERT INTO nqueens_unit VALUES (99999, '0', '0', 0, 'x')",
        [],
    )
    .unwrap();
    assert!(resumed_exactly(path).contains("unit 99999's row does not match its checksum"));
}

/// `status --json` of a checkpoint.
fn status_of(path: &str) -> Value {
    status(Path::new(path))
}

#[test]
fn a_row_copied_from_another_run_is_not_taken() {
    let dir = tempfile::tempdir().unwrap();
    let nine = finished_checkpoint(dir.path());
    let shard = dir.path().join("shard.db");
    let shard_path = shard.to_str().unwrap();
    let first = run_with(
        &["count", "9", "--shard", "0/2", "--checkpoint", shard_path],
        "",
    );
    assert_eq!(first.code, 0, "{}", first.stderr);
    // The whole count's rows, checksums and all, put in the shard's file.
    let db = Connection::open(&shard).unwrap();
    db.execute("DELETE FROM nqueens_unit", []).unwrap();
    db.execute(&format!("ATTACH '{}' AS whole", nine.display()), [])
        .unwrap();
    db.execute(
        "INSERT INTO nqueens_unit SELECT * FROM whole.nqueens_unit",
        [],
    )
    .unwrap();
    db.execute("DETACH whole", []).unwrap();
    let again = run_with(
        &["count", "9", "--shard", "0/2", "--checkpoint", shard_path],
        "",
    );
    assert_eq!(again.code, 0, "{}", again.stderr);
    let counts = |record: &str| {
        let value: Value = serde_json::from_str(record).unwrap();
        (value["total_thirds"].clone(), value["nodes"].clone())
    };
    assert_eq!(counts(&again.stdout), counts(&first.stdout));
    assert!(
        again.stderr.contains("does not match its checksum"),
        "{}",
        again.stderr
    );
}

#[test]
fn files_that_are_not_checkpoints_are_refused_and_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let text = dir.path().join("notes.txt");
    std::fs::write(&text, "my precious notes, not a database\n".repeat(100)).unwrap();
    let message = refused(&["count", "9", "--checkpoint", text.to_str().unwrap()]);
    assert!(
        message.ends_with("cannot be used: it is not an nqueens checkpoint (not a SQLite database); give another file\n"),
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
    let before = std::fs::read(&other).unwrap();
    for args in [&["count", "9", "--checkpoint"][..], &["status"]] {
        let message = refused(&[args, &[other.to_str().unwrap()]].concat());
        assert!(
            message.contains(
                "it is not an nqueens checkpoint (a SQLite database holding the table accounts)"
            ),
            "{message}"
        );
        assert_eq!(
            std::fs::read(&other).unwrap(),
            before,
            "left byte for byte as it was"
        );
        assert!(!dir.path().join("other.db-wal").exists());
    }
    let missing = refused(&["status", dir.path().join("none.db").to_str().unwrap()]);
    assert!(missing.ends_with("none.db does not exist\n"), "{missing}");
    let nowhere = refused(&["count", "9", "--checkpoint", "/nonexistent/dir/run.db"]);
    assert!(nowhere.contains("/nonexistent/dir/run.db"), "{nowhere}");
    let fifo = dir.path().join("pipe");
    assert!(std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    for (file, kind) in [
        ("/dev/null", "a character device"),
        (dir.path().to_str().unwrap(), "a directory"),
        (fifo.to_str().unwrap(), "a named pipe (FIFO)"),
    ] {
        for args in [&["count", "9", "--checkpoint", file][..], &["status", file]] {
            let message = refused(args);
            assert!(
                message.ends_with(&format!("checkpoint {file} cannot be used: it is {kind}, not a file; give another file\n")),
                "{message}"
            );
        }
    }
    let notes = refused(&["status", text.to_str().unwrap()]);
    assert!(
        notes.contains("it is not an nqueens checkpoint (not a SQLite database)"),
        "{notes}"
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
            "a checkpoint applies to the bitmask algorithm's counts: sets counts by enumerating",
        ),
        (
            &["count", "9", "--checkpoint", "x.db", "--stats"][..],
            "stats are of one whole run: they cannot go with a checkpoint",
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

/// A log, index or journal beside the checkpoint that is not a regular
/// file (a directory, a named pipe SQLite would wait on forever, a link
/// into a file of the user's) is refused by name before SQLite opens
/// anything; moved away, as the message says, the count goes on.
#[test]
fn what_sqlite_keeps_beside_a_checkpoint_must_be_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("run.db");
    let file = path.to_str().unwrap();
    let count = ["count", "10", "--checkpoint", file];
    let exact = "total:  724\nunique: 92\n";
    assert_eq!(run_with(&count, "").stdout, exact);
    let precious = dir.path().join("precious.txt");
    std::fs::write(&precious, "mine\n").unwrap();
    for suffix in ["-wal", "-shm", "-journal"] {
        let beside = dir.path().join(format!("run.db{suffix}"));
        let kinds: [(&str, &dyn Fn()); 3] = [
            ("a directory", &|| std::fs::create_dir(&beside).unwrap()),
            ("a named pipe (FIFO)", &|| {
                let made = Command::new("mkfifo").arg(&beside).status().unwrap();
                assert!(made.success());
            }),
            ("a symbolic link", &|| {
                std::os::unix::fs::symlink(&precious, &beside).unwrap()
            }),
        ];
        for (kind, make) in kinds {
            make();
            for args in [&count[..], &["status", file]] {
                let message = refused(args);
                let said = format!(
                    "{} beside it is {kind}, where SQLite keeps a file of its own (move it away)",
                    beside.display()
                );
                assert!(message.contains(&said), "{message}");
            }
            let moved = dir.path().join("moved-away");
            std::fs::rename(&beside, &moved).unwrap();
            assert_eq!(
                run_with(&count, "").stdout,
                exact,
                "{kind} {suffix} moved away"
            );
            let _ = std::fs::remove_dir(&moved).or_else(|_| std::fs::remove_file(&moved));
        }
    }
    assert_eq!(std::fs::read_to_string(&precious).unwrap(), "mine\n");
}
