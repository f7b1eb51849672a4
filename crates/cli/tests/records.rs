//! Shard records and the user's files: `--out` replaces nothing but a
//! record of the same shard of the same count, at the start and at the
//! end (a file that appears meanwhile is kept, the record written beside
//! it); records take the umask's mode; a record rebuilt from a checkpoint
//! says so and confirms nothing; records that disagree are settled by
//! counting the shard again, never by number; merge
//! passes over files that are not records and reads no device.

mod common;

use common::{forge_record, run_with};
use serde_json::Value;
use std::os::unix::fs::PermissionsExt;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn ok(args: &[&str]) -> String {
    let ran = run_with(args, "");
    assert_eq!(ran.code, 0, "{args:?}: {}", ran.stderr);
    ran.stdout
}

fn merge(paths: &[&Path]) -> (i32, Value) {
    let mut args = vec!["merge", "--json"];
    args.extend(paths.iter().map(|p| p.to_str().unwrap()));
    let ran = run_with(&args, "");
    (ran.code, serde_json::from_str(&ran.stdout).unwrap())
}

/// Shards `which` of `count 10` in 4 into `dir`.
fn shards(dir: &Path, which: &[usize]) {
    for i in which {
        ok(&[
            "count",
            "10",
            "--shard",
            &format!("{i}/4"),
            "--out",
            dir.to_str().unwrap(),
        ]);
    }
}

fn shard_file(dir: &Path, i: usize) -> PathBuf {
    dir.join(format!("shard-{i}-of-4.json"))
}

#[test]
fn a_record_of_another_count_is_not_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("x.json");
    ok(&[
        "count",
        "12",
        "--shard",
        "1/4",
        "--out",
        target.to_str().unwrap(),
    ]);
    let before = std::fs::read(&target).unwrap();
    let ran = run_with(
        &[
            "count",
            "13",
            "--shard",
            "1/4",
            "--out",
            target.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(ran.code, 2, "{}", ran.stderr);
    assert!(
        ran.stderr
            .contains("it is the record of shard 1/4 of the count of n = 12 by backtrack (plan ")
            && ran
                .stderr
                .contains("not of this count's shard 1/4 of the count of n = 13 by backtrack")
            && ran.stderr.ends_with("(it is left as it is)\n"),
        "{}",
        ran.stderr
    );
    assert_eq!(std::fs::read(&target).unwrap(), before);
    let ran = run_with(
        &[
            "count",
            "12",
            "--shard",
            "2/4",
            "--out",
            target.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(
        ran.code, 2,
        "another shard of the same count: {}",
        ran.stderr
    );
    // The same shard of the same count replaces it.
    ok(&[
        "count",
        "12",
        "--shard",
        "1/4",
        "--out",
        target.to_str().unwrap(),
    ]);
}

/// Starts `count 17` (shard 0/2, one thread, into a checkpoint) with its
/// record going to `target`, and stops it once its place was checked.
fn stopped_count(dir: &Path, target: &Path) -> std::process::Child {
    let checkpoint = dir.join("c.db");
    let child = Command::new(assert_cmd::cargo::cargo_bin("nqueens"))
        .args([
            "count",
            "17",
            "--method",
            "plain",
            "--threads",
            "1",
            "-q",
            "--shard",
            "0/2",
        ])
        .args([
            "--checkpoint",
            checkpoint.to_str().unwrap(),
            "--out",
            target.to_str().unwrap(),
        ])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Its checkpoint is made after the record's place was checked.
    while run_with(&["status", checkpoint.to_str().unwrap()], "").code != 0 {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    signal(&child, libc::SIGSTOP);
    assert!(child.id() > 0);
    child
}

fn signal(child: &std::process::Child, signal: i32) {
    // SAFETY: kill(2) on our own child's pid, which has not been waited for.
    assert_eq!(unsafe { libc::kill(child.id() as i32, signal) }, 0);
}

#[test]
fn a_file_that_appears_during_the_count_is_kept_and_the_record_goes_beside_it() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("x.json");
    let child = stopped_count(dir.path(), &target);
    std::fs::write(&target, "{\"mine\": true}\n").unwrap();
    signal(&child, libc::SIGCONT);
    let ran = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&ran.stderr);
    assert_eq!(ran.status.code(), Some(1), "{stderr}");
    let beside = dir.path().join("x.1.json");
    assert_eq!(
        stderr,
        format!(
            "nqueens: error: {} changed while the count ran: it exists and is not an nqueens shard record \
             (it is left as it is); the record is written beside it, as {}\n",
            target.display(),
            beside.display()
        )
    );
    assert_eq!(
        std::fs::read_to_string(&target).unwrap(),
        "{\"mine\": true}\n"
    );
    // The record beside it merges with the other shard.
    ok(&[
        "count",
        "17",
        "--method",
        "plain",
        "--shard",
        "1/2",
        "--out",
        dir.path().join("other.json").to_str().unwrap(),
    ]);
    let (code, report) = merge(&[&beside, &dir.path().join("other.json")]);
    assert_eq!(
        (code, report["total"].as_u64()),
        (0, Some(95_815_104)),
        "{report}"
    );
}

#[test]
fn a_record_of_the_same_shard_that_appears_during_the_count_is_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("x.json");
    let child = stopped_count(dir.path(), &target);
    ok(&[
        "count",
        "17",
        "--method",
        "plain",
        "--shard",
        "0/2",
        "--out",
        target.to_str().unwrap(),
    ]);
    signal(&child, libc::SIGCONT);
    let ran = child.wait_with_output().unwrap();
    assert_eq!(
        ran.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&ran.stderr)
    );
    assert!(!dir.path().join("x.1.json").exists());
}

