//! What the line formats refuse or report: empty `columns` fields, an
//! ndjson `board` that is not its `columns`, and `fen` read and checked.

use super::{boards, queens_of, read, solutions, written};
use crate::format::Format;
use crate::read::{BoardReader, InputFormat};
use nqueens::{Glyphs, Solution};

/// The problems of the only board of `input`, as printed.
fn problems(input: &str) -> Vec<String> {
    let read = boards(input, None);
    assert_eq!(read.len(), 1, "{input:?}");
    read[0].problems.iter().map(ToString::to_string).collect()
}

#[test]
fn an_empty_columns_field_cannot_be_read() {
    for input in [
        "1,,3,0,2",
        ",1,3,0,2",
        "1,3,0,2,",
        "1, ,3,0,2",
        "1 3 0 2\n0,\t,1\n",
    ] {
        let line = input.lines().count();
        let last = input.lines().last().unwrap();
        // A comma first is no digit: the format is named.
        let error = read(input, Some(InputFormat::Columns)).pop().unwrap();
        assert_eq!(
            error.unwrap_err().to_string(),
            format!("line {line}: {last:?} has an empty field, expected a column number")
        );
    }
    let spaced = boards("1 ,3 , 0,  2\n", None);
    let expected = queens_of(&Solution::from_columns(vec![1, 3, 0, 2]));
    assert_eq!(spaced[0].queens, expected);
}

#[test]
fn an_ndjson_board_must_be_its_columns() {
    let agree = "{\"columns\":[1,3,0,2],\"board\":[\".Q..\",\"...Q\",\"Q...\",\"..Q.\"]}";
    assert_eq!(problems(agree), [] as [String; 0]);
    let cases = [
        (
            "[\".Q..\",\"...Q\",\"Q...\",\"..Q.\"]",
            "[2,0,3,1]",
            "\"board\" has a queen at col 1 in row 0 but \"columns\" has a queen at col 2",
        ),
        (
            "[\".Q..\",\"...Q\",\"QQ..\",\"....\"]",
            "[1,3,0,2]",
            "\"board\" has queens at cols 0, 1 in row 2 but \"columns\" has a queen at col 0",
        ),
        (
            "[\".Q.\",\"...\",\"Q..\"]",
            "[1,3,0,2]",
            "\"board\" has 3 rows but \"columns\" has 4",
        ),
        (
            "[\".Q..\",\"...Q\",\"Q..\",\"..Q.\"]",
            "[1,3,0,2]",
            "\"board\" is not the board of \"columns\": row 2 has 3 squares, expected 4: a board \
             of 4 rows needs 4 in every row",
        ),
    ];
    for (board, columns, says) in cases {
        let input = format!("{{\"columns\":{columns},\"board\":{board}}}");
        assert_eq!(problems(&input), [format!("line 1: {says}")], "{input}");
    }
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
