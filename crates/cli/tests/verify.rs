//! `nqueens verify`: every format read back, every kind of bad board by
//! message and exit status, and a learner's answer checked as a whole.

mod common;

use common::{run_with, stdout, Ran};
use serde_json::Value;

fn verify(args: &[&str], input: &str) -> Ran {
    let mut all = vec!["verify"];
    all.extend_from_slice(args);
    run_with(&all, input)
}

/// Every format `solve` writes, as its refusal of another lists them.
fn solve_formats() -> Vec<String> {
    let ran = run_with(&["solve", "8", "--format", "?"], "");
    let listed = ran.stderr.lines().next().unwrap();
    let (_, names) = listed.split_once("one of ").unwrap();
    names.split(", ").map(str::to_string).collect()
}

/// Every format `solve` writes reads back through `verify`, detected or
/// named, as the whole answer in order — but svg, whose pictures are
/// refused by name.
#[test]
fn every_format_of_solve_reads_back_as_the_whole_answer() {
    let formats = solve_formats();
    assert_eq!(
        formats,
        ["boards", "json", "columns", "ndjson", "svg", "fen"]
    );
    for format in formats.iter().filter(|&format| format != "svg") {
        let answer = stdout(&["solve", "8", "--format", format]);
        let ran = verify(&["--all", "8", "--ordered"], &answer);
        assert_eq!(ran.code, 0, "{format}: {}", ran.stdout);
        assert!(
            ran.stdout.contains("92 boards checked: all valid"),
            "{}",
            ran.stdout
        );
        assert!(ran.stdout.contains("exactly the 92 solutions of n = 8"));
        let forced = verify(&["--format", format], &answer);
        assert_eq!(forced.code, 0, "{format}");
    }
    let picture = stdout(&["solve", "8", "--format", "svg", "--limit", "3"]);
    let ran = verify(&[], &picture);
    assert_eq!((ran.code, ran.stdout.as_str()), (2, ""));
    assert_eq!(
        ran.stderr,
        "nqueens: error: line 1: an SVG picture, expected boards, json, columns, ndjson or fen: \
         pictures are not read back\n"
    );
}

#[test]
fn boards_drawn_with_any_two_glyphs_are_read() {
    let answer = stdout(&["solve", "6", "--queen", "♛", "--empty", "·"]);
    assert_eq!(verify(&["--all", "6"], &answer).code, 0);
    let emoji = stdout(&["solve", "5", "--queen", "👑", "--empty", "⬜"]);
    assert_eq!(verify(&["--all", "5"], &emoji).code, 0);
    let named = verify(&["--queen", "♛", "--empty", "·"], &answer);
    assert_eq!(named.code, 0);
}

#[test]
fn a_learners_answer_with_one_missing_one_repeated_and_one_invalid_board() {
    let solutions = stdout(&["solve", "6", "--format", "columns"]);
    let lines: Vec<&str> = solutions.lines().collect();
    // Drops the last, repeats the first, adds a board that is no solution.
    let answer = format!(
        "{}\n{}\n{}\n{}\n0 1 2 3 4 5\n",
        lines[0], lines[1], lines[2], lines[0]
    );
    let ran = verify(&["--all", "6"], &answer);
    assert_eq!(ran.code, 1, "{}", ran.stdout);
    let out = &ran.stdout;
    assert!(out.contains("board 4 (line 4): repeats board 1"), "{out}");
    assert!(out.contains("board 5 (line 5): not a solution"), "{out}");
    assert!(
        out.contains("row 0, col 0 and row 1, col 1 share the ↘ diagonal r − c = 0"),
        "{out}"
    );
    assert!(
        out.contains(&format!(
            "1 of the 4 solutions of n = 6 is missing:\n  {}\n",
            lines[3]
        )),
        "{out}"
    );
    assert!(out.contains("the answer is not the set of solutions of n = 6"));
    // The repeat is a solution, valid, but not a new one: so say the
    // summary and the JSON, as Python's check_answer does.
    assert!(out.contains("5 boards checked: 4 valid, 1 not\n1 board repeats an earlier one\n"));
    let ran = verify(&["--all", "6", "--json"], &answer);
    let lines: Vec<Value> = (ran.stdout.lines())
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[3]["valid"], true, "{}", lines[3]);
    assert_eq!(lines[3]["repeat_of"], 0);
    assert_eq!(lines[3]["problems"][0], "repeats board 1");
    assert_eq!(lines[4]["valid"], false);
    let summary = &lines[5]["summary"];
    assert_eq!(
        (&summary["valid"], &summary["invalid"]),
        (&4.into(), &1.into())
    );
    assert_eq!(summary["answer"]["repeated"], 1);
    assert_eq!(summary["passed"], false);
    // Drawn, the repeat's caption says so.
    let ran = verify(&["--all", "6", "--format", "svg"], &answer);
    assert!(
        ran.stdout.contains("board 4: repeats board 1"),
        "{}",
        ran.stdout
    );
}

