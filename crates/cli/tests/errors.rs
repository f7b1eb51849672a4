//! Bad input: one line naming the value and what is allowed, exit status 2,
//! nothing on stdout.

mod common;

use assert_cmd::Command;
use std::ffi::OsStr;
use std::fmt::Debug;

/// Runs `nqueens ARGS`, asserts it was refused as a usage error with
/// nothing on stdout, returns the first line of stderr.
fn refused<S: AsRef<OsStr> + Debug>(args: &[S]) -> String {
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
    let range = "the board size must be an integer from 0 to 32 (to 64 with --fix or --block)";
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
            format!("nqueens: error: invalid value '{bad}' for '<N>': {range}")
        );
    }
    for sub in ["solve", "count"] {
        assert_eq!(
            refused(&[sub]),
            "nqueens: error: missing board size N: give an integer from 0 to 32"
        );
    }
}

const ONE_GLYPH: &str = "a glyph must be exactly one visible character";
const VISIBLE_GLYPH: &str =
    "a glyph must be a visible character, not a control, format, separator or combining mark";

#[test]
fn bad_glyphs() {
    for (flag, bad, shown, allowed) in [
        ("--queen", "ab", "ab", ONE_GLYPH),
        ("--queen", "", "", ONE_GLYPH),
        ("--empty", "xy", "xy", ONE_GLYPH),
        ("--empty", "\t", "\\t", VISIBLE_GLYPH),
    ] {
        let line = refused(&["solve", "4", flag, bad]);
        assert_eq!(
            line,
            format!("nqueens: error: invalid value '{shown}' for '{flag} <CH>': {allowed}")
        );
    }
    assert_eq!(
        refused(&["solve", "4", "--queen", "x", "--empty", "x"]),
        "nqueens: error: --queen and --empty are both 'x': the two glyphs must differ"
    );
    assert_eq!(
        refused(&["solve", "4", "--queen", "."]),
        "nqueens: error: --queen and --empty are both '.': the two glyphs must differ"
    );
}

/// Invisible and layout-breaking characters are refused, each class by
/// name; one visible character made of several code points is accepted.
#[test]
fn glyphs_must_be_visible_and_line_up() {
    for (bad, shown) in [
        ("\u{200b}", r"\u{200b}"),
        ("\u{feff}", r"\u{feff}"),
        ("\u{202e}", r"\u{202e}"),
        ("\u{ad}", r"\u{ad}"),
        ("\u{2028}", r"\u{2028}"),
        ("\u{2029}", r"\u{2029}"),
        ("\u{301}", r"\u{301}"),
    ] {
        assert_eq!(
            refused(&["solve", "4", "--queen", bad]),
            format!("nqueens: error: invalid value '{shown}' for '--queen <CH>': {VISIBLE_GLYPH}")
        );
    }
    assert_eq!(
        refused(&["solve", "4", "--queen", "👑"]),
        "nqueens: error: the queen and empty glyphs must be equally wide ('👑' is 2 columns, '.' is 1)"
    );
    let decomposed = common::stdout(&["solve", "4", "--queen", "e\u{301}", "--limit", "1"]);
    assert_eq!(decomposed.lines().next(), Some(".e\u{301}.."));
    let family = "👩\u{200d}👩\u{200d}👧";
    let wide = common::stdout(&[
        "solve", "4", "--queen", family, "--empty", "⬜", "--limit", "1",
    ]);
    assert_eq!(
        wide.lines().next(),
        Some(format!("⬜{family}⬜⬜").as_str())
    );
}

