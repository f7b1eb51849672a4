//! A count killed in its first moments, while it opens, creates or
//! changes the mode of its checkpoint: 200 kills at seeded random instants
//! from 0 to 100 ms, of a count beginning a new checkpoint and of one
//! opening a finished one. After each, `status` reads the file (or says
//! it is empty or missing, as a kill before the first write leaves it) and
//! the same count resumes to the exact total: nothing is left stuck.

mod common;

use common::run_with;
use std::path::Path;
use std::process::{Command, Stdio};

/// Runs `count N --checkpoint FILE` and kills it (SIGKILL) after `pause`.
fn killed(n: &str, file: &Path, pause: std::time::Duration) {
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("nqueens"))
        .args(["count", n, "--quiet", "--checkpoint"])
        .arg(file)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(pause);
    child.kill().unwrap();
    child.wait().unwrap();
}

/// What `status` says of `file`, as "read", "empty" or "missing"; the
/// message of anything else.
fn status(file: &Path) -> Result<&'static str, String> {
    let ran = run_with(&["status", file.to_str().unwrap()], "");
    match ran.code {
        0 => Ok("read"),
        _ if ran
            .stderr
            .contains("is empty: no count has written to it yet") =>
        {
            Ok("empty")
        }
        _ if ran.stderr.contains("does not exist") => Ok("missing"),
        _ => Err(ran.stderr),
    }
}

#[test]
#[ignore = "long: 200 kills (about a minute); .ci/run runs it"]
fn counts_killed_in_their_first_moments_leave_checkpoints_that_resume() {
    let dir = tempfile::tempdir().unwrap();
    let (fresh, finished) = (dir.path().join("fresh.db"), dir.path().join("finished.db"));
    let expected = |n: &str| match n {
        "11" => "total:  2680\nunique: 341\n",
        _ => "total:  14200\nunique: 1787\n",
    };
    assert_eq!(
        run_with(
            &["count", "12", "--checkpoint", finished.to_str().unwrap()],
            ""
        )
        .stdout,
        expected("12")
    );
    let seed = common::seed("early_kills -- --include-ignored");
    let mut seen = std::collections::BTreeMap::new();
    for (kill, pause) in common::kill_points(seed, 200, 0..101)
        .into_iter()
        .enumerate()
    {
        let (n, file) = match kill % 2 {
            0 => ("11", &fresh),
            _ => ("12", &finished),
        };
        if n == "11" {
            for suffix in ["", "-wal", "-shm", "-journal"] {
                let _ = std::fs::remove_file(format!("{}{suffix}", file.display()));
            }
        }
        killed(n, file, pause);
        let said = status(file)
            .unwrap_or_else(|err| panic!("kill {kill} at {pause:?} of count {n}: status: {err}"));
        *seen.entry(said).or_insert(0) += 1;
        let resumed = run_with(&["count", n, "--checkpoint", file.to_str().unwrap()], "");
        assert_eq!(
            (resumed.code, resumed.stdout.as_str()),
            (0, expected(n)),
            "kill {kill} at {pause:?} of count {n}: {}",
            resumed.stderr
        );
    }
    println!("200 early kills: status {seen:?}; every count resumed to its exact total");
}
