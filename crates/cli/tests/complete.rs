//! `nqueens complete` and `solve`/`count --fix/--block`: completions that
//! keep the given queens, counts against a brute force, every refusal by
//! message and exit status.

mod common;

use common::{column_lines, run_with, stdout, Ran};
use nqueens_testkit::{is_valid, reference_solutions};

fn complete(args: &[&str], board: &str) -> Ran {
    let mut all = vec!["complete", "-"];
    all.extend_from_slice(args);
    run_with(&all, board)
}

/// The 8×8 board with a queen on (0, 0) and (1, 4), (2, 2) blocked.
const BOARD: &str =
    "Q.......\n....Q...\n..x.....\n........\n........\n........\n........\n........\n";

fn keeps_the_board(columns: &[u32]) -> bool {
    is_valid(columns) && columns[0] == 0 && columns[1] == 4 && columns[2] != 2
}

#[test]
fn the_first_completion_keeps_the_queens_and_avoids_the_blocks() {
    let ran = complete(&["--format", "columns"], BOARD);
    assert_eq!(ran.code, 0, "{}", ran.stderr);
    let boards = column_lines(&ran.stdout);
    assert_eq!(boards.len(), 1);
    assert!(keeps_the_board(&boards[0]), "{boards:?}");
    let drawn = complete(&[], BOARD);
    assert_eq!(drawn.stdout.lines().count(), 8);
    assert!(drawn
        .stdout
        .lines()
        .all(|row| row.matches('Q').count() == 1));
}

#[test]
fn count_and_all_agree_with_brute_force() {
    let expected: Vec<Vec<u32>> = reference_solutions(8)
        .into_iter()
        .filter(|c| keeps_the_board(c))
        .collect();
    let count = complete(&["--count"], BOARD);
    assert_eq!(count.stdout, format!("total:  {}\n", expected.len()));
    let mut all = column_lines(&complete(&["--all", "--format", "columns"], BOARD).stdout);
    all.sort();
    assert_eq!(all, expected);
    // The same board from the command line.
    let flags = ["--fix", "0:0", "--fix", "1:4", "--block", "2:2"];
    let mut args = vec!["solve", "8", "--format", "columns"];
    args.extend_from_slice(&flags);
    let mut solved = column_lines(&stdout(&args));
    solved.sort();
    assert_eq!(solved, expected);
    let mut args = vec!["count", "8", "--json"];
    args.extend_from_slice(&flags);
    let report: serde_json::Value = serde_json::from_str(&stdout(&args)).unwrap();
    assert_eq!(report["total"], expected.len());
    assert_eq!(report["n"], 8);
}

#[test]
fn every_single_blocked_square_of_six_counts_right() {
    for row in 0..6 {
        for col in 0..6 {
            let expected = reference_solutions(6)
                .iter()
                .filter(|c| c[row] != col as u32)
                .count();
            let block = format!("{row}:{col}");
            let out = stdout(&["count", "6", "--block", &block]);
            assert_eq!(out, format!("total:  {expected}\n"), "{block}");
        }
    }
}

#[test]
fn attacking_queens_are_reported_not_searched() {
    let ran = complete(&[], "Q...\n.Q..\n....\n....\n");
    assert_eq!(ran.code, 1);
    assert_eq!(ran.stdout, "");
    assert!(ran.stderr.contains("the given queens attack each other"));
    assert!(ran
        .stderr
        .contains("queens at row 0, col 0 and row 1, col 1 share the ↘ diagonal r − c = 0"));
}

/// A count of a board whose queens attack each other is 0, printed as
/// for any board with no completion (it printed nothing, exit 1), the
/// pairs said on stderr, or in the JSON report.
#[test]
fn attacking_queens_count_zero_completions() {
    let ran = run_with(&["count", "8", "--fix", "0:0", "--fix", "7:0"], "");
    assert_eq!((ran.code, ran.stdout.as_str()), (0, "total:  0\n"));
    assert!(ran
        .stderr
        .starts_with("no completion: the given queens attack each other:\n"));
    assert!(ran.stderr.contains("share column 0"), "{}", ran.stderr);
    let ran = complete(&["--count", "--json"], "Q...\n.Q..\n....\n....\n");
    assert_eq!((ran.code, ran.stderr.as_str()), (0, ""));
    let report: serde_json::Value = serde_json::from_str(&ran.stdout).unwrap();
    assert_eq!(
        (report["n"].as_u64(), report["total"].as_u64()),
        (Some(4), Some(0))
    );
    assert_eq!(report["conflicts"][0]["line"], "diagonal");
    let none = complete(&["--count", "--json"], "Q..\n...\n...\n");
    let report: serde_json::Value = serde_json::from_str(&none.stdout).unwrap();
    assert_eq!(
        (report["total"].as_u64(), report.get("conflicts")),
        (Some(0), None)
    );
}

#[test]
fn a_board_with_no_completion_says_so() {
    let ran = complete(&[], "Q..\n...\n...\n");
    assert_eq!((ran.code, ran.stdout.as_str()), (1, ""));
    assert!(ran.stderr.starts_with("no completion: no solution keeps"));
    let all = complete(&["--all", "--format", "json"], "Q..\n...\n...\n");
    assert_eq!((all.code, all.stdout.as_str()), (1, "[]\n"));
    assert_eq!(
        complete(&["--count"], "Q..\n...\n...\n").stdout,
        "total:  0\n"
    );
}

