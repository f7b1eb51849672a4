//! `one`, `random`, and the picture formats: svg parsed as XML with the
//! right queens, fen against known boards.

mod common;

use common::{column_lines, run_with, stdout};
use nqueens_testkit::is_valid;

fn with_class(svg: &str, class: &str) -> usize {
    let doc = roxmltree::Document::parse(svg).unwrap();
    doc.descendants()
        .filter(|n| {
            n.attribute("class")
                .is_some_and(|c| c.split(' ').any(|t| t == class))
        })
        .count()
}

#[test]
fn one_is_a_solution_for_every_size() {
    for n in (4..=60).chain([1, 999, 1000, 1001]) {
        let out = stdout(&["one", &n.to_string(), "--format", "columns"]);
        let columns = &column_lines(&out)[0];
        assert_eq!(columns.len(), n);
        assert!(is_valid(columns), "n = {n}");
    }
}

#[test]
fn huge_boards_are_written_as_columns_only() {
    let ndjson = stdout(&["one", "5000", "--format", "ndjson"]);
    let line: serde_json::Value = serde_json::from_str(&ndjson).unwrap();
    assert_eq!(line["columns"].as_array().unwrap().len(), 5000);
    assert!(line.get("board").is_none());
    for format in ["boards", "json", "svg"] {
        let ran = run_with(&["one", "1001", "--format", format], "");
        assert_eq!(ran.code, 2);
        assert!(
            ran.stderr.contains("use --format columns or ndjson"),
            "{}",
            ran.stderr
        );
    }
    let ran = run_with(&["one", "100000001"], "");
    assert_eq!(ran.code, 2);
    assert!(ran.stderr.contains("from 4 to 100000000"), "{}", ran.stderr);
}

#[test]
fn random_boards_are_solutions_reproducible_by_seed() {
    for n in [1, 4, 5, 8, 50, 2000] {
        for seed in ["0", "7", "123456789"] {
            let args = [
                "random",
                &n.to_string(),
                "--seed",
                seed,
                "--format",
                "columns",
            ];
            let first = stdout(&args);
            assert!(is_valid(&column_lines(&first)[0]), "n = {n}, seed {seed}");
            assert_eq!(stdout(&args), first);
        }
    }
    let a = stdout(&["random", "2000", "--seed", "1", "--format", "columns"]);
    let b = stdout(&["random", "2000", "--seed", "2", "--format", "columns"]);
    assert_ne!(a, b);
    let unseeded = run_with(&["random", "20"], "");
    assert_eq!(unseeded.code, 0);
    assert!(unseeded.stderr.starts_with("seed "), "{}", unseeded.stderr);
}

#[test]
fn svg_of_the_twelve_fundamental_boards_of_eight() {
    let svg = stdout(&["solve", "8", "--unique", "--format", "svg"]);
    assert_eq!(with_class(&svg, "queen"), 12 * 8);
    assert_eq!(with_class(&svg, "caption"), 12);
    assert_eq!(svg.matches("class of 8").count(), 11);
    assert_eq!(svg.matches("class of 4").count(), 1);
    let one = stdout(&["one", "1000", "--format", "svg"]);
    assert_eq!(with_class(&one, "queen"), 1000);
}

/// More boards than an SVG draws is bad input (exit 2; it was 1), named
/// with what is allowed, with nothing written: from `solve`, a solve
/// with `--fix`, `complete --all` and `verify --format svg`.
#[test]
fn svg_of_too_many_boards_is_refused_whole() {
    let svg = "--format svg draws at most 1000 boards";
    let solutions = "more than 1000 solutions";
    let completions = format!("the board has more than 1000 completions, and {svg}");
    let fewer = "give --limit 1000 or less";
    let cases: [(&[&str], String, String); 4] = [
        (
            &["solve", "11"],
            String::new(),
            format!("solve 11 has {solutions}, and {svg}: {fewer}"),
        ),
        (
            &["solve", "12", "--fix", "0:5"],
            String::new(),
            format!("{completions}: {fewer}"),
        ),
        (
            &["complete", "-", "--all"],
            "...........\n".repeat(11),
            format!("{completions}: {fewer}"),
        ),
        (
            &["verify"],
            stdout(&["solve", "11", "--format", "columns"]),
            format!("the input has more than 1000 boards, and {svg}: check at most 1000 at a time"),
        ),
    ];
    for (args, input, says) in cases {
        let args = [args, &["--format", "svg"]].concat();
        let ran = run_with(&args, input);
        assert_eq!((ran.code, ran.stdout.as_str()), (2, ""), "{args:?}");
        assert_eq!(ran.stderr, format!("nqueens: error: {says}\n"), "{args:?}");
    }
    let limited = stdout(&["solve", "11", "--format", "svg", "--limit", "5"]);
    assert_eq!(with_class(&limited, "queen"), 5 * 11);
}

#[test]
fn svg_of_a_completion_marks_given_queens_and_blocked_squares() {
    let board = "Q.......\n....Q...\n..x.....\n........\n........\n.....x..\n........\n........\n";
    let svg = run_with(&["complete", "-", "--format", "svg"], board).stdout;
    assert_eq!(with_class(&svg, "queen"), 8);
    assert_eq!(with_class(&svg, "fixed"), 2);
    assert_eq!(with_class(&svg, "blocked"), 2);
}

#[test]
fn fen_of_eight_by_eight_boards() {
    let fen = stdout(&["solve", "8", "--format", "fen"]);
    assert_eq!(fen.lines().count(), 92);
    assert_eq!(fen.lines().next(), Some("Q7/4Q3/7Q/5Q2/2Q5/6Q1/1Q6/3Q4"));
    let ran = run_with(&["solve", "6", "--format", "fen"], "");
    assert_eq!(ran.code, 2);
    assert!(ran
        .stderr
        .contains("fen describes 8×8 boards: this board is 6×6"));
}
