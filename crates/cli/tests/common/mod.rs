//! Runs the real `nqueens` binary for the CLI tests.
#![allow(dead_code)]

use assert_cmd::Command;

/// Runs `nqueens ARGS`, asserts it succeeded, returns (stdout, stderr).
pub fn run(args: &[&str]) -> (String, String) {
    let output = Command::cargo_bin("nqueens")
        .unwrap()
        .args(args)
        .output()
        .unwrap();
    assert!(output.status.success(), "{args:?}: {output:?}");
    let text = |bytes: Vec<u8>| String::from_utf8(bytes).unwrap();
    (text(output.stdout), text(output.stderr))
}

/// Runs `nqueens ARGS`, asserts it succeeded with nothing on stderr,
/// returns stdout.
pub fn stdout(args: &[&str]) -> String {
    let (out, err) = run(args);
    assert_eq!(err, "", "{args:?}");
    out
}

/// What a run printed, and its exit status.
pub struct Ran {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

/// Runs `nqueens ARGS` with `input` on stdin, whatever its outcome.
pub fn run_with(args: &[&str], input: impl Into<Vec<u8>>) -> Ran {
    let output = Command::cargo_bin("nqueens")
        .unwrap()
        .args(args)
        .write_stdin(input)
        .output()
        .unwrap();
    let text = |bytes: Vec<u8>| String::from_utf8(bytes).unwrap();
    Ran {
        code: output.status.code().unwrap_or(-1),
        stdout: text(output.stdout),
        stderr: text(output.stderr),
    }
}

/// The columns of each line of `columns`-format output.
pub fn column_lines(text: &str) -> Vec<Vec<u32>> {
    text.lines()
        .map(|line| line.split(' ').map(|c| c.parse().unwrap()).collect())
        .collect()
}

/// Runs `nqueens ARGS`, expecting a refusal: exit 2, nothing on stdout,
/// one line on stderr (clap's usage errors add their usage lines); the
/// message.
pub fn refused(args: &[&str]) -> String {
    let ran = run_with(args, "");
    assert_eq!(
        (ran.code, ran.stdout.as_str()),
        (2, ""),
        "{args:?}: {}",
        ran.stderr
    );
    if !ran.stderr.contains("\nUsage: ") {
        assert_eq!(ran.stderr.lines().count(), 1, "{}", ran.stderr);
    }
    ran.stderr
}

/// Rewrites the shard record at `path` through `change`, its residues
/// and checksum made anew, as a forger would (the scheme has no key).
pub fn forge_record(
    path: &std::path::Path,
    change: impl Fn(&mut nqueens_report::runs::ShardRecord),
) {
    let mut record: nqueens_report::runs::ShardRecord =
        serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap();
    change(&mut record);
    record.residues.total_thirds = nqueens_runs::residues(record.total_thirds);
    record.residues.nodes = nqueens_runs::residues(record.nodes);
    record.checksum = nqueens_runs::record::checksum_of(&record);
    std::fs::write(path, serde_json::to_vec(&record).unwrap()).unwrap();
}

/// The units the checkpoint `file` holds, by `nqueens status`; 0 where it
/// cannot be read yet.
pub fn units_done(file: &std::path::Path) -> u64 {
    let status = run_with(&["status", "--json", file.to_str().unwrap()], "");
    serde_json::from_str::<serde_json::Value>(&status.stdout)
        .map_or(0, |report| report["done"].as_u64().unwrap_or(0))
}

/// `count 17 --method plain --threads 1 -q --checkpoint FILE`, killed
/// (SIGKILL) once its checkpoint holds units and its write-ahead log
/// exists: waits on what the file says, never on a clock. The count runs
/// for seconds, committing every quarter second, so it is killed mid-run.
pub fn killed_count_17(file: &std::path::Path) {
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("nqueens"))
        .args(["count", "17", "--method", "plain", "--threads", "1", "-q"])
        .arg("--checkpoint")
        .arg(file)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let log = std::path::PathBuf::from(format!("{}-wal", file.display()));
    while units_done(file) == 0 || !log.exists() {
        assert!(child.try_wait().unwrap().is_none(), "the count ended early");
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    child.kill().unwrap();
    child.wait().unwrap();
}

/// Where the kill points' seed comes from: set it to replay a run's.
const SEED_VARIABLE: &str = "NQUEENS_TEST_SEED";

/// The kill points' seed: `NQUEENS_TEST_SEED` if set, else a fixed one.
/// Printed, with how to run the test `test` (`FILE -- NAME`) again with
/// it: the harness shows it with a failure.
pub fn seed(test: &str) -> u64 {
    let seed = match std::env::var(SEED_VARIABLE) {
        Ok(text) => text.trim().parse().unwrap_or_else(|_| {
            panic!("{SEED_VARIABLE}={text:?}: the seed must be a whole number from 0 to 2^64 - 1")
        }),
        Err(std::env::VarError::NotPresent) => 0x9E37_79B9_7F4A_7C15,
        Err(err) => panic!("{SEED_VARIABLE}: {err}"),
    };
    println!(
        "kill points seeded with {seed}; again with: {SEED_VARIABLE}={seed} \
         cargo test -p nqueens-cli --test {test}"
    );
    seed
}

/// `count` kill points, each a whole number of milliseconds in `range`,
/// by a small xorshift from `seed`.
pub fn kill_points(
    seed: u64,
    count: usize,
    range: std::ops::Range<u64>,
) -> Vec<std::time::Duration> {
    // Xorshift never leaves zero.
    let mut state = seed | 1;
    (0..count)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            std::time::Duration::from_millis(range.start + state % (range.end - range.start))
        })
        .collect()
}
