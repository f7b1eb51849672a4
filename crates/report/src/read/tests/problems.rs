//! Every problem and error, by its message and line.

use super::super::partial::read_partial_within;
use super::super::source::too_long;
use super::{boards, read};
use crate::read::{read_partial, BoardReader, InputFormat, ReadError};

/// The problems of the only board of `input`, as printed.
fn problems(input: &str) -> Vec<String> {
    let read = boards(input, None);
    assert_eq!(read.len(), 1, "{input:?}");
    read[0].problems.iter().map(ToString::to_string).collect()
}

/// The error reading `input` ends with, as printed; nothing follows it.
fn error(input: &[u8], format: Option<InputFormat>) -> String {
    let mut reader = BoardReader::new(input, format, None);
    let error = reader.find_map(Result::err).expect("an error");
    assert!(reader.next().is_none(), "nothing after an error");
    error.to_string()
}

fn partial_error(input: &str) -> String {
    read_partial(input.as_bytes()).unwrap_err().to_string()
}

#[test]
fn rows_of_the_wrong_width_are_problems_on_their_lines() {
    assert_eq!(
        problems("\n.Q..\n...Q\nQ..\n..Q.\n"),
        ["line 4: row 2 has 3 squares, expected 4: a board of 4 rows needs 4 in every row"]
    );
    let json = "[\n  [\n    \".Q..\",\n    \"...Q.\",\n    \"Q...\",\n    \"..Q.\"\n  ]\n]";
    assert_eq!(
        problems(json),
        ["line 4: row 1 has 5 squares, expected 4: a board of 4 rows needs 4 in every row"]
    );
    assert_eq!(problems("[[]]"), ["line 1: an empty board: no rows"]);
}

#[test]
fn a_third_glyph_is_a_problem_once_per_row() {
    assert_eq!(
        problems(".Q..\n..xQ\nQ...\n..Q.\n"),
        ["line 2: `x` at column 3 is neither the queen `Q` nor the empty square `.`"]
    );
    assert_eq!(
        problems(".Q..\nxx.Q\nQ...\n..Q.\n"),
        ["line 2: `x` at column 1 is neither the queen `Q` nor the empty square `.` (1 more in this row)"]
    );
    let ndjson = "{\"board\":[\".Q..\",\"..\\u0007Q\",\"Q...\",\"..Q.\"]}";
    assert_eq!(
        problems(ndjson),
        ["line 1: \"\\u{7}\" at row 1, col 2 is neither the queen `Q` nor the empty square `.`"]
    );
}

#[test]
fn columns_off_the_board_and_disagreeing_fields_are_problems() {
    assert_eq!(
        problems("1 3 9 2\n"),
        ["line 1: col 9 in row 2 is off a 4-wide board"]
    );
    assert_eq!(
        problems("{\"n\":5,\"columns\":[1,3,0,2]}"),
        ["line 1: \"n\" is 5 but \"columns\" has 4 rows"]
    );
    assert_eq!(
        problems("{\"n\":4,\"board\":[\"Q\"]}"),
        ["line 1: \"n\" is 4 but \"board\" has 1 row"]
    );
    assert_eq!(
        problems("{\"columns\":[]}"),
        ["line 1: an empty board: no rows"]
    );
}

#[test]
fn text_that_cannot_be_read_is_an_error_on_its_line() {
    let cases: [(&[u8], &str); 5] = [
        (
            b".Q..\n\xff..Q\n",
            "line 2: byte 0xFF (byte 1 of the line) that is not UTF-8, expected UTF-8 text",
        ),
        (
            b"1 3 0 2\n\n1 3 x 2\n",
            "line 3: \"1 3 x 2\" has \"x\", expected a column number",
        ),
        (
            b"1 99999999999999999999999\n",
            "line 1: \"1 99999999999999999999999\" has \"99999999999999999999999\", \
             expected a column number below 2^64",
        ),
        (
            b"{\"columns\":[0]}\n[1,2]\n",
            "line 2: \"[1,2]\" is not a JSON object, expected a JSON object with \"columns\" or \"board\"",
        ),
        (
            b"{\"n\":4}\n",
            "line 1: \"{\\\"n\\\":4}\" has neither \"columns\" nor \"board\", \
             expected a JSON object with \"columns\" or \"board\"",
        ),
    ];
    for (input, message) in cases {
        assert_eq!(error(input, None), message);
    }
    let typed = error(b"{\"columns\":[1,\"x\"]}", None);
    assert!(typed.starts_with("line 1: "), "{typed}");
    assert!(typed.contains("invalid type: string \"x\""), "{typed}");
}

