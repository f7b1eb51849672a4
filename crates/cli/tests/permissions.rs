//! Checkpoints another user can only read: a finished count gives its
//! total, an unfinished one is refused with a copy command that works, a
//! refused open leaves no file behind (the owner goes on), and a write cut
//! by the file size limit says so. Runs the binary as other users
//! (`setpriv`, root only; `.ci/run` runs as root and sets NQUEENS_CI,
//! which turns a skip into a failure).

mod common;

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The binary, copied where any user may run it, in a directory any user
/// may enter; none (said) where this process cannot run another user.
struct Users {
    dir: tempfile::TempDir,
}

const OWNER: u32 = 1001;
const OTHER: u32 = 1002;

impl Users {
    fn new() -> Option<Users> {
        let switches = Command::new("setpriv")
            .args([
                "--reuid",
                "1001",
                "--regid",
                "1001",
                "--clear-groups",
                "true",
            ])
            .status()
            .is_ok_and(|status| status.success());
        if !switches {
            nqueens_testkit::skip("setpriv cannot run another user here (root only)");
            return None;
        }
        let dir = tempfile::tempdir().unwrap();
        std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
        let binary = dir.path().join("nqueens");
        std::fs::copy(assert_cmd::cargo::cargo_bin("nqueens"), &binary).unwrap();
        Some(Users { dir })
    }

    /// A directory of `mode` owned by `uid`.
    fn directory(&self, name: &str, uid: u32, mode: u32) -> PathBuf {
        let path = self.dir.path().join(name);
        std::fs::create_dir(&path).unwrap();
        std::os::unix::fs::chown(&path, Some(uid), Some(uid)).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(mode)).unwrap();
        path
    }

    /// Runs the shell line `script` as `uid` in `dir`, with `$NQ` the
    /// binary: exit status, stdout, stderr.
    fn run(&self, uid: u32, dir: &Path, script: &str) -> common::Ran {
        let id = uid.to_string();
        let output = Command::new("setpriv")
            .args(["--reuid", &id, "--regid", &id, "--clear-groups", "sh", "-c"])
            .arg(script)
            .env("NQ", self.dir.path().join("nqueens"))
            .current_dir(dir)
            .output()
            .unwrap();
        let text = |bytes: Vec<u8>| String::from_utf8(bytes).unwrap();
        common::Ran {
            code: output.status.code().unwrap_or(-1),
            stdout: text(output.stdout),
            stderr: text(output.stderr),
        }
    }
}

