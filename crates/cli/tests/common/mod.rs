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