/// Runs `count 10 --shard 0/4 --out DIR` under `umask`.
fn under_umask(umask: libc::mode_t, dir: &Path) {
    let mut command = Command::new(assert_cmd::cargo::cargo_bin("nqueens"));
    command.args([
        "count",
        "10",
        "--shard",
        "0/4",
        "--out",
        dir.to_str().unwrap(),
    ]);
    // SAFETY: umask(2) is async-signal-safe and touches only the child.
    unsafe {
        command.pre_exec(move || {
            libc::umask(umask);
            Ok(())
        });
    }
    assert!(command.status().unwrap().success());
}

#[test]
fn records_take_the_mode_the_umask_gives() {
    let dir = tempfile::tempdir().unwrap();
    let mode = || {
        std::fs::metadata(shard_file(dir.path(), 0))
            .unwrap()
            .permissions()
            .mode()
            & 0o777
    };
    under_umask(0o022, dir.path());
    assert_eq!(mode(), 0o644);
    under_umask(0o002, dir.path());
    assert_eq!(
        mode(),
        0o664,
        "a record replaced takes the umask's mode too"
    );
    under_umask(0o077, dir.path());
    assert_eq!(mode(), 0o600);
}

#[test]
fn a_record_rebuilt_from_its_checkpoint_says_so_and_confirms_nothing() {
    let dir = tempfile::tempdir().unwrap();
    shards(dir.path(), &[1, 2, 3]);
    let checkpoint = dir.path().join("zero.db");
    let first = dir.path().join("a.json");
    let again = dir.path().join("b.json");
    for out in [&first, &again] {
        let args = [
            "count",
            "10",
            "--shard",
            "0/4",
            "--checkpoint",
            checkpoint.to_str().unwrap(),
        ];
        ok(&[&args[..], &["--out", out.to_str().unwrap()]].concat());
    }
    let read =
        |path: &Path| -> Value { serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap() };
    let (a, b) = (read(&first), read(&again));
    assert_eq!(a["resumed_units"], 0);
    assert_eq!(b["resumed_units"], b["units"], "every unit read back");
    assert_eq!(a["checkpoint"], b["checkpoint"]);
    assert_eq!(a["checkpoint"].as_str().unwrap().len(), 16);
    let (code, report) = merge(&[dir.path()]);
    assert_eq!((code, report["total"].as_u64()), (0, Some(724)), "{report}");
    assert_eq!(report["confirmed"], serde_json::json!([]), "{report}");
    let notes = report["notes"].to_string();
    assert!(
        notes.contains("were counted into the same checkpoint")
            && notes.contains("confirm nothing"),
        "{notes}"
    );
    // A count of its own, with no checkpoint, confirms it.
    let own = dir.path().join("c.json");
    ok(&[
        "count",
        "10",
        "--shard",
        "0/4",
        "--out",
        own.to_str().unwrap(),
    ]);
    let (_, report) = merge(&[dir.path()]);
    assert_eq!(report["confirmed"][0]["shard"], 0, "{report}");
}

