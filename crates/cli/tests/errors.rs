//! Bad input: one line naming the value and what is allowed, exit status 2,
//! nothing on stdout.

use assert_cmd::Command;

fn refused(args: &[&str]) -> String {
    let output = Command::cargo_bin("nqueens")
        .unwrap()
        .args(args)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2), "{args:?}: {output:?}");
    assert!(output.stdout.is_empty(), "{args:?}: {output:?}");
    let stderr = String::from_utf8(output.stderr).unwrap();
    stderr.lines().next().unwrap_or_default().to_owned()
}

#[test]
fn bad_board_sizes() {
    let range = "the board size must be an integer from 0 to 32";
    for (bad, sub) in [
        ("-3", "solve"),
        ("abc", "solve"),
        ("33", "solve"),
        ("4.5", "count"),
        ("-1", "count"),
        ("99999999999999999999", "count"),
    ] {
        let line = refused(&[sub, bad]);
        assert_eq!(
            line,
            format!("error: invalid value '{bad}' for '<N>': {range}")
        );
    }
    for sub in ["solve", "count"] {
        assert_eq!(
            refused(&[sub]),
            "error: missing board size N: give an integer from 0 to 32"
        );
    }
}

#[test]
fn bad_glyphs() {
    let allowed = "a glyph must be exactly one printable character";
    for (flag, bad) in [
        ("--queen", "ab"),
        ("--queen", ""),
        ("--empty", "xy"),
        ("--empty", "\t"),
    ] {
        let line = refused(&["solve", "4", flag, bad]);
        assert_eq!(
            line,
            format!("error: invalid value '{bad}' for '{flag} <CH>': {allowed}")
        );
    }
    assert_eq!(
        refused(&["solve", "4", "--queen", "x", "--empty", "x"]),
        "error: --queen and --empty are both 'x': the two glyphs must differ"
    );
    assert_eq!(
        refused(&["solve", "4", "--queen", "."]),
        "error: --queen and --empty are both '.': the two glyphs must differ"
    );
}

#[test]
fn bad_format_and_limit() {
    assert_eq!(
        refused(&["solve", "4", "--format", "xml"]),
        "error: invalid value 'xml' for '--format <FORMAT>': the format must be one of boards, json, columns, ndjson"
    );
    assert!(refused(&["solve", "4", "--limit", "-1"])
        .starts_with("error: invalid value '-1' for '--limit <K>'"));
}

#[test]
fn unknown_subcommand_and_flag() {
    assert!(refused(&["place", "4"]).contains("'place'"));
    assert!(refused(&["count", "4", "--fast"]).contains("'--fast'"));
}

#[test]
fn bad_algorithm_and_trace_options() {
    assert_eq!(
        refused(&["solve", "4", "--algorithm", "dancing-links"]),
        "error: invalid value 'dancing-links' for '--algorithm <NAME>': the algorithm must be one of permutations, naive, sets, arrays, bitmask"
    );
    assert_eq!(
        refused(&["count", "12", "--algorithm", "permutations"]),
        "error: the permutations algorithm accepts n up to 11 (it tries all n! arrangements), not 12"
    );
    assert_eq!(
        refused(&["trace", "4", "--max-events", "0"]),
        "error: invalid value '0' for '--max-events <K>': the event limit must be a whole number from 1 to 18446744073709551615"
    );
    assert!(refused(&["trace", "4", "--until", "last"])
        .starts_with("error: invalid value 'last' for '--until <UNTIL>'"));
    assert_eq!(
        refused(&["trace"]),
        "error: missing board size N: give an integer from 0 to 32"
    );
}

#[test]
fn bad_thread_counts() {
    for (sub, bad) in [
        ("count", "0"),
        ("count", "-2"),
        ("count", "many"),
        ("solve", "1025"),
    ] {
        assert_eq!(
            refused(&[sub, "8", "--threads", bad]),
            format!("error: invalid value '{bad}' for '--threads <T>': the thread count must be a whole number from 1 to 1024")
        );
    }
}
