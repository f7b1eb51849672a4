//! Files the user gave, left byte for byte as they were: another
//! program's database with a pending write-ahead log or a hot rollback
//! journal, nqueens' own checkpoint of another run with its log, a
//! database holding only a view, a checkpoint whose tables were changed,
//! a stale log beside an empty file; and `status`, which never takes the
//! lock a starting count needs.

mod common;

use common::{killed_count_17, refused, run_with};
use rusqlite::Connection;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Every file of the database at `path` (it, its log, its index and its
/// journal) with its bytes.
fn files_of(path: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    ["", "-wal", "-shm", "-journal"]
        .iter()
        .map(|suffix| PathBuf::from(format!("{}{suffix}", path.display())))
        .filter(|file| file.exists())
        .map(|file| {
            let bytes = std::fs::read(&file).unwrap();
            (file, bytes)
        })
        .collect()
}

/// Copies the database at `from` and the files beside it to `to`.
fn copy_database(from: &Path, to: &Path) {
    for suffix in ["", "-wal", "-shm", "-journal"] {
        let source = PathBuf::from(format!("{}{suffix}", from.display()));
        if source.exists() {
            std::fs::copy(&source, format!("{}{suffix}", to.display())).unwrap();
        }
    }
}

/// Another program's database at `path` with its last transactions still
/// in its write-ahead log: copied while a connection that never merged
/// them had it open.
fn with_pending_log(dir: &Path, path: &Path) {
    let source = dir.join("source-wal.db");
    let db = Connection::open(&source).unwrap();
    db.execute_batch(
        "PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0;
         CREATE TABLE accounts (id INTEGER, note BLOB);",
    )
    .unwrap();
    for id in 0..200 {
        db.execute("INSERT INTO accounts VALUES (?1, randomblob(100))", [id])
            .unwrap();
    }
    copy_database(&source, path);
    assert!(
        std::fs::metadata(format!("{}-wal", path.display()))
            .unwrap()
            .len()
            > 0
    );
}

/// Another program's database at `path` in the middle of a transaction
/// that has already written pages into it: its rollback journal is hot.
fn with_hot_journal(dir: &Path, path: &Path) {
    let source = dir.join("source-journal.db");
    let db = Connection::open(&source).unwrap();
    db.execute_batch(
        "CREATE TABLE accounts (id INTEGER, note BLOB); INSERT INTO accounts VALUES (0, x'00');
         PRAGMA cache_size = 1; BEGIN;",
    )
    .unwrap();
    for id in 1..300 {
        db.execute("INSERT INTO accounts VALUES (?1, randomblob(600))", [id])
            .unwrap();
    }
    copy_database(&source, path);
    db.execute_batch("ROLLBACK").unwrap();
}

/// Whether opening a copy of the database at `path` the usual way
/// changes it: the fixture must really be one SQLite would change.
fn sqlite_would_change(dir: &Path, path: &Path) -> bool {
    let copy = dir.join("probe.db");
    copy_database(path, &copy);
    let before = files_of(&copy);
    let db = Connection::open(&copy).unwrap();
    let _: i64 = db
        .query_row("SELECT count(*) FROM sqlite_master", [], |row| row.get(0))
        .unwrap();
    drop(db);
    let changed = files_of(&copy) != before;
    for (file, _) in files_of(&copy) {
        std::fs::remove_file(file).unwrap();
    }
    changed
}

/// `count 9 --checkpoint` and `status` on the database at `path` are both
/// refused with `why`, and leave every one of its files as it was.
fn refused_and_untouched(path: &Path, why: &str) {
    let before = files_of(path);
    let file = path.to_str().unwrap();
    for args in [&["count", "9", "--checkpoint", file][..], &["status", file]] {
        let message = refused(args);
        assert!(message.contains(why), "{args:?}: {message}");
        assert!(
            files_of(path) == before,
            "{args:?} changed {file} or a file beside it"
        );
    }
}

#[test]
fn another_programs_database_with_a_pending_log_is_left_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("w.db");
    with_pending_log(dir.path(), &path);
    assert!(sqlite_would_change(dir.path(), &path), "the log is pending");
    let why = "it is not an nqueens checkpoint (a SQLite database holding the table accounts)";
    refused_and_untouched(&path, why);
}

#[test]
fn another_programs_database_with_a_hot_journal_is_left_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("j.db");
    with_hot_journal(dir.path(), &path);
    assert!(sqlite_would_change(dir.path(), &path), "the journal is hot");
    let why = "it is not an nqueens checkpoint (a SQLite database holding the table accounts)";
    refused_and_untouched(&path, why);
}

#[test]
fn a_database_holding_only_a_view_is_not_taken() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("v.db");
    Connection::open(&path)
        .unwrap()
        .execute_batch("CREATE VIEW v AS SELECT 1 AS a")
        .unwrap();
    refused_and_untouched(&path, "(a SQLite database holding the view v)");
    let db = Connection::open(&path).unwrap();
    let objects: i64 = db
        .query_row("SELECT count(*) FROM sqlite_master", [], |row| row.get(0))
        .unwrap();
    assert_eq!(objects, 1, "no table of ours was added");
}

#[test]
fn a_stale_log_beside_an_empty_file_is_not_merged_into_it() {
    let dir = tempfile::tempdir().unwrap();
    let source = dir.path().join("gone.db");
    with_pending_log(dir.path(), &source);
    let path = dir.path().join("e.db");
    std::fs::write(&path, "").unwrap();
    std::fs::copy(
        format!("{}-wal", source.display()),
        format!("{}-wal", path.display()),
    )
    .unwrap();
    let log = format!("{}-wal", path.display());
    refused_and_untouched(
        &path,
        &format!("it is empty, and {log} beside it is the write-ahead log of another database (move that away first)"),
    );
}

