//! The format told from the first line: FEN before rows, a row of 0s and
//! 1s before columns, a number before rows, and the glyphs the user named.

use super::read;
use crate::read::{BoardReader, InputFormat};

/// The format `input` is read in with `named` glyphs, once its first item
/// is asked for.
fn detected(input: &str, named: Option<(&str, &str)>) -> Option<InputFormat> {
    let named = named.map(|(queen, empty)| (queen.to_string(), empty.to_string()));
    let mut reader = BoardReader::new(input.as_bytes(), None, named);
    reader.next();
    reader.format()
}

#[test]
fn the_first_line_tells_the_format() {
    use InputFormat::{Boards, Columns, Fen};
    let cases = [
        // FEN, whole or not, and so what is wrong with it can be said.
        ("Q7/4Q3/7Q/5Q2/2Q5/6Q1/1Q6/3Q4 w - - 0 1", Fen),
        ("8/8/8/8/8/8/8/8", Fen),
        ("Q7/4Q3/7Q/5Q2/2Q5/6Q1/1Q6/3Q4/", Fen),
        ("Q7/4Q3/7Q/5Q2/2Q5/6Q1/1Q6/03Q4", Fen),
        ("+Q7/4Q3/7Q/5Q2/2Q5/6Q1/1Q6/3Q4", Fen),
        // Rows with a / but no digit.
        ("/Q//\n///Q\nQ///\n//Q/\n", Boards),
        // A row of 0s and one 1, which as columns is never a solution.
        ("0100\n", Boards),
        ("0 0 1\n", Boards),
        ("1011\n", Boards),
        ("1 1 0 1\n", Boards),
        ("1 1 0 0\n", Columns),
        ("1\n", Boards),
        ("11\n", Columns),
        // Numbers, signed or not, are columns; a row that starts with a
        // digit is not.
        ("1 3 0 2", Columns),
        ("0", Columns),
        ("1,3,0,2", Columns),
        ("+1 3 0 2", Columns),
        ("-1,3,0,2", Columns),
        ("0 0 0 0", Columns),
        ("0Q00\n000Q\nQ000\n00Q0\n", Boards),
        ("+Q++\n", Boards),
        ("-1\n1-\n", Boards),
    ];
    for (input, format) in cases {
        assert_eq!(detected(input, None), Some(format), "{input:?}");
    }
}

#[test]
fn named_glyphs_make_rows_of_what_starts_with_them_but_fen() {
    let fen = "Q7/4Q3/7Q/5Q2/2Q5/6Q1/1Q6/3Q4 w - - 0 1";
    assert_eq!(detected(fen, Some(("Q", "."))), Some(InputFormat::Fen));
    assert_eq!(detected(fen, Some(("Q", "/"))), Some(InputFormat::Boards));
    let bits = "1000\n0010\n";
    assert_eq!(detected(bits, Some(("1", "0"))), Some(InputFormat::Boards));
    assert_eq!(detected("[[", Some(("[", "."))), Some(InputFormat::Boards));
}

/// Numbers with a sign or leading zeros are refused by name: `0000` is no
/// column 0, and `+1` no column at all.
#[test]
fn a_signed_or_zero_padded_column_is_an_error() {
    let cases = [
        (
            "+1 3 0 2",
            "line 1: \"+1 3 0 2\" has \"+1\", expected a column number without a sign, from 0",
        ),
        (
            "1 3 0 2\n1 -3 0 2",
            "line 2: \"1 -3 0 2\" has \"-3\", expected a column number without a sign, from 0",
        ),
        (
            "1 3 0 2\n0000",
            "line 2: \"0000\" has \"0000\", expected a column number without leading zeros",
        ),
        (
            "01 3 0 2",
            "line 1: \"01 3 0 2\" has \"01\", expected a column number without leading zeros",
        ),
        (
            "1 3 + 2",
            "line 1: \"1 3 + 2\" has \"+\", expected a column number",
        ),
    ];
    for (input, message) in cases {
        let error = read(input, None).pop().unwrap().unwrap_err();
        assert_eq!(error.to_string(), message);
    }
}
