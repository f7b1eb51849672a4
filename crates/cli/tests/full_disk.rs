//! A disk that really fills: a small tmpfs mounted for the test (root
//! only; `.ci/run` runs as root and sets NQUEENS_CI, which turns a skip
//! into a failure). A record that cannot be written comes on standard
//! output; a checkpoint that cannot be written stops the count, keeps
//! what it holds, and the same command goes on once there is room — as
//! the message says.

mod common;

use common::{killed_count_17, run_with, units_done, Ran};
use std::path::{Path, PathBuf};

/// A tmpfs of a few KiB on a directory of its own, unmounted when dropped.
struct SmallDisk {
    dir: tempfile::TempDir,
}

impl SmallDisk {
    /// A disk of `kib` KiB; none (said on stderr) where this process may
    /// not mount one, unless CI asked for every test to run.
    fn mount(kib: usize) -> Option<SmallDisk> {
        let dir = tempfile::tempdir().unwrap();
        let mounted = std::process::Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={kib}k"), "tmpfs"])
            .arg(dir.path())
            .output();
        match mounted {
            Ok(out) if out.status.success() => Some(SmallDisk { dir }),
            other => {
                let why =
                    format!("cannot mount a tmpfs here ({other:?}): the full-disk test needs root");
                assert!(std::env::var_os("NQUEENS_CI").is_none(), "{why}");
                eprintln!("skipped: {why}");
                None
            }
        }
    }

    fn path(&self) -> &Path {
        self.dir.path()
    }

    /// Fills the disk but for about `free_kib` KiB, with a file that
    /// `make_room` removes.
    fn fill(&self, free_kib: u64) {
        let stat = nix_free_bytes(self.path());
        let size = stat.saturating_sub(free_kib * 1024);
        std::fs::write(self.filler(), vec![0u8; size as usize]).unwrap();
    }

    fn make_room(&self) {
        std::fs::remove_file(self.filler()).unwrap();
    }

    fn filler(&self) -> PathBuf {
        self.path().join("filler")
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        let _ = std::process::Command::new("umount")
            .arg(self.dir.path())
            .status();
    }
}

/// The bytes free on the file system of `path`.
fn nix_free_bytes(path: &Path) -> u64 {
    let text = std::process::Command::new("df")
        .args(["--output=avail", "-B1"])
        .arg(path)
        .output()
        .unwrap()
        .stdout;
    let text = String::from_utf8(text).unwrap();
    text.lines().nth(1).unwrap().trim().parse().unwrap()
}

#[test]
fn a_record_on_a_full_disk_comes_on_standard_output() {
    let Some(disk) = SmallDisk::mount(96) else {
        return;
    };
    disk.fill(0);
    let out = disk.path().join("shard-1-of-4.json");
    let ran = run_with(
        &[
            "count",
            "10",
            "--shard",
            "1/4",
            "--out",
            disk.path().to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(ran.code, 1, "{}", ran.stderr);
    assert_eq!(
        ran.stderr,
        format!(
            "nqueens: error: {}: No space left on device; the record follows on standard output: save it as {} to merge it\n",
            out.display(),
            out.display()
        )
    );
    let names: Vec<String> = (std::fs::read_dir(disk.path()).unwrap())
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["filler"], "no temporary file is left");
    // As the message says, once there is room.
    disk.make_room();
    std::fs::write(&out, &ran.stdout).unwrap();
    let ran = run_with(&["merge", "--json", out.to_str().unwrap()], "");
    let report: serde_json::Value = serde_json::from_str(&ran.stdout).unwrap();
    assert_eq!(
        report["problems"][0]["kind"], "missing",
        "the record itself reads: {report}"
    );
}

#[test]
fn a_checkpoint_on_a_disk_that_fills_stops_and_goes_on_once_there_is_room() {
    // Room for nothing, for the run's first rows, or for part of its log:
    // whichever moment the disk fills, the run stops with the message, and
    // the same command finishes once there is room.
    for free_kib in [0, 48, 120, 200] {
        let Some(disk) = SmallDisk::mount(800) else {
            return;
        };
        let file = disk.path().join("c.db");
        let args = count_args(15, &file);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        disk.fill(free_kib);
        let ran = run_with(&args, "");
        if ran.code == 0 {
            // It fit after all: nothing to go on with.
            assert_eq!(ran.stdout, "total:  2279184\nunique: 285053\n");
            continue;
        }
        assert_stopped_for_room(&ran, &format!("{free_kib} KiB free"));
        disk.make_room();
        let again = run_with(&args, "");
        assert_eq!(
            (again.code, again.stdout.as_str()),
            (0, "total:  2279184\nunique: 285053\n"),
            "{free_kib} KiB free, then room: {}",
            again.stderr
        );
    }
}

#[test]
fn units_a_checkpoint_holds_are_kept_through_a_full_disk() {
    let Some(disk) = SmallDisk::mount(4096) else {
        return;
    };
    let file = disk.path().join("c.db");
    killed_count_17(&file);
    let args = count_args(17, &file);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let kept = units_done(&file);
    disk.fill(0);
    let ran = run_with(&args, "");
    assert_stopped_for_room(&ran, "a full disk");
    assert!(units_done(&file) >= kept, "the {kept} units kept stay kept");
    disk.make_room();
    let again = run_with(&args, "");
    assert_eq!(
        (again.code, again.stdout.as_str()),
        (0, "total:  95815104\nunique: 11977939\n"),
        "{}",
        again.stderr
    );
}

/// `count N` on one thread by the plain method, into checkpoint `file`.
fn count_args(n: usize, file: &Path) -> [String; 9] {
    let [n, file] = [n.to_string(), file.to_str().unwrap().to_owned()];
    [
        "count",
        &n,
        "--method",
        "plain",
        "--threads",
        "1",
        "-q",
        "--checkpoint",
        &file,
    ]
    .map(str::to_owned)
}

/// A run stopped by a full disk says so, and that the same command goes
/// on once there is room: exit 2 before its first unit, 1 after.
fn assert_stopped_for_room(ran: &Ran, case: &str) {
    let said = match ran.code {
        2 => "database or disk is full; once there is room on its disk, the same command goes on\n",
        _ => "database or disk is full: the run stopped, and the units the checkpoint holds are kept; \
              once there is room on its disk, the same command goes on\n",
    };
    assert!(
        [1, 2].contains(&ran.code) && ran.stderr.ends_with(said),
        "{case}: exit {}: {}",
        ran.code,
        ran.stderr
    );
}