#[test]
fn a_hard_search_stops_at_its_timeout() {
    let ran = run_with(&["count", "40", "--fix", "0:0", "--timeout", "0.3"], "");
    assert_eq!(ran.code, 3, "{}", ran.stderr);
    assert!(ran.stderr.contains("within 0.3 s"), "{}", ran.stderr);
    assert!(ran.stderr.contains("--timeout"));
}

#[test]
fn sixty_wide_with_ten_scattered_queens_completes() {
    // Ten queens that do not attack each other, placed by a rule (row 6k,
    // column 7k + 3 mod 60) rather than by hand.
    let mut rows = vec![vec!['.'; 60]; 60];
    for k in 0..10 {
        rows[6 * k][(7 * k + 3) % 60] = 'Q';
    }
    let board: String = rows
        .iter()
        .map(|r| r.iter().collect::<String>() + "\n")
        .collect();
    let ran = complete(&["--format", "columns", "--timeout", "60"], &board);
    assert_eq!(ran.code, 0, "{}", ran.stderr);
    let columns = &column_lines(&ran.stdout)[0];
    assert!(is_valid(columns));
    assert!((0..10).all(|k| columns[6 * k] as usize == (7 * k + 3) % 60));
}

#[test]
fn bad_boards_and_flags_are_refused() {
    let cases: [(&[&str], &str, i32, &str); 8] = [
        (
            &["complete", "-"],
            "Q.\n..\n.",
            2,
            "line 1: a row of 2 squares, expected 3",
        ),
        (
            &["complete", "-"],
            "Q?\n..\n",
            2,
            "line 1: `?` at column 2, expected Q",
        ),
        (&["complete", "-"], "", 2, "no board"),
        (
            &["complete", "/no/such/file"],
            "",
            2,
            "cannot read \"/no/such/file\"",
        ),
        (
            &["solve", "8", "--fix", "9:0"],
            "",
            2,
            "row 9, col 0 is off the board",
        ),
        (
            &["solve", "8", "--fix", "1:1", "--block", "1:1"],
            "",
            2,
            "row 1, col 1 holds a queen and is blocked",
        ),
        (
            &["solve", "8", "--fix", "0:0", "--unique"],
            "",
            2,
            "--unique cannot be used with --fix or --block",
        ),
        (
            &["count", "8", "--timeout", "5"],
            "",
            2,
            "--timeout applies to searches with --fix or --block",
        ),
    ];
    for (args, input, code, expected) in cases {
        let ran = run_with(args, input);
        assert_eq!(ran.code, code, "{args:?}: {}", ran.stderr);
        assert!(ran.stderr.contains(expected), "{args:?}: {}", ran.stderr);
        assert_eq!(ran.stdout, "", "{args:?}");
    }
    let wide: String = (0..65).map(|_| ".".repeat(65) + "\n").collect();
    let ran = complete(&[], &wide);
    assert_eq!(ran.code, 2);
    assert!(ran.stderr.contains("at most 64"), "{}", ran.stderr);
    for bad in ["1", "a:b", "1:", ":2", "-1:0"] {
        let ran = run_with(&["solve", "8", "--fix", bad], "");
        assert_eq!(ran.code, 2, "{bad}");
        assert!(
            ran.stderr.contains("a square is ROW:COL"),
            "{bad}: {}",
            ran.stderr
        );
    }
}

/// `solve --fix/--block` writes its completions in `solve`'s
/// lexicographic order (it wrote them tightest row first): the same list
/// as the plain solutions that keep the pins, sorted.
#[test]
fn pinned_solutions_come_in_lexicographic_order() {
    let all = column_lines(&stdout(&["solve", "10", "--format", "columns"]));
    for (pins, keeps) in [
        (
            &["--fix", "2:3", "--block", "5:5"][..],
            &(|c: &Vec<u32>| c[2] == 3 && c[5] != 5) as &dyn Fn(&Vec<u32>) -> bool,
        ),
        (&["--block", "0:0", "--block", "9:4"], &|c| {
            c[0] != 0 && c[9] != 4
        }),
        (&["--fix", "9:9"], &|c| c[9] == 9),
    ] {
        let args = [&["solve", "10", "--format", "columns"][..], pins].concat();
        let pinned = column_lines(&stdout(&args));
        let mut sorted = pinned.clone();
        sorted.sort();
        assert_eq!(pinned, sorted, "{pins:?}");
        let expected: Vec<Vec<u32>> = all.iter().filter(|c| keeps(c)).cloned().collect();
        assert!(!expected.is_empty());
        assert_eq!(pinned, expected, "{pins:?}");
    }
}

#[test]
fn a_file_without_newlines_is_refused_after_a_mebibyte() {
    let ran = run_with(&["complete", "/dev/zero"], "");
    assert_eq!(ran.code, 2, "{}", ran.stderr);
    assert_eq!(
        ran.stderr,
        "nqueens: error: line 1: a line longer than 1 MiB, expected at most 1 MiB per line\n"
    );
}
