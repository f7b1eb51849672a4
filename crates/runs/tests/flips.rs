//! A checkpoint with one bit flipped, for every byte of the file: resumed,
//! it gives the exact count (a damaged row dropped and counted again) or
//! is refused; never another count.

use nqueens::count::{Driver, Method, Plan};
use nqueens::BoardSize;
use nqueens_runs::Checkpoint;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

/// How a resumed count ended.
#[derive(Debug, PartialEq)]
enum Resumed {
    /// The exact counts, with the rows dropped on the way.
    Exact { dropped: usize },
    /// Refused, with why.
    Refused(String),
    /// Other counts: the one outcome that must never happen.
    Wrong(u128, u128),
}

/// Counts `plan` into the checkpoint at `path`, resuming whatever it holds.
fn resume(path: &Path, plan: &Plan) -> Resumed {
    let ids: Vec<usize> = (0..plan.units().len()).collect();
    let checkpoint = match Checkpoint::open(path, plan, None, &ids) {
        Ok(checkpoint) => checkpoint,
        Err(err) => return Resumed::Refused(err.to_string()),
    };
    let done = checkpoint.done().to_vec();
    let dropped = checkpoint.dropped().len();
    let recorder = match checkpoint.recorder(1) {
        Ok(recorder) => recorder,
        Err(err) => return Resumed::Refused(err.to_string()),
    };
    let rest: Vec<usize> = ids
        .into_iter()
        .filter(|id| done.iter().all(|d| d.id != *id))
        .collect();
    let driver = Driver::new().threads(1).unwrap();
    let ran = driver.run_while(plan, &rest, &AtomicBool::new(true), &|unit| {
        recorder.record(unit);
    });
    if let Err(err) = recorder.finish() {
        return Resumed::Refused(err.to_string());
    }
    let tally = done
        .iter()
        .map(|unit| unit.tally)
        .sum::<nqueens::count::Tally>()
        + ran;
    match plan.checked_counts(tally) {
        Ok(counts) if (counts.total, counts.unique) == (92, 12) => Resumed::Exact { dropped },
        Ok(counts) => Resumed::Wrong(counts.total, counts.unique),
        Err(impossible) => Resumed::Refused(impossible.to_string()),
    }
}

/// What a flip came to.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Outcome {
    Untouched,
    Recounted,
    Refused,
}

/// Flips one bit of byte `at` of `original` into a file of its own in
/// `dir`, and resumes the count on it.
fn flip(original: &[u8], at: usize, plan: &Plan, dir: &Path) -> Outcome {
    let mut flipped = original.to_vec();
    flipped[at] ^= 1 << (at % 8);
    let path = dir.join(format!("flip-{at}.db"));
    std::fs::write(&path, &flipped).unwrap();
    let outcome = match resume(&path, plan) {
        Resumed::Exact { dropped: 0 } => Outcome::Untouched,
        Resumed::Exact { .. } => Outcome::Recounted,
        Resumed::Refused(_) => Outcome::Refused,
        wrong => panic!("flip at byte {at}: {wrong:?}"),
    };
    for tail in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(dir.join(format!("flip-{at}.db{tail}")));
    }
    outcome
}

#[test]
fn every_flipped_byte_of_a_checkpoint_is_exact_or_refused() {
    let plan = Plan::new(BoardSize::new(8).unwrap(), Method::Backtrack).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let made = dir.path().join("made.db");
    assert_eq!(resume(&made, &plan), Resumed::Exact { dropped: 0 });
    let original = std::fs::read(&made).unwrap();
    assert!(
        !dir.path().join("made.db-wal").exists(),
        "the log is folded in on closing"
    );
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let outcomes: Vec<Outcome> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|first| {
                let (original, plan, dir) = (&original, &plan, dir.path());
                scope.spawn(move || {
                    (first..original.len())
                        .step_by(threads)
                        .map(|at| flip(original, at, plan, dir))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|worker| worker.join().unwrap())
            .collect()
    });
    let tally = |kind: Outcome| outcomes.iter().filter(|outcome| **outcome == kind).count();
    let (untouched, recounted, refused) = (
        tally(Outcome::Untouched),
        tally(Outcome::Recounted),
        tally(Outcome::Refused),
    );
    println!(
        "{} flips: {} exact ({untouched} as they were, {recounted} with damaged rows counted again), {refused} refused, 0 wrong",
        original.len(),
        untouched + recounted
    );
    assert!(
        recounted > 0 && refused > 0,
        "the flips reach rows and headers"
    );
}

