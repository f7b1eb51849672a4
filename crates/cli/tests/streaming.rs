//! Streaming: a reader that goes away, and constant memory on 14.7M lines.

use assert_cmd::cargo::CommandCargoExt;
use std::io::{BufRead, BufReader, Read};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn spawn(args: &[&str]) -> std::process::Child {
    Command::cargo_bin("nqueens")
        .unwrap()
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// `nqueens solve 16 | head -3`: the tool must notice the closed pipe and
/// exit quietly instead of searching the whole board.
#[test]
fn a_closed_pipe_ends_the_run_quietly() {
    let mut child = spawn(&["solve", "16"]);
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let first: Vec<String> = (0..3).map(|_| lines.next().unwrap().unwrap()).collect();
    assert_eq!(
        first,
        ["Q...............", "..Q.............", "....Q..........."]
    );
    drop(lines);
    let deadline = Instant::now() + Duration::from_secs(30);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        assert!(
            Instant::now() < deadline,
            "still running after the pipe closed"
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    assert!(status.success(), "{status:?}");
    assert_eq!(stderr, "");
}

/// Peak resident memory of the children this process has waited for, in bytes.
fn children_peak_rss() -> u64 {
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: getrusage only writes into the struct it is given.
    assert_eq!(
        unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage) },
        0
    );
    usage.ru_maxrss as u64 * 1024
}

#[test]
#[ignore = "writes 14.7M lines: run with --include-ignored (CI does)"]
fn solve_16_streams_in_constant_memory() {
    let mut child = spawn(&["solve", "16", "--format", "columns"]);
    let mut lines = 0u64;
    let mut reader = BufReader::with_capacity(1 << 16, child.stdout.take().unwrap());
    let mut line = Vec::new();
    while reader.read_until(b'\n', &mut line).unwrap() > 0 {
        lines += 1;
        line.clear();
    }
    assert!(child.wait().unwrap().success());
    assert_eq!(lines, 14_772_512);
    let peak = children_peak_rss();
    assert!(peak < 100 << 20, "peak RSS {peak} bytes");
}