/// A copy of shard 1's record forged to other counts, as a new run
/// (other seconds) named `name`.
fn forged(dir: &Path, name: &str, seconds: f64) -> PathBuf {
    let wrong = dir.join(name);
    std::fs::copy(shard_file(dir, 1), &wrong).unwrap();
    forge_record(&wrong, |record| {
        record.nodes += 1;
        record.seconds += seconds;
    });
    wrong
}

#[test]
fn records_that_disagree_are_settled_by_counting_again_never_by_number() {
    let dir = tempfile::tempdir().unwrap();
    shards(dir.path(), &[0, 1, 2, 3]);
    // Two forged records of shard 1 that agree with each other, against
    // the one honest record: two against one.
    forged(dir.path(), "wrong-1.json", 1.0);
    forged(dir.path(), "wrong-2.json", 2.0);
    let (code, report) = merge(&[dir.path()]);
    assert_eq!((code, &report["total"]), (1, &Value::Null), "{report}");
    assert_eq!(report["confirmed"], serde_json::json!([]), "{report}");
    let problem = &report["problems"][0];
    assert_eq!(
        (problem["kind"].as_str(), problem["shard"].as_u64()),
        (Some("disagreeing"), Some(1)),
        "{report}"
    );
    let message = problem["message"].as_str().unwrap();
    assert!(
        message.contains("wrong-1.json and ") && message.contains("wrong-2.json say "),
        "{message}"
    );
    let settle = problem["rerun"].as_str().unwrap();
    let quoted = nqueens_runs::shell_quoted(dir.path().to_str().unwrap());
    assert_eq!(settle, format!("nqueens merge {quoted} --audit 1"));
    // The advice, followed: the shard counted again takes the honest record.
    let args: Vec<&str> = settle.split(' ').skip(1).collect();
    let ran = run_with(
        &[&args[..], &["--json", "--seed", "7", "--quiet"]].concat(),
        "",
    );
    let settled: Value = serde_json::from_str(&ran.stdout).unwrap();
    assert_eq!(
        (ran.code, settled["total"].as_u64()),
        (0, Some(724)),
        "{settled}"
    );
    let notes = settled["notes"].to_string();
    for name in ["wrong-1.json", "wrong-2.json"] {
        assert!(
            notes.contains(&format!("{name} disagrees with its shard counted again")),
            "{notes}"
        );
    }
}

/// `merge --json --audit 1` of `dir`, seeded: its exit code and report.
fn merge_audited(dir: &Path) -> (i32, Value) {
    let args = ["merge", "--json", "--audit", "1", "--seed", "7", "--quiet"];
    let ran = run_with(&[&args[..], &[dir.to_str().unwrap()]].concat(), "");
    (ran.code, serde_json::from_str(&ran.stdout).unwrap())
}

#[test]
fn a_shard_counted_again_that_agrees_with_no_record_adds_none() {
    let dir = tempfile::tempdir().unwrap();
    shards(dir.path(), &[0, 1, 2, 3]);
    forged(dir.path(), "wrong-1.json", 1.0);
    let honest = shard_file(dir.path(), 1);
    forge_record(&honest, |record| record.nodes += 2);
    let (code, report) = merge(&[dir.path()]);
    assert_eq!(code, 1, "{report}");
    let (code, audited) = merge_audited(dir.path());
    assert_eq!((code, &audited["total"]), (1, &Value::Null), "{audited}");
    let problem = &audited["problems"][0];
    assert_eq!(problem["kind"], "audit", "{audited}");
    assert!(
        problem["message"]
            .as_str()
            .unwrap()
            .contains("as none of its records"),
        "{audited}"
    );
    // The advice, followed: a count of the shard beside the wrong records,
    // which the audit then takes.
    let rerun = problem["rerun"].as_str().unwrap();
    let counted = Command::new(assert_cmd::cargo::cargo_bin("nqueens"))
        .args(rerun.split(' ').skip(1))
        .status()
        .unwrap();
    assert!(counted.success(), "{rerun}");
    let (code, settled) = merge_audited(dir.path());
    assert_eq!(
        (code, settled["total"].as_u64()),
        (0, Some(724)),
        "{settled}"
    );
}