/// The files of the database at `path`: it, its log and the log's
/// index, and its journal.
fn database_files(path: &Path) -> Vec<(String, Vec<u8>)> {
    ["", "-wal", "-shm", "-journal"]
        .iter()
        .filter_map(|tail| {
            let file = format!("{}{tail}", path.display());
            std::fs::read(&file).ok().map(|bytes| (file, bytes))
        })
        .collect()
}

/// Writes `files` (as `database_files` gave them, for `from`) again as
/// the database at `to`, with one bit of byte `at` of file `which`
/// flipped.
fn write_flipped(files: &[(String, Vec<u8>)], which: usize, at: usize, from: &Path, to: &Path) {
    for (index, (file, bytes)) in files.iter().enumerate() {
        let mut bytes = bytes.clone();
        if index == which {
            bytes[at] ^= 1 << (at % 8);
        }
        let tail = &file[from.display().to_string().len()..];
        std::fs::write(format!("{}{tail}", to.display()), bytes).unwrap();
    }
}

fn remove_database(path: &Path) {
    for tail in ["", "-wal", "-shm", "-journal"] {
        let _ = std::fs::remove_file(format!("{}{tail}", path.display()));
    }
}

/// A checkpoint of `count 8` whose count was stopped with its last rows
/// still in its write-ahead log: copied while its writer had them
/// committed but not yet folded into the file, with the log's index as
/// the writer kept it.
fn checkpoint_with_pending_log(dir: &Path, plan: &Plan) -> PathBuf {
    let live = dir.join("live.db");
    let ids: Vec<usize> = (0..plan.units().len()).collect();
    let checkpoint = Checkpoint::open(&live, plan, None, &ids).unwrap();
    let recorder = checkpoint.recorder(1).unwrap();
    let driver = Driver::new().threads(1).unwrap();
    driver.run(plan, &ids[..ids.len() / 2], &|unit| {
        recorder.record(unit);
    });
    // Wait on the file, not a clock: until a reader sees every row.
    let reader =
        rusqlite::Connection::open_with_flags(&live, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)
            .unwrap();
    let rows = || -> usize {
        reader
            .query_row("SELECT count(*) FROM nqueens_unit", [], |row| {
                row.get::<_, i64>(0)
            })
            .unwrap() as usize
    };
    while rows() < ids.len() / 2 {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let stopped = dir.join("stopped.db");
    for tail in ["", "-wal", "-shm"] {
        std::fs::copy(
            format!("{}{tail}", live.display()),
            format!("{}{tail}", stopped.display()),
        )
        .unwrap();
    }
    recorder.finish().unwrap();
    stopped
}

/// Every byte of a stopped checkpoint's pending log, one bit flipped:
/// resumed, the exact count (SQLite drops a log frame that no longer
/// matches its checksum, and the units of the rows it held are counted
/// again) or a refusal; never another count.
#[test]
fn every_flipped_byte_of_a_pending_log_is_exact_or_refused() {
    let plan = Plan::new(BoardSize::new(8).unwrap(), Method::Backtrack).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let stopped = checkpoint_with_pending_log(dir.path(), &plan);
    let files = database_files(&stopped);
    let log = files
        .iter()
        .position(|(file, _)| file.ends_with("-wal"))
        .unwrap();
    assert!(!files[log].1.is_empty(), "the log holds rows");
    let (mut exact, mut refused) = (0, 0);
    // Every byte of the log's header and first frame header, then every 13th.
    let bytes = (0..files[log].1.len()).filter(|&at| at < 600 || at % 13 == 0);
    for at in bytes {
        let path = dir.path().join("flip.db");
        write_flipped(&files, log, at, &stopped, &path);
        match resume(&path, &plan) {
            Resumed::Exact { .. } => exact += 1,
            // SQLite's "locking protocol" is not a refusal: the log is read
            // from a copy where its index cannot be used.
            Resumed::Refused(why) if !why.contains("locking protocol") => refused += 1,
            wrong => panic!("flip at byte {at} of the log: {wrong:?}"),
        }
        remove_database(&path);
    }
    println!(
        "{} log flips: {exact} exact, {refused} refused, 0 wrong",
        exact + refused
    );
    assert!(exact > 0);
}

/// Every byte of the pending log's index header (the first 136 bytes)
/// and every 61st after, one bit flipped: resumed, the exact count (the
/// index is SQLite's to rebuild; a reader that may not, reads a copy),
/// never a refusal: the log and the file are whole.
#[test]
fn every_flipped_byte_of_a_pending_logs_index_is_exact() {
    let plan = Plan::new(BoardSize::new(8).unwrap(), Method::Backtrack).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let stopped = checkpoint_with_pending_log(dir.path(), &plan);
    let files = database_files(&stopped);
    let index = files
        .iter()
        .position(|(file, _)| file.ends_with("-shm"))
        .unwrap();
    let bytes = (0..files[index].1.len()).filter(|&at| at < 136 || at % 61 == 0);
    let mut flips = 0;
    for at in bytes {
        let path = dir.path().join("flip.db");
        write_flipped(&files, index, at, &stopped, &path);
        match resume(&path, &plan) {
            Resumed::Exact { .. } => flips += 1,
            other => panic!("flip at byte {at} of the index: {other:?}"),
        }
        remove_database(&path);
    }
    println!("{flips} index flips: {flips} exact, 0 refused, 0 wrong");
}

/// Another program's database, with a pending log or a hot journal, one
/// bit of any of its files flipped: refused, and every file left byte for
/// byte as it was.
#[test]
fn another_programs_database_flipped_anywhere_is_refused_and_left_alone() {
    let plan = Plan::new(BoardSize::new(8).unwrap(), Method::Backtrack).unwrap();
    let ids: Vec<usize> = (0..plan.units().len()).collect();
    let dir = tempfile::tempdir().unwrap();
    let mut flips = 0;
    for (name, setup) in [("log", FOREIGN_WITH_LOG), ("journal", FOREIGN_WITH_JOURNAL)] {
        let source = dir.path().join(format!("{name}-source.db"));
        let original = dir.path().join(format!("{name}.db"));
        let db = rusqlite::Connection::open(&source).unwrap();
        db.execute_batch(setup).unwrap();
        for tail in ["", "-wal", "-journal"] {
            let _ = std::fs::copy(
                format!("{}{tail}", source.display()),
                format!("{}{tail}", original.display()),
            );
        }
        drop(db);
        let files = database_files(&original);
        assert!(files.len() == 2, "{name}: the file and its {name}");
        for (which, (_, bytes)) in files.iter().enumerate() {
            for at in (0..bytes.len()).filter(|&at| at < 512 || at % 97 == 0) {
                let path = dir.path().join("flip.db");
                write_flipped(&files, which, at, &original, &path);
                let before = database_files(&path);
                assert!(
                    Checkpoint::open(&path, &plan, None, &ids).is_err(),
                    "{name}: flip at byte {at} taken"
                );
                assert!(
                    database_files(&path) == before,
                    "{name}: flip at byte {at} changed a file"
                );
                remove_database(&path);
                flips += 1;
            }
        }
    }
    println!("{flips} flips (another program's database, with a pending log or a hot journal): {flips} refused and left as they were, 0 taken");
}

/// A database whose last transactions are still in its write-ahead log
/// when its files are copied (the connection never folds them in).
const FOREIGN_WITH_LOG: &str = "
    PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0;
    CREATE TABLE accounts (id INTEGER, note BLOB);
    INSERT INTO accounts VALUES (1, randomblob(300)), (2, randomblob(300));";

/// A database in the middle of a transaction that has written pages into
/// the file: its rollback journal is hot when its files are copied.
const FOREIGN_WITH_JOURNAL: &str = "
    CREATE TABLE accounts (id INTEGER, note BLOB); INSERT INTO accounts VALUES (0, x'00');
    PRAGMA cache_size = 1; BEGIN;
    WITH RECURSIVE s(v) AS (SELECT 1 UNION ALL SELECT v + 1 FROM s WHERE v < 40)
    INSERT INTO accounts SELECT v, randomblob(600) FROM s;";
