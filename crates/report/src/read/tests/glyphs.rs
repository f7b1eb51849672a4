//! Which glyph is the queen: learned from the input, or named.

use super::boards;
use crate::read::{BoardReader, Entry, InputFormat};
use nqueens::Square;

#[test]
fn glyphs_are_learned_once_from_the_input() {
    // A lone Q is a 1×1 board with its queen; `.` rows are an empty board.
    let lone = boards("Q\n", None);
    assert_eq!((lone[0].n, lone[0].queens.len()), (1, 1));
    let blank = boards("....\n....\n....\n....\n", None);
    assert_eq!(
        (blank[0].n, blank[0].queens.len(), blank[0].problems.len()),
        (4, 0, 0)
    );
    // Learned from the first board, kept for the second.
    let read = boards("##\n##\n\n#@\n##\n", None);
    assert_eq!(read[0].queens, []);
    assert_eq!(read[1].queens, [Square { row: 0, col: 1 }]);
    // The rarer glyph is the queen; on a tie, the first seen is empty.
    let rare = boards("ab\nbb\n", None);
    assert_eq!(rare[0].queens, [Square { row: 0, col: 0 }]);
    let tie = boards("ab\nba\n", None);
    assert_eq!(
        tie[0].queens,
        [Square { row: 0, col: 1 }, Square { row: 1, col: 0 }]
    );
    // A single unknown glyph of one square is a queen.
    assert_eq!(boards("♛\n", None)[0].queens.len(), 1);
    // Q is the queen even where it is everywhere.
    assert_eq!(boards("QQ\nQQ\n", None)[0].queens.len(), 4);
}

#[test]
fn named_glyphs_override_q_and_dot() {
    let named = Some(("x".to_string(), "o".to_string()));
    let read: Vec<Entry> = BoardReader::new("xo\nQo\n".as_bytes(), None, named)
        .map(Result::unwrap)
        .collect();
    assert_eq!(read[0].queens, [Square { row: 0, col: 0 }]);
    let text = read[0].problems[0].to_string();
    assert_eq!(
        text,
        "line 2: `Q` at column 1 is neither the queen `x` nor the empty square `o`"
    );
}

#[test]
fn boards_drawn_with_named_digits_are_not_read_as_columns() {
    let named = Some(("1".to_string(), "0".to_string()));
    let input = "0100\n0001\n1000\n0010\n";
    let mut reader = BoardReader::new(input.as_bytes(), None, named);
    let entry = reader.next().unwrap().unwrap();
    assert_eq!(reader.format(), Some(InputFormat::Boards));
    assert_eq!(
        (entry.n, entry.queens.len(), entry.problems.len()),
        (4, 4, 0)
    );
}
