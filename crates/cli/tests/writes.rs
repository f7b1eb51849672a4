//! Failed writes: a full stdout or stderr (`/dev/full`), or a closed
//! stdout, is never a panic and never a success, whatever was being
//! written.

use assert_cmd::cargo::CommandCargoExt;
use std::fs::{File, OpenOptions};
use std::os::unix::process::ExitStatusExt;
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// `/dev/full`, where every write fails with "no space left on device".
fn full() -> File {
    OpenOptions::new().write(true).open("/dev/full").unwrap()
}

/// Runs `nqueens ARGS` with the given stdout and stderr.
fn run(args: &[&str], stdout: impl Into<Stdio>, stderr: impl Into<Stdio>) -> Output {
    Command::cargo_bin("nqueens")
        .unwrap()
        .args(args)
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(stderr)
        .output()
        .unwrap()
}

/// Asserts that the run exited by itself (no signal, no abort) with `code`.
fn exited(args: &[&str], output: &Output, code: i32) {
    assert_eq!(output.status.signal(), None, "{args:?}: {output:?}");
    assert_eq!(output.status.code(), Some(code), "{args:?}: {output:?}");
}

/// Help and version that cannot be written are a failure, with nothing
/// else written.
#[test]
fn help_and_version_into_a_full_stdout() {
    for args in [&["--help"][..], &["--version"], &["solve", "--help"]] {
        let output = run(args, full(), Stdio::piped());
        exited(args, &output, 1);
        assert!(output.stderr.is_empty(), "{args:?}: {output:?}");
    }
}

/// Solutions that cannot be written: status 1 and one line saying why.
#[test]
fn solutions_into_a_full_stdout() {
    let args = &["solve", "4"];
    let output = run(args, full(), Stdio::piped());
    exited(args, &output, 1);
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(
        stderr,
        "nqueens: error: cannot write the output: No space left on device\n"
    );
}

/// Statistics that cannot be written to stderr: status 1, not an abort.
#[test]
fn statistics_into_a_full_stderr() {
    let args = &["solve", "4", "--stats"];
    let output = run(args, Stdio::null(), full());
    exited(args, &output, 1);
    let args = &["count", "8", "--stats"];
    let output = run(args, Stdio::piped(), full());
    exited(args, &output, 1);
    assert_eq!(output.stdout, b"total:  92\nunique: 12\n");
}

/// A usage error that cannot be written is still a usage error.
#[test]
fn usage_error_into_a_full_stderr() {
    for args in [
        &["solve", "33"][..],
        &["solve", "4", "--queen", "a\nb"],
        &[],
    ] {
        let output = run(args, Stdio::piped(), full());
        exited(args, &output, 2);
        assert!(output.stdout.is_empty(), "{args:?}: {output:?}");
    }
}

/// Everything written, the same runs succeed (the failures above are the
/// full device's, not the commands').
#[test]
fn the_same_runs_with_room_to_write() {
    for args in [&["--help"][..], &["--version"], &["solve", "4", "--stats"]] {
        let output = run(args, Stdio::piped(), Stdio::piped());
        exited(args, &output, 0);
        assert!(!output.stdout.is_empty(), "{args:?}: {output:?}");
    }
}

/// Runs `nqueens ARGS` through `sh`, with the given stdout redirection
/// (`>&-` closes it: Rust's `Stdio` cannot start a child without one).
fn run_redirected(args: &[&str], redirection: &str) -> Output {
    let nqueens = assert_cmd::cargo::cargo_bin("nqueens");
    Command::new("sh")
        .arg("-c")
        .arg(format!("exec \"$0\" \"$@\" {redirection}"))
        .arg(nqueens)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .unwrap()
}

/// Commands of every kind, each of which writes to stdout; `dir` is
/// where the boards that two of them read are written.
fn writers(dir: &Path) -> Vec<Vec<String>> {
    let board = dir.join("board");
    std::fs::write(&board, ".Q..\n....\n....\n....\n").unwrap();
    let board = board.to_str().unwrap();
    let commands: [&[&str]; 11] = [
        &["solve", "4"],
        &["count", "12"],
        &["trace", "4"],
        &["compare", "6"],
        &["estimate", "8", "--seconds", "0.1"],
        &["one", "8"],
        &["random", "8"],
        &["complete", board, "--count"],
        &["verify", board],
        &["--help"],
        &["--version"],
    ];
    let owned = |args: &[&str]| args.iter().map(|arg| arg.to_string()).collect();
    commands.into_iter().map(owned).collect()
}

/// A closed stdout (`nqueens count 12 >&-`) is a failure said in one line,
/// for every command, not output lost with a success (help and version
/// fail silently, as into a full stdout).
#[test]
fn a_closed_stdout() {
    let dir = tempfile::tempdir().unwrap();
    for args in writers(dir.path()) {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let output = run_redirected(&args, ">&-");
        exited(&args, &output, 1);
        let stderr = String::from_utf8(output.stderr).unwrap();
        let said = match args[0].starts_with("--") {
            true => "",
            false => "nqueens: error: cannot write the output: Bad file descriptor\n",
        };
        assert_eq!(stderr, said, "{args:?}");
    }
}

/// The same commands through the same shell, with stdout open: they
/// write (verify: that the board is not a solution, status 1), so the
/// failures above are the closed stdout's.
#[test]
fn the_same_commands_with_stdout_open() {
    let dir = tempfile::tempdir().unwrap();
    for args in writers(dir.path()) {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let output = run_redirected(&args, "");
        exited(&args, &output, i32::from(args[0] == "verify"));
        assert!(!output.stdout.is_empty(), "{args:?}: {output:?}");
    }
}