#[test]
fn an_answer_out_of_order_passes_only_without_ordered() {
    let solutions = stdout(&["solve", "6", "--format", "columns"]);
    let reversed: String = solutions.lines().rev().map(|l| format!("{l}\n")).collect();
    assert_eq!(verify(&["--all", "6"], &reversed).code, 0);
    let ran = verify(&["--all", "6", "--ordered"], &reversed);
    assert_eq!(ran.code, 1);
    assert!(
        ran.stdout
            .contains("board 1 (line 1): out of order: it is solution 4"),
        "{}",
        ran.stdout
    );
    assert!(ran.stdout.ends_with(
        "4 boards checked: all valid\nthe answer is the 4 solutions of n = 6, but not in solve's order\n"
    ));
}

#[test]
fn many_missing_solutions_are_listed_ten_then_counted() {
    let ran = verify(&["--all", "8"], "");
    assert_eq!(ran.code, 1);
    assert!(ran
        .stdout
        .contains("92 of the 92 solutions of n = 8 are missing:\n  0 4 7 5 2 6 1 3\n"));
    assert!(ran.stdout.contains("  and 82 more\n"), "{}", ran.stdout);
    // n = 3 has no solution: nothing is exactly right.
    assert_eq!(verify(&["--all", "3"], "").code, 0);
    for bad in ["0", "17", "x"] {
        let ran = verify(&["--all", bad], "");
        assert_eq!(ran.code, 2);
        assert!(
            ran.stderr
                .contains("from 1 to 16 (n = 17 has 95,815,104 solutions)"),
            "{}",
            ran.stderr
        );
    }
}

#[test]
fn each_bad_board_is_explained_with_its_line() {
    let cases = [
        (
            "Q...\n..Q.\n...Q\n.Q..\n",
            "line 2: queens at row 1, col 2 and row 2, col 3 share the ↘ diagonal r − c = -1",
        ),
        (
            ".Q..\n...Q\nQ...\n",
            "line 1: row 0 has 4 squares, expected 3: a board of 3 rows needs 3 in every row",
        ),
        (
            ".Q..\n...Q\nQQ..\n..Q.\n",
            "line 3: queens at row 2, col 0 and row 2, col 1 share row 2",
        ),
        (
            ".Q..\n...Q\n....\n..Q.\n",
            "line 1: the board has 3 queens: a solution of n = 4 has 4",
        ),
        (".Q..\n...Q\n....\n..Q.\n", "line 3: row 2 has no queen"),
        (
            ".Q..\n...Q\nQ.#.\n..Q.\n",
            "line 3: `#` at column 3 is neither the queen `Q` nor the empty square `.`",
        ),
        ("1 3 0 9\n", "col 9 in row 3 is off a 4-wide board"),
    ];
    for (input, expected) in cases {
        let ran = verify(&[], input);
        assert_eq!(ran.code, 1, "{input:?}: {}", ran.stdout);
        assert!(ran.stdout.contains(expected), "{input:?}: {}", ran.stdout);
        assert!(ran.stdout.contains("not"), "{}", ran.stdout);
    }
}