#[test]
fn broken_json_is_an_error_naming_what_was_expected() {
    let cases = [
        (
            "[[\".Q..\",\"..\"",
            "line 1: the end of the input, expected `,` or `]` after row 1 of board 0",
        ),
        (
            "[[\".Q..\", 5]]",
            "line 1: `5` at column 11, expected a row string in quotes in board 0",
        ),
        (
            "[{\"a\":1}]",
            "line 1: `{` at column 2, expected `[` starting board 0",
        ),
        (
            "[[\"Q\"]] x",
            "line 1: `x` at column 9, expected `[` starting a list of boards",
        ),
        (
            "[[\"Q\"]\n[\"Q\"]]",
            "line 2: `[` at column 1, expected `,` or `]` after board 0",
        ),
        (
            "[[\"Q\"],\n\n  [\"\\q\"]]",
            "line 3: a broken row string at column 6 (invalid escape), expected a JSON string",
        ),
        (
            "[[\"Q",
            "line 1: the end of the input inside a row string, expected the rest of board 0",
        ),
        (
            "[[“Q”]]",
            "line 1: `“` at column 3, expected a row string in quotes in board 0",
        ),
    ];
    for (input, message) in cases {
        assert_eq!(error(input.as_bytes(), None), message, "{input:?}");
    }
    let wrong = error(b".Q..\n", Some(InputFormat::Json));
    assert_eq!(
        wrong,
        "line 1: `.` at column 1, expected `[` starting a list of boards"
    );
}

#[test]
fn a_line_or_board_over_the_limit_is_an_error() {
    let limited = |input: &str, format| {
        let mut reader = BoardReader::within(input.as_bytes(), format, None, 16);
        reader.find_map(Result::err).unwrap().to_string()
    };
    let long = format!("{}\n", ".".repeat(17));
    let expected = "a line longer than 16 bytes, expected at most 16 bytes per line";
    assert_eq!(
        limited(&format!("Q\n\n{long}"), None),
        format!("line 3: {expected}")
    );
    let tall = "Q.......\n".repeat(3);
    let expected = "line 1: a board longer than 16 bytes, expected at most 16 bytes per board";
    assert_eq!(limited(&tall, None), expected);
    let json = format!("[[\"{}\"]]", ".".repeat(20));
    assert_eq!(limited(&json, None), expected);
    let rows = format!("[[{}\"\"]]", "\"\",".repeat(20));
    assert_eq!(limited(&rows, None), expected);
    let partial = read_partial_within(tall.as_bytes(), 16)
        .unwrap_err()
        .to_string();
    assert_eq!(partial, expected);
    let real = too_long(7, "line", 64 << 20).to_string();
    assert_eq!(
        real,
        "line 7: a line longer than 64 MiB, expected at most 64 MiB per line"
    );
}

#[test]
fn a_partial_board_without_newlines_is_refused_after_a_mebibyte() {
    let mut zeros = std::io::BufReader::new(std::io::Read::take(std::io::repeat(0), 1 << 30));
    let refused = read_partial(&mut zeros).unwrap_err().to_string();
    assert_eq!(
        refused,
        "line 1: a line longer than 1 MiB, expected at most 1 MiB per line"
    );
    let read = (1 << 30) - zeros.into_inner().limit();
    assert!(read <= 2 << 20, "{read} bytes read");
}

#[test]
fn a_partial_board_reads_queens_and_blocked_squares() {
    let board = read_partial("\n\nQ..x\n....\n.X..\r\n. . . .\n\n\n".as_bytes()).unwrap();
    assert_eq!(board.n, 4);
    let squares =
        |list: &[nqueens::Square]| list.iter().map(|s| (s.row, s.col)).collect::<Vec<_>>();
    assert_eq!(squares(&board.queens), [(0, 0)]);
    assert_eq!(squares(&board.blocked), [(0, 3), (2, 1)]);
    assert_eq!(read_partial("Q\n".as_bytes()).unwrap().n, 1);
}

#[test]
fn a_partial_board_that_is_not_one_square_board_is_an_error() {
    assert_eq!(
        partial_error("Q..\n...\n....\n"),
        "line 3: a row of 4 squares, expected 3: a board of 3 rows needs 3 squares in every row"
    );
    assert_eq!(
        partial_error("Q\n\n\nQ\n"),
        "line 4: a second board, expected one board: complete takes one board"
    );
    assert_eq!(
        partial_error("Q.\n.q\n"),
        "line 2: `q` at column 2, expected Q (a queen), x (a blocked square) or . (a free square)"
    );
    assert_eq!(
        partial_error(" \n\n"),
        "line 1: no board, expected rows of Q, x and ."
    );
    let bytes = read_partial(&b"Q\xc3"[..]).unwrap_err();
    assert_eq!(bytes.line, 1);
}

#[test]
fn errors_keep_their_parts() {
    let error = ReadError::new(3, "found", "expected");
    assert_eq!(
        (error.line, error.found.as_str(), error.expected.as_str()),
        (3, "found", "expected")
    );
    assert!(read("1 x", None).iter().any(Result::is_err));
}
