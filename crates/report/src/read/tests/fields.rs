//! What the line formats refuse or report: empty `columns` fields and an
//! ndjson `board` that is not its `columns`.

use super::{boards, queens_of, read};
use crate::read::InputFormat;
use nqueens::Solution;

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