#[test]
fn unreadable_input_is_status_two_with_the_line() {
    let cases: [(&[u8], &str); 5] = [
        (b"1 3 0 2\n1 3 x 2\n", "nqueens: error: line 2: "),
        (b"[[\".Q..\"", "nqueens: error: line 1: "),
        (b"{\"n\": 4}\n", "nqueens: error: line 1: "),
        (b"1 3 0 2\n\xff\xfe\n", "nqueens: error: line 2: "),
        // A field of multi-byte characters (it panicked, exit 134).
        (
            "Q7/4Q3/7Q/5Q2/2Q5/6Q1/1Q6/3Q4 w éK\n".as_bytes(),
            "nqueens: error: line 1: ",
        ),
    ];
    for (input, expected) in cases {
        let ran = run_with(&["verify"], input);
        assert_eq!(ran.code, 2, "{input:?}: {}", ran.stderr);
        assert!(
            ran.stderr.starts_with(expected),
            "{input:?}: {}",
            ran.stderr
        );
        assert!(ran.stderr.contains("expected"), "{}", ran.stderr);
    }
    let missing = run_with(&["verify", "/no/such/file"], "");
    assert_eq!(missing.code, 2);
    assert_eq!(
        missing.stderr,
        "nqueens: error: cannot read \"/no/such/file\": No such file or directory\n"
    );
    let directory = run_with(&["verify", "/"], "");
    assert_eq!(directory.code, 2, "{}", directory.stderr);
}

#[test]
fn json_reports_each_board_then_a_summary() {
    let ran = verify(&["--json"], "1 3 0 2\n0 1 2 3\n");
    assert_eq!(ran.code, 1);
    let lines: Vec<Value> = ran
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["valid"], true);
    assert_eq!(lines[1]["valid"], false);
    assert_eq!(lines[1]["attacking_pairs"], 6);
    let first = &lines[1]["conflicts"][0];
    assert_eq!(first["line"], "diagonal");
    assert_eq!(first["value"], 0);
    assert_eq!(first["queens"][1]["row"], 1);
    assert_eq!(lines[2]["summary"]["invalid"], 1);
    assert_eq!(lines[2]["summary"]["passed"], false);
}

#[test]
fn empty_input_is_no_boards() {
    let ran = verify(&[], "\n\n");
    assert_eq!(ran.code, 1);
    assert_eq!(ran.stdout, "no boards in the input\n");
}

#[test]
fn a_constructed_board_of_a_million_is_checked() {
    let board = stdout(&["one", "1000000", "--format", "columns"]);
    let ran = verify(&[], &board);
    assert_eq!(ran.code, 0, "{}", ran.stdout);
    // Swapping two rows' columns breaks it.
    let mut columns: Vec<&str> = board.trim_end().split(' ').collect();
    columns.swap(0, 1);
    let ran = verify(&[], &(columns.join(" ") + "\n"));
    assert_eq!(ran.code, 1);
    assert!(
        ran.stdout.contains("board 1 (line 1): not a solution"),
        "{}",
        &ran.stdout[..200.min(ran.stdout.len())]
    );
}

#[test]
fn svg_draws_the_boards_with_their_attacking_pairs() {
    let ran = verify(&["--format", "svg"], "1 3 0 2\n0 1 2 3\n");
    assert_eq!(ran.code, 1);
    let doc = roxmltree::Document::parse(&ran.stdout).unwrap();
    let with_class = |class: &str| {
        doc.descendants()
            .filter(|n| {
                n.attribute("class")
                    .is_some_and(|c| c.split(' ').any(|t| t == class))
            })
            .count()
    };
    assert_eq!(with_class("queen"), 8);
    assert_eq!(with_class("conflict"), 6);
    assert_eq!(with_class("caption"), 2);
    assert!(
        ran.stderr.contains("2 boards checked: 1 valid, 1 not"),
        "{}",
        ran.stderr
    );
}

/// An ndjson record whose `board` is not its `columns` is not a valid
/// board (it was read from `columns` alone); an empty `columns` field
/// cannot be read (`1,,3,0,2` was read as 1 3 0 2).
#[test]
fn contradicting_fields_and_empty_fields_are_refused() {
    let record = r#"{"columns":[2,0,3,1],"board":[".Q..","...Q","Q...","..Q."]}"#;
    let ran = verify(&[], record);
    assert_eq!(ran.code, 1);
    assert_eq!(
        ran.stdout,
        "board 1 (line 1): not a solution\n  line 1: \"board\" has a queen at col 1 in row 0 \
         but \"columns\" has a queen at col 2\n1 board checked: not valid\n"
    );
    let ran = verify(&[], "1 3 0 2\n1,,3,0,2\n");
    assert_eq!((ran.code, ran.stdout.as_str()), (2, ""));
    assert_eq!(
        ran.stderr,
        "nqueens: error: line 2: \"1,,3,0,2\" has an empty field, expected a column number\n"
    );
}