#[test]
fn our_own_checkpoint_of_another_run_is_refused_and_left_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("o.db");
    killed_count_17(&path);
    let before = files_of(&path);
    assert!(before
        .iter()
        .any(|(file, bytes)| file.ends_with("o.db-wal") && !bytes.is_empty()));
    let message = refused(&["count", "16", "--checkpoint", path.to_str().unwrap()]);
    assert!(
        message.contains("is of the count of n = 17 by plain (plan 1 ")
            && message.contains("not of this count (its board is n = 17, this count's n = 16; its method is plain, this count's join)"),
        "{message}"
    );
    assert!(
        files_of(&path) == before,
        "the refusal changed the checkpoint or its log"
    );
    // The refusal says how to go on with the count the file holds; so it goes.
    let go_on = format!(
        "go on with the count it holds: nqueens count 17 --method plain --checkpoint {}\n",
        path.display()
    );
    assert!(message.ends_with(&go_on), "{message}");
    // Followed as printed, it resumes the count, to the exact counts.
    let command = go_on.trim_end().rsplit(": ").next().unwrap();
    let bin = assert_cmd::cargo::cargo_bin("nqueens");
    let search = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap()
    );
    let resumed = Command::new("sh")
        .args(["-c", command])
        .env("PATH", search)
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&resumed.stdout),
        "total:  95815104\nunique: 11977939\n",
        "{}",
        String::from_utf8_lossy(&resumed.stderr)
    );
}

#[test]
fn a_checkpoint_whose_tables_were_changed_is_refused_unchanged() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("c.db");
    let file = path.to_str().unwrap();
    assert_eq!(
        run_with(&["count", "12", "-q", "--checkpoint", file], "").code,
        0
    );
    let mut bytes = std::fs::read(&path).unwrap();
    let at = bytes.windows(10).position(|w| w == b"ended REAL").unwrap();
    bytes[at] = b'u';
    std::fs::write(&path, &bytes).unwrap();
    for args in [
        &["count", "12", "--checkpoint", file][..],
        &["status", file],
    ] {
        let message = refused(args);
        assert!(
            message.ends_with(&format!(
                "checkpoint {file} is damaged: its table nqueens_session is not as nqueens made it; \
                 its finished units cannot be trusted: give another file to count into (this one is left as it is)\n"
            )),
            "{message}"
        );
        assert_eq!(
            std::fs::read(&path).unwrap(),
            bytes,
            "no session row was written"
        );
    }
    // Another object slipped in beside our tables is refused the same way.
    let path = dir.path().join("t.db");
    let file = path.to_str().unwrap();
    assert_eq!(
        run_with(&["count", "12", "-q", "--checkpoint", file], "").code,
        0
    );
    Connection::open(&path)
        .unwrap()
        .execute_batch("CREATE TRIGGER t AFTER INSERT ON nqueens_unit BEGIN SELECT 1; END")
        .unwrap();
    let message = refused(&["count", "12", "--checkpoint", file]);
    assert!(
        message.contains("is damaged: it has a trigger t that nqueens does not make"),
        "{message}"
    );
}

#[test]
fn status_says_an_empty_checkpoint_is_one_a_count_starts_in() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("empty.db");
    std::fs::write(&path, "").unwrap();
    let file = path.to_str().unwrap();
    let message = refused(&["status", file]);
    assert_eq!(
        message,
        format!("nqueens: error: checkpoint {file} is empty: no count has written to it yet (`nqueens count N --checkpoint {file}` counts into it)\n")
    );
    // As it says: a count counts into it.
    let ran = run_with(&["count", "9", "--checkpoint", file], "");
    assert_eq!(ran.stdout, "total:  352\nunique: 46\n", "{}", ran.stderr);
}

/// `status` reads whether a count runs from the kernel's list of locks,
/// never by taking the lock itself: a lock someone else holds to read
/// does not make it say a count runs, and a status loop beside starting
/// counts never makes one of them fail.
#[test]
fn status_never_takes_the_lock_a_count_needs() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("nine.db");
    let file = path.to_str().unwrap().to_owned();
    assert_eq!(run_with(&["count", "9", "--checkpoint", &file], "").code, 0);
    let reader = std::fs::File::open(&path).unwrap();
    reader.lock_shared().unwrap();
    let report = run_with(&["status", &file, "--json"], "");
    let report: serde_json::Value = serde_json::from_str(&report.stdout).unwrap();
    assert_eq!(report["running"], false, "a shared lock is not a count's");
    reader.unlock().unwrap();
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let loop_file = file.clone();
    let looping = std::sync::Arc::clone(&stop);
    let statuses = std::thread::spawn(move || {
        let mut runs = 0;
        while !looping.load(std::sync::atomic::Ordering::Relaxed) {
            let status = run_with(&["status", &loop_file], "");
            assert_eq!(status.code, 0, "status beside a count: {}", status.stderr);
            runs += 1;
        }
        runs
    });
    for _ in 0..150 {
        let ran = run_with(&["count", "9", "--checkpoint", &file], "");
        assert_eq!(
            (ran.code, ran.stderr.as_str()),
            (0, ""),
            "a count beside status"
        );
    }
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    assert!(statuses.join().unwrap() > 0);
}