#[test]
fn bad_format_and_limit() {
    assert_eq!(
        refused(&["solve", "4", "--format", "xml"]),
        "nqueens: error: invalid value 'xml' for '--format <FORMAT>': the format must be one of boards, json, columns, ndjson, svg, fen"
    );
    assert!(refused(&["solve", "4", "--limit", "-1"])
        .starts_with("nqueens: error: invalid value '-1' for '--limit <K>'"));
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
        "nqueens: error: invalid value 'dancing-links' for '--algorithm <NAME>': the algorithm must be one of permutations, naive, sets, arrays, bitmask"
    );
    assert_eq!(
        refused(&["count", "12", "--algorithm", "permutations"]),
        "nqueens: error: the permutations algorithm accepts n up to 11 (it tries all n! arrangements), not 12"
    );
    assert_eq!(
        refused(&["trace", "4", "--max-events", "0"]),
        "nqueens: error: invalid value '0' for '--max-events <K>': the event limit must be a whole number from 1 to 18446744073709551615"
    );
    assert!(refused(&["trace", "4", "--until", "last"])
        .starts_with("nqueens: error: invalid value 'last' for '--until <UNTIL>'"));
    assert_eq!(
        refused(&["trace"]),
        "nqueens: error: missing board size N: give an integer from 0 to 32"
    );
    assert_eq!(
        refused(&["one"]),
        "nqueens: error: missing board size N: give 0, 1 or an integer from 4 to 100000000"
    );
    assert_eq!(
        refused(&["random"]),
        "nqueens: error: missing board size N: give 0, 1 or an integer from 4 to 10000000"
    );
    assert_eq!(
        refused(&["solve", "33"]),
        "nqueens: error: invalid value '33' for '<N>': the board size must be an integer from 0 to 32 (to 64 with --fix or --block)"
    );
    assert_eq!(
        refused(&["solve", "65", "--fix", "0:0"]),
        "nqueens: error: invalid value '65' for '<N>': the board size must be an integer from 0 to 32 (to 64 with --fix or --block)"
    );
}

#[test]
fn bad_thread_counts() {
    for (sub, flag, bad) in [
        ("count", "--threads", "0"),
        ("count", "-j", "0"),
        ("count", "--threads", "-2"),
        ("count", "--threads", "many"),
        ("solve", "--threads", "1025"),
        ("solve", "-j", "-1"),
        ("estimate", "-j", "0"),
    ] {
        assert_eq!(
            refused(&[sub, "8", flag, bad]),
            format!("nqueens: error: invalid value '{bad}' for '--threads <T>': the thread count must be a whole number from 1 to 1024 (without --threads: one per core)")
        );
    }
}

/// What would not show, or would break the line, is escaped; everything
/// else that prints, accents and emoji included, is shown as typed.
#[test]
fn values_are_shown_as_typed() {
    let glyph = ONE_GLYPH;
    for (bad, shown) in [
        ("a\nb", r"a\nb"),
        ("\r\u{7}", r"\r\u{7}"),
        ("\u{a0}x", r"\u{a0}x"),
        ("\u{1b}[31m", r"\u{1b}[31m"),
        ("\u{202e}ab", r"\u{202e}ab"),
        ("x\u{3164}", r"x\u{3164}"),
        ("\u{301}a", r"\u{301}a"),
        ("e\u{301}x", "e\u{301}x"),
        ("éé", "éé"),
        ("🙂🙂", "🙂🙂"),
        (r"\n'", r"\n'"),
    ] {
        assert_eq!(
            refused(&["solve", "4", "--queen", bad]),
            format!("nqueens: error: invalid value '{shown}' for '--queen <CH>': {glyph}")
        );
    }
    assert_eq!(
        refused(&["solve", "\u{200b}"]),
        r"nqueens: error: invalid value '\u{200b}' for '<N>': the board size must be an integer from 0 to 32 (to 64 with --fix or --block)"
    );
    assert_eq!(
        refused(&["solve", "4", "--queen", "\u{200b}", "--empty", "\u{200b}"]),
        format!(r"nqueens: error: invalid value '\u{{200b}}' for '--queen <CH>': {VISIBLE_GLYPH}")
    );
}

/// A value over 40 characters is cut, with its length said after it.
#[test]
fn long_values_are_cut() {
    let range = "the board size must be an integer from 0 to 32 (to 64 with --fix or --block)";
    let forty = "x".repeat(40);
    assert_eq!(
        refused(&["solve", &forty]),
        format!("nqueens: error: invalid value '{forty}' for '<N>': {range}")
    );
    let huge = "x".repeat(100_000);
    let output = Command::cargo_bin("nqueens")
        .unwrap()
        .args(["count", &huge])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stderr.len() < 500, "{} bytes", output.stderr.len());
    assert_eq!(
        refused(&["count", &huge]),
        format!("nqueens: error: invalid value '{forty}…' (100000 characters) for '<N>': {range}")
    );
    assert_eq!(
        refused(&["solve", "4", "--queen", &"é\n".repeat(30)]),
        format!(
            "nqueens: error: invalid value '{}…' (60 characters) for '--queen <CH>': {ONE_GLYPH}",
            r"é\n".repeat(20)
        )
    );
}

