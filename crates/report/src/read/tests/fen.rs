//! `fen`: what `solve` writes and full FEN lines read back; a line that
//! looks like FEN is read as FEN, and what is wrong with it is said.

use super::{boards, queens_of, read, solutions, written};
use crate::format::Format;
use crate::read::{BoardReader, InputFormat};
use nqueens::{Glyphs, Solution};

const EIGHT: &str = "Q7/4Q3/7Q/5Q2/2Q5/6Q1/1Q6/3Q4";

/// The problems of the only board of `input`, as printed.
fn problems(input: &str) -> Vec<String> {
    let read = boards(input, None);
    assert_eq!(read.len(), 1, "{input:?}");
    read[0].problems.iter().map(ToString::to_string).collect()
}

/// The error reading `input` ends with, detected and named fen.
fn error(input: &str) -> String {
    let named = BoardReader::new(input.as_bytes(), Some(InputFormat::Fen), None);
    let named = named.last().unwrap().unwrap_err().to_string();
    let detected = read(input, None).pop().unwrap().unwrap_err().to_string();
    assert_eq!(named, detected, "{input:?}");
    detected
}

#[test]
fn fen_reads_back_what_solve_writes_and_is_detected() {
    let all = solutions(8);
    let text = written(Format::Fen, &Glyphs::default(), &all);
    for given in [None, Some(InputFormat::Fen)] {
        for capacity in [3, 1 << 16] {
            let input = std::io::BufReader::with_capacity(capacity, text.as_bytes());
            let mut reader = BoardReader::new(input, given, None);
            let read: Vec<_> = reader.by_ref().map(Result::unwrap).collect();
            assert_eq!(reader.format(), Some(InputFormat::Fen));
            assert_eq!(read.len(), 92);
            for (index, (entry, solution)) in read.iter().zip(&all).enumerate() {
                assert_eq!((entry.n, entry.line), (8, index as u64 + 1));
                assert_eq!(entry.queens, queens_of(solution), "{index}");
                assert_eq!(entry.problems, [], "{index}");
            }
        }
    }
}

#[test]
fn fen_that_is_not_eight_queens_on_eight_by_eight() {
    assert_eq!(
        problems("Q7/4Q3/7Q/5Q2/2Q5/6Q1/1Q6"),
        ["line 1: 7 ranks, expected 8: FEN describes 8×8 boards"]
    );
    assert_eq!(
        problems("Q7/4Q3/7Q/5Q2/2Q5/6Q1/1Q6/3K4"),
        ["line 1: `K` in row 7 (rank 1) is a piece other than the queen `Q`"]
    );
    assert_eq!(
        problems("Q7/4Q4/7Q/5Q2/2Q5/6Q1/1Q6/3Q4"),
        ["line 1: row 1 has 9 squares, expected 8: a rank holds 8"]
    );
    let two = boards("8/8/8/8/8/8/8/8\n\nQQ6/8/8/8/8/8/8/8\n", None);
    assert_eq!((two[0].queens.len(), two[1].queens.len()), (0, 2));
    assert_eq!(two[1].line, 3);
    let error = read("Q7/8\nQ7 / 8\n", None).pop().unwrap().unwrap_err();
    assert_eq!(
        error.to_string(),
        "line 2: \"Q7 / 8\" is not a FEN piece placement, expected ranks of Q and 1 to 8 \
         separated by /, such as Q7/4Q3/7Q/5Q2/2Q5/6Q1/1Q6/3Q4"
    );
}

#[test]
fn a_full_fen_line_reads_as_its_placement() {
    let expected = queens_of(&Solution::from_columns(vec![0, 4, 7, 5, 2, 6, 1, 3]));
    let lines = [
        format!("{EIGHT} w - - 0 1"),
        format!("{EIGHT} b KQkq e3 12 40"),
        format!("{EIGHT}\tw"),
        format!("{EIGHT} w Kq - 0"),
    ];
    for line in lines {
        for given in [None, Some(InputFormat::Fen)] {
            let mut reader = BoardReader::new(line.as_bytes(), given, None);
            let entry = reader.next().unwrap().unwrap();
            assert_eq!(reader.format(), Some(InputFormat::Fen), "{line:?}");
            assert_eq!(
                (&entry.queens, entry.problems.len()),
                (&expected, 0),
                "{line:?}"
            );
        }
    }
}

#[test]
fn a_field_after_the_placement_that_fen_does_not_allow_is_an_error() {
    let cases = [
        (
            "x - - 0 1",
            "has \"x\" as the side to move, expected w or b",
        ),
        (
            "w KK - 0 1",
            "has \"KK\" as the castling rights, expected - or some of K, Q, k and q",
        ),
        (
            "w éK",
            "has \"éK\" as the castling rights, expected - or some of K, Q, k and q",
        ),
        (
            "w KéK",
            "has \"KéK\" as the castling rights, expected - or some of K, Q, k and q",
        ),
        (
            "w - e4 0 1",
            "has \"e4\" as the en passant square, expected - or a square such as e3",
        ),
        (
            "w - - x 1",
            "has \"x\" as the halfmove clock, expected a whole number",
        ),
        (
            "w - - 0 0",
            "has \"0\" as the move number, expected a whole number from 1",
        ),
        (
            "w - - 0 1 x",
            "has \"x\" after its six fields, expected a piece placement, then at most the side \
             to move, castling rights, en passant square, halfmove clock and move number",
        ),
    ];
    for (fields, says) in cases {
        let line = format!("{EIGHT} {fields}");
        let message = error(&line);
        assert!(message.starts_with("line 1: \"Q7/"), "{message}");
        assert!(message.ends_with(says), "{line:?}: {message}");
    }
}

/// A trailing `/`, a `0`, two digits together, a stray character: one
/// error naming it and what FEN allows, never a row of 30 squares.
#[test]
fn a_placement_that_is_not_fen_is_an_error_naming_what_is_wrong() {
    let allowed = "such as Q7/4Q3/7Q/5Q2/2Q5/6Q1/1Q6/3Q4";
    let cases = [
        (
            "/",
            "ends with /, expected 8 ranks with one / between each two",
        ),
        (
            "/ w - - 0 1",
            "ends with /, expected 8 ranks with one / between each two",
        ),
        (
            "0",
            "has `0` in row 7 (rank 1), expected a digit 1 to 8 for a run of empty squares",
        ),
        (
            "9",
            "has `9` in row 7 (rank 1), expected a digit 1 to 8 for a run of empty squares",
        ),
        (
            "1",
            "has two digits in a row in row 7 (rank 1), expected one digit 1 to 8 for each \
               run of empty squares",
        ),
        (
            "/x",
            "has `x` in row 8, expected a piece (K, Q, R, B, N, P, or in lower case) or a \
                digit 1 to 8",
        ),
    ];
    for (tail, says) in cases {
        let line = format!("{EIGHT}{tail}");
        let message = error(&line);
        let says = format!("{says}, {allowed}");
        assert!(message.ends_with(&says), "{line:?}: {message}");
    }
    assert_eq!(
        error(&format!("+{EIGHT}")),
        format!(
            "line 1: \"+{EIGHT}\" has `+` in row 0 (rank 8), expected a piece (K, Q, R, B, N, \
                 P, or in lower case) or a digit 1 to 8, {allowed}"
        )
    );
    assert!(error(&format!("/{EIGHT}")).contains("starts with /"));
    assert!(error("Q7//4Q3/7Q/5Q2/2Q5/6Q1/1Q6/3Q4")
        .contains("has an empty row 1 (rank 7) between two /s"));
}