#[test]
fn merge_passes_over_what_is_not_a_record_and_reads_no_device() {
    let dir = tempfile::tempdir().unwrap();
    shards(dir.path(), &[0, 1, 2, 3]);
    // A merge's own report kept in the directory does not break the next.
    let report_file = dir.path().join("merge.json");
    let out = std::fs::File::create(&report_file).unwrap();
    let ran = Command::new(assert_cmd::cargo::cargo_bin("nqueens"))
        .args(["merge", "--json", dir.path().to_str().unwrap()])
        .stdout(out)
        .status()
        .unwrap();
    assert!(ran.success(), "the report's own empty file is passed over");
    let (code, report) = merge(&[dir.path()]);
    assert_eq!((code, report["total"].as_u64()), (0, Some(724)), "{report}");
    assert!(
        report["notes"]
            .to_string()
            .contains("merge.json is not a shard record"),
        "{report}"
    );
    for device in ["/dev/zero", "/dev/null"] {
        let (code, report) = merge(&[Path::new(device)]);
        assert_eq!(code, 1);
        assert!(
            report["problems"][0]["message"]
                .as_str()
                .unwrap()
                .ends_with("it is not a regular file"),
            "{report}"
        );
    }
    let fifo = dir.path().join("pipe.json");
    assert!(Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    let (code, report) = merge(&[&fifo]);
    assert_eq!(
        code, 1,
        "a named pipe is not opened, so merge does not wait on it: {report}"
    );
    std::fs::remove_file(&fifo).unwrap();
    let big = dir.path().join("big.json");
    std::fs::write(
        &big,
        format!(
            "{{\"format\": \"nqueens-shard/3\", \"pad\": \"{}\"}}",
            "x".repeat(100_000)
        ),
    )
    .unwrap();
    let (code, report) = merge(&[&big]);
    assert_eq!(code, 1);
    assert!(
        report["problems"][0]["message"]
            .as_str()
            .unwrap()
            .contains("it is over 64 KiB"),
        "{report}"
    );
}

#[test]
fn merge_checks_the_plan_version() {
    let dir = tempfile::tempdir().unwrap();
    shards(dir.path(), &[0, 1, 2, 3]);
    forge_record(&shard_file(dir.path(), 3), |record| {
        record.plan_version += 1
    });
    let (code, report) = merge(&[dir.path()]);
    assert_eq!(code, 1, "{report}");
    assert_eq!(report["problems"][0]["kind"], "wrong_plan", "{report}");
}

#[test]
fn a_directory_with_files_that_are_not_records_merges_its_records() {
    let dir = tempfile::tempdir().unwrap();
    shards(dir.path(), &[0, 1, 2, 3]);
    let record = std::fs::read(shard_file(dir.path(), 1)).unwrap();
    let mut bom = "\u{feff}".as_bytes().to_vec();
    bom.extend(b"{\"a\": 1}");
    std::fs::write(dir.path().join("bom.json"), bom).unwrap();
    std::fs::write(dir.path().join("spaces.json"), vec![b' '; 70_000]).unwrap();
    std::fs::write(dir.path().join("half.json"), &record[..record.len() / 2]).unwrap();
    let ran = run_with(&["merge", dir.path().to_str().unwrap()], "");
    assert_eq!(ran.code, 0, "{}", ran.stderr);
    assert!(
        ran.stdout.starts_with("4 records of the count"),
        "{}",
        ran.stdout
    );
    assert!(
        ran.stdout.ends_with("total:  724\nunique: 92\n"),
        "{}",
        ran.stdout
    );
    for (name, why) in [
        ("bom.json", "it begins with a byte-order mark (U+FEFF)"),
        ("half.json", "EOF while parsing"),
        ("spaces.json", "it is over 64 KiB"),
    ] {
        let file = dir.path().join(name);
        let said = format!(
            "note: {} is not an nqueens shard record: {why}",
            file.display()
        );
        assert!(ran.stdout.contains(&said), "{said}\n{}", ran.stdout);
    }
    assert_eq!(ran.stdout.matches(": it is passed over\n").count(), 3);
}