/// Counts 18 into `file` in `dir` as `uid`, killed once `status` (run
/// as root) sees units in it: however busy the machine, the checkpoint
/// then holds some of its count and not all.
fn half_count(users: &Users, uid: u32, dir: &Path, file: &str) {
    let id = uid.to_string();
    let mut count = Command::new("setpriv")
        .args(["--reuid", &id, "--regid", &id, "--clear-groups"])
        .arg(users.dir.path().join("nqueens"))
        .args([
            "count",
            "18",
            "--threads",
            "1",
            "--quiet",
            "--checkpoint",
            file,
        ])
        .current_dir(dir)
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    let done = || {
        let ran = users.run(0, dir, &format!("$NQ status {file} --json"));
        let status: Option<serde_json::Value> = serde_json::from_str(&ran.stdout).ok();
        status
            .and_then(|status| status["done"].as_u64())
            .unwrap_or(0)
    };
    while done() == 0 {
        assert!(
            started.elapsed().as_secs() < 120,
            "no unit of count 18 in 2 minutes"
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    count.kill().unwrap();
    count.wait().unwrap();
}

fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    names
}

const TOTAL_18: &str = "total:  666090624\nunique: 83263591\n";

#[test]
fn a_directory_this_user_cannot_write_reads_a_finished_count_and_refuses_the_rest() {
    let Some(users) = Users::new() else { return };
    let shelf = users.directory("shelf", 0, 0o755);
    let made = users.run(0, &shelf, "$NQ count 12 --checkpoint fin.db --quiet");
    assert_eq!(made.code, 0, "{}", made.stderr);
    half_count(&users, 0, &shelf, "part.db");
    let before = names(&shelf);
    let finished = users.run(OWNER, &shelf, "$NQ count 12 --checkpoint fin.db");
    assert_eq!(
        (
            finished.code,
            finished.stdout.as_str(),
            finished.stderr.as_str()
        ),
        (0, "total:  14200\nunique: 1787\n", "")
    );
    let part = users.run(OWNER, &shelf, "$NQ count 18 --checkpoint part.db");
    assert_eq!(part.code, 2, "{}", part.stderr);
    assert!(
        part.stderr
            .contains("cannot be written: this user may not write in its directory"),
        "{}",
        part.stderr
    );
    assert_eq!(names(&shelf), before, "a refused open leaves nothing");
    // The advice, followed: the copy command, into a directory of the user's.
    let copy = part
        .stderr
        .split('`')
        .nth(3)
        .unwrap()
        .replace(" DIR/", " ../own/");
    assert!(copy.starts_with("cp part.db"), "{copy}");
    let own = users.directory("own", OWNER, 0o755);
    let status = format!("{copy} && $NQ status ../own/part.db --json");
    let copied = users.run(OWNER, &shelf, &status);
    assert_eq!(copied.code, 0, "{}", copied.stderr);
    let done: serde_json::Value = serde_json::from_str(&copied.stdout).unwrap();
    assert!(
        done["done"].as_u64().unwrap() > 0,
        "the copy keeps its units"
    );
    let resumed = users.run(OWNER, &own, "$NQ count 18 --checkpoint part.db");
    assert_eq!((resumed.code, resumed.stdout.as_str()), (0, TOTAL_18));
}

#[test]
fn another_users_refused_count_leaves_nothing_and_the_owner_goes_on() {
    let Some(users) = Users::new() else { return };
    let shared = users.directory("shared", 0, 0o1777);
    half_count(&users, OWNER, &shared, "f.db");
    let before = names(&shared);
    let other = users.run(OTHER, &shared, "$NQ count 18 --checkpoint f.db");
    assert_eq!(other.code, 2, "{}", other.stderr);
    assert!(
        other
            .stderr
            .contains("cannot be written: this user may not write to the file"),
        "{}",
        other.stderr
    );
    assert_eq!(names(&shared), before, "the refused count left a file");
    let owner = users.run(OWNER, &shared, "$NQ count 18 --checkpoint f.db");
    assert_eq!(
        (owner.code, owner.stdout.as_str()),
        (0, TOTAL_18),
        "{}",
        owner.stderr
    );
}

#[test]
fn a_write_cut_by_the_file_size_limit_says_so_and_goes_on_once_raised() {
    let Some(users) = Users::new() else { return };
    let own = users.directory("own", OWNER, 0o755);
    // Ignored, SIGXFSZ stays ignored through exec: the write fails instead.
    let limited = "trap '' XFSZ; ulimit -f 200; $NQ count 18 --threads 1 --checkpoint u.db";
    let cut = users.run(OWNER, &own, limited);
    assert_eq!(cut.code, 1, "{}", cut.stderr);
    assert!(
        // (sh's ulimit counts blocks of 512 or 1024 bytes, by shell.)
        cut.stderr
            .contains("cannot grow past this process's file size limit of ")
            && cut.stderr.contains(" bytes (`ulimit -f`)")
            && cut
                .stderr
                .contains("with a higher limit (`ulimit -f unlimited`), the same"),
        "{}",
        cut.stderr
    );
    let raised = users.run(OWNER, &own, "$NQ count 18 --threads 1 --checkpoint u.db");
    assert_eq!(
        (raised.code, raised.stdout.as_str()),
        (0, TOTAL_18),
        "{}",
        raised.stderr
    );
}