/// Runs `nqueens verify` with `flags` as a shell reads them, `input` on
/// stdin: the advice the tool prints, run as printed.
fn verify_in_shell(flags: &str, input: &str) -> Ran {
    let binary = assert_cmd::cargo::cargo_bin("nqueens");
    let output = assert_cmd::Command::new("sh")
        .args(["-c", &format!("\"$0\" verify {flags}")])
        .arg(binary)
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

/// Issue 39: a full FEN line, a trailing `/`, a `0` digit and a line
/// starting with `+` were read as one row of 30-odd squares. A FEN line
/// is read as FEN, whole; what is wrong with one is said by name.
#[test]
fn fen_is_recognised_before_rows_whole_or_wrong() {
    let full = verify(&[], "Q7/4Q3/7Q/5Q2/2Q5/6Q1/1Q6/3Q4 w - - 0 1\n");
    assert_eq!(
        (full.code, full.stdout.as_str()),
        (0, "1 board checked: valid\n")
    );
    let answer = stdout(&["solve", "8", "--format", "fen"]);
    let full_lines: String = answer
        .lines()
        .map(|l| format!("{l} b - - 3 17\n"))
        .collect();
    let ran = verify(&["--all", "8", "--ordered"], &full_lines);
    assert_eq!(ran.code, 0, "{}", ran.stdout);
    let cases = [
        (
            "Q7/4Q3/7Q/5Q2/2Q5/6Q1/1Q6/3Q4/\n",
            "\"Q7/4Q3/7Q/5Q2/2Q5/6Q1/1Q6/3Q4/\" ends with /, expected 8 ranks with one / \
             between each two",
        ),
        (
            "Q7/4Q3/7Q/5Q2/2Q5/6Q1/1Q6/03Q4\n",
            "\"Q7/4Q3/7Q/5Q2/2Q5/6Q1/1Q6/03Q4\" has `0` in row 7 (rank 1), expected a digit 1 \
             to 8 for a run of empty squares",
        ),
        (
            "+Q7/4Q3/7Q/5Q2/2Q5/6Q1/1Q6/3Q4\n",
            "\"+Q7/4Q3/7Q/5Q2/2Q5/6Q1/1Q6/3Q4\" has `+` in row 0 (rank 8), expected a piece",
        ),
        (
            "Q7/4Q3/7Q/5Q2/2Q5/6Q1/1Q6/3Q4 x - - 0 1\n",
            "has \"x\" as the side to move, expected w or b",
        ),
        (
            "+1 3 0 2\n",
            "\"+1 3 0 2\" has \"+1\", expected a column number without a sign, from 0",
        ),
    ];
    for (input, says) in cases {
        let ran = verify(&[], input);
        assert_eq!((ran.code, ran.stdout.as_str()), (2, ""), "{input:?}");
        assert!(
            ran.stderr.starts_with("nqueens: error: line 1: "),
            "{}",
            ran.stderr
        );
        assert!(ran.stderr.contains(says), "{input:?}: {}", ran.stderr);
        assert_eq!(ran.stderr.lines().count(), 1, "{}", ran.stderr);
        assert!(!ran.stderr.contains("row 0 has"), "{}", ran.stderr);
    }
}

/// Issue 39: `-` alone was a valid board, and in `q-`/`-q` the `-` was
/// the queen. Glyphs known to be a queen or an empty square read as such.
#[test]
fn tiny_boards_read_their_glyphs_as_drawn() {
    let dash = verify(&[], "-\n");
    assert_eq!(dash.code, 1, "{}", dash.stdout);
    assert!(
        dash.stdout
            .contains("line 1: the board has 0 queens: a solution of n = 1 has 1"),
        "{}",
        dash.stdout
    );
    let small = verify(&[], "q-\n-q\n");
    assert_eq!(small.code, 1);
    assert!(
        small.stdout.contains(
            "line 1: queens at row 0, col 0 and row 1, col 1 share the ↘ diagonal r − c = 0"
        ),
        "{}",
        small.stdout
    );
    let bits = verify(
        &["--all", "4"],
        "0100\n0001\n1000\n0010\n\n0 0 1 0\n1 0 0 0\n0 0 0 1\n0 1 0 0\n",
    );
    assert_eq!(bits.code, 0, "{}", bits.stdout);
    // Where counting tells, it decides, whatever glyphs were chosen.
    for (queen, empty) in [("-", "x"), ("0", "1"), ("_", "q")] {
        let answer = stdout(&["solve", "6", "--queen", queen, "--empty", empty]);
        let ran = verify(&["--all", "6"], &answer);
        assert_eq!(ran.code, 0, "{queen} {empty}: {}{}", ran.stdout, ran.stderr);
    }
}

/// Where the glyphs cannot be told apart, verify says so, exit 2, and
/// names the flags; run as printed, they read the boards.
#[test]
fn glyphs_that_cannot_be_told_apart_are_refused_with_advice_that_works() {
    let cases = [
        (
            "*\n",
            0,
            "a board of one square, `*`: cannot tell a queen from an empty square",
        ),
        (
            "'\n",
            0,
            "a board of one square, `'`: cannot tell a queen from an empty square",
        ),
        (
            "ab\nba\n",
            1,
            "cannot tell the queen from the empty square: `a` and `b` are on 2 squares each",
        ),
        (
            "a.\n.b\n",
            1,
            "cannot tell which of `a` and `b` is the queen: each is on 1 square",
        ),
        ("[[\"+\"]]", 0, "a board of one square, `+`"),
        (
            "Q.QQ\nQQQ.\n.QQQ\nQQ.Q\n",
            0,
            "cannot tell the queen from the empty square: `Q` is on 12 squares and `.` on 4",
        ),
    ];
    for (input, code, says) in cases {
        let ran = verify(&[], input);
        assert_eq!((ran.code, ran.stdout.as_str()), (2, ""), "{input:?}");
        assert!(ran.stderr.contains(says), "{input:?}: {}", ran.stderr);
        let (_, advice) = ran.stderr.trim_end().split_once(", such as ").unwrap();
        assert!(
            advice.starts_with("--queen ") && advice.contains(" --empty "),
            "{advice}"
        );
        let followed = verify_in_shell(advice, input);
        assert_eq!(
            followed.code, code,
            "{input:?} {advice}: {}",
            followed.stderr
        );
        assert!(
            followed.stdout.contains("1 board checked"),
            "{}",
            followed.stdout
        );
    }
    // A glyph that cannot be named is not advised.
    let bell = verify(&[], "\u{7}\n");
    assert_eq!(bell.code, 2);
    assert!(
        bell.stderr.ends_with(
            "but \"\\u{7}\" cannot be named: a glyph must be a visible character, not a \
             control, format, separator or combining mark\n"
        ),
        "{}",
        bell.stderr
    );
    assert!(!bell.stderr.contains("--queen"), "{}", bell.stderr);
    let same = verify(&["--queen", "a", "--empty", "a"], "aa\naa\n");
    assert_eq!((same.code, same.stdout.as_str()), (2, ""));
    assert_eq!(
        same.stderr,
        "nqueens: error: --queen and --empty are both 'a': the two glyphs must differ\n"
    );
}

/// n = 1 drawn with glyphs of one's own: ndjson's columns tell which is
/// the queen; boards and json cannot, and the advice reads them.
#[test]
fn the_one_square_board_drawn_with_any_glyphs_reads_back() {
    for format in ["boards", "json", "ndjson"] {
        let args = [
            "solve", "1", "--format", format, "--queen", "a", "--empty", "b",
        ];
        let answer = stdout(&args);
        let ran = verify(&["--all", "1"], &answer);
        if format == "ndjson" {
            assert_eq!(ran.code, 0, "{}", ran.stderr);
            continue;
        }
        assert_eq!(ran.code, 2, "{format}");
        let (_, advice) = ran.stderr.trim_end().split_once(", such as ").unwrap();
        let followed = verify_in_shell(&format!("--all 1 {advice}"), &answer);
        assert_eq!(followed.code, 0, "{format}: {}", followed.stderr);
        assert!(followed
            .stdout
            .contains("the answer is exactly the 1 solution of n = 1"));
    }
}

/// Numbers and their words agree: one solution, one missing.
#[test]
fn one_is_said_as_one() {
    let ran = common::run_with(&["verify", "--all", "1"], "0\n");
    assert_eq!(
        ran.stdout,
        "1 board checked: valid\nthe answer is exactly the 1 solution of n = 1\n"
    );
    let ran = common::run_with(&["verify", "--all", "1"], "");
    assert!(
        ran.stdout
            .contains("1 of the 1 solution of n = 1 is missing:"),
        "{}",
        ran.stdout
    );
}