/// A value outside a fixed list is refused with the list on the same line.
#[test]
fn allowed_values_on_the_first_line() {
    assert_eq!(
        refused(&["trace", "4", "--until", "Json"]),
        "nqueens: error: invalid value 'Json' for '--until <UNTIL>': must be one of first, all"
    );
    for missing in [
        &["trace", "4", "--until", ""][..],
        &["trace", "4", "--until"],
    ] {
        assert_eq!(
            refused(missing),
            "nqueens: error: a value is required for '--until <UNTIL>': must be one of first, all"
        );
    }
    assert_eq!(
        refused(&["trace", "4", "--until", "a\tb"]),
        r"nqueens: error: invalid value 'a\tb' for '--until <UNTIL>': must be one of first, all"
    );
}

/// Unknown arguments and subcommands are echoed escaped and cut too.
#[test]
fn unknown_arguments_are_shown_escaped() {
    assert_eq!(
        refused(&["count", "4", "--fa\nst"]),
        r"nqueens: error: unexpected argument '--fa\nst' found"
    );
    assert_eq!(
        refused(&["pla\nce", "4"]),
        r"nqueens: error: unrecognized subcommand 'pla\nce'"
    );
    let long = format!("--{}", "y".repeat(100));
    assert_eq!(
        refused(&["count", "4", &long]),
        format!(
            "nqueens: error: unexpected argument '--{}…' found",
            "y".repeat(38)
        )
    );
}

/// A mistyped flag before the board size is the mistake named, with the
/// flag it resembles, as it is after the board size: the board size is
/// not taken for a flag's value (but a negative one is still a size).
#[test]
fn a_mistyped_flag_is_named_wherever_it_stands() {
    for args in [["solve", "--unqiue", "8"], ["solve", "8", "--unqiue"]] {
        let output = Command::cargo_bin("nqueens")
            .unwrap()
            .args(args)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(
            stderr.lines().next(),
            Some("nqueens: error: unexpected argument '--unqiue' found"),
            "{args:?}: {stderr}"
        );
        assert!(
            stderr.contains("similar argument exists: '--unique'"),
            "{stderr}"
        );
    }
    for sub in [
        "solve", "count", "trace", "compare", "one", "random", "estimate",
    ] {
        assert!(refused(&[sub, "-4"]).starts_with("nqueens: error: invalid value '-4' for '<N>'"));
        assert_eq!(
            refused(&[sub, "-x", "8"]),
            "nqueens: error: unexpected argument '-x' found"
        );
    }
}

/// An argument that is not UTF-8 is named by its position, and by its
/// option when it is an option's value.
#[test]
fn arguments_that_are_not_utf8() {
    use std::os::unix::ffi::OsStrExt;
    let bytes = |bytes: &'static [u8]| OsStr::from_bytes(bytes);
    let not_utf8 = "is not valid UTF-8";
    for (args, line) in [
        (
            vec![bytes(b"\xff")],
            format!(r"argument 1 {not_utf8}: '\xff'"),
        ),
        (
            vec![bytes(b"solve"), bytes(b"\xff4")],
            format!(r"argument 2 {not_utf8}: '\xff4'"),
        ),
        (
            vec![
                bytes(b"solve"),
                bytes(b"4"),
                bytes(b"--queen"),
                bytes(b"\xff"),
            ],
            format!(r"the value of --queen (argument 4) {not_utf8}: '\xff'"),
        ),
        (
            vec![bytes(b"solve"), bytes(b"4"), bytes(b"--empty=a\xfe\n")],
            format!(r"the value of --empty (argument 3) {not_utf8}: 'a\xfe\n'"),
        ),
        (
            vec![
                bytes(b"solve"),
                bytes(b"4"),
                bytes(b"--stats"),
                bytes(b"\xff"),
            ],
            format!(r"argument 4 {not_utf8}: '\xff'"),
        ),
        (
            vec![bytes(b"count"), bytes(&[0xff; 100])],
            format!(
                r"argument 2 {not_utf8}: '{}…' (100 bytes)",
                r"\xff".repeat(40)
            ),
        ),
    ] {
        assert_eq!(refused(&args), format!("nqueens: error: {line}"));
    }
}
