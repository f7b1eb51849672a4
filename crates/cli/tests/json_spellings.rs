//! JSON is asked for the same way everywhere: `--json` and `--format
//! json` are one choice on every command that offers JSON (a report's
//! `--format` is text or json; a board command's `--json` is its `--format
//! json`), and the two given against each other are refused.

mod common;

use common::run_with;
use serde_json::Value;
use std::io::Write;

/// The keys of the one JSON object `args` prints, and its schema.
fn keys(args: &[&str]) -> (Vec<String>, Value) {
    let ran = run_with(args, "");
    assert_eq!((ran.code, ran.stderr.as_str()), (0, ""), "{args:?}");
    let report: Value = serde_json::from_str(&ran.stdout).expect(&ran.stdout);
    let keys = report.as_object().unwrap().keys().cloned().collect();
    (keys, report["schema"].clone())
}

#[test]
fn a_report_takes_format_json_as_json() {
    let reports: [&[&str]; 3] = [
        &["count", "8"],
        &["compare", "5"],
        &["estimate", "12", "--seconds", "0.05", "-j", "1", "-q"],
    ];
    for args in reports {
        let json = keys(&[args, &["--json"]].concat());
        let spelled = keys(&[args, &["--format", "json"]].concat());
        assert_eq!(json, spelled, "{args:?}");
        assert!(json.1.as_str().unwrap().starts_with("nqueens-"), "{json:?}");
        // --format text is the text report.
        let text = run_with(&[args, &["--format", "text"]].concat(), "");
        let plain = run_with(args, "");
        assert_eq!(text.code, 0, "{}", text.stderr);
        assert!(serde_json::from_str::<Value>(&text.stdout).is_err());
        assert_eq!(text.stdout.lines().next(), plain.stdout.lines().next());
    }
    // Event by event, the same lines.
    let trace = run_with(&["trace", "5", "--json"], "");
    assert_eq!(
        run_with(&["trace", "5", "--format", "json"], "").stdout,
        trace.stdout
    );
    assert!(trace.stdout.starts_with("{\"type\":"), "{}", trace.stdout);
}

#[test]
fn a_board_command_takes_json_as_format_json() {
    let board = tempfile::NamedTempFile::new().unwrap();
    writeln!(board.as_file(), ".Q..\n....\n....\n....").unwrap();
    let puzzle = board.path().to_str().unwrap();
    let commands: [&[&str]; 5] = [
        &["solve", "6"],
        &["one", "10"],
        &["random", "10", "--seed", "3", "-q"],
        &["complete", puzzle],
        &["complete", puzzle, "--count"],
    ];
    for args in commands {
        let json = run_with(&[args, &["--json"]].concat(), "");
        let spelled = run_with(&[args, &["--format", "json"]].concat(), "");
        assert_eq!((json.code, json.stderr.as_str()), (0, ""), "{args:?}");
        serde_json::from_str::<Value>(&json.stdout).expect(&json.stdout);
        let seconds = |out: &str| out.split(",\"seconds\"").next().unwrap().to_owned();
        assert_eq!(seconds(&json.stdout), seconds(&spelled.stdout), "{args:?}");
    }
}

#[test]
fn the_two_spellings_against_each_other_are_refused() {
    for (args, message) in [
        (
            &["count", "8", "--json", "--format", "text"][..],
            "nqueens: error: the argument '--json' cannot be used with '--format <FORMAT>'",
        ),
        (
            &["solve", "8", "--json", "--format", "columns"],
            "nqueens: error: the argument '--json' cannot be used with '--format <FORMAT>'",
        ),
        (
            &["count", "8", "--format", "xml"],
            "nqueens: error: invalid value 'xml' for '--format <FORMAT>': the format must be text or json (the same as --json)",
        ),
        (
            &["complete", "-", "--count", "--format", "svg"],
            "nqueens: error: --count prints a count, not boards: --format svg cannot be used with it (--format json or --json prints the count as JSON)",
        ),
    ] {
        let ran = run_with(args, "");
        assert_eq!(ran.code, 2, "{args:?}");
        assert_eq!(ran.stderr.lines().next(), Some(message), "{args:?}");
    }
}
