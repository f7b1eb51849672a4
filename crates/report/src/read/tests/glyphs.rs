//! Which glyph is the queen: learned from the input, or named.

use super::{boards, read};
use crate::read::{BoardReader, Entry, InputFormat, ReadError};
use nqueens::Square;

/// The error reading `input` stops at: it cannot tell the glyphs apart.
fn unclear(input: &str) -> ReadError {
    let mut items = read(input, None);
    let error = items.pop().expect("an item").expect_err(input);
    assert!(items.iter().all(Result::is_ok), "{input:?}");
    error
}

/// (queen, empty) as `ReadError::glyphs_to_name` holds them.
fn pair(queen: &str, empty: &str) -> Option<(String, String)> {
    Some((queen.to_string(), empty.to_string()))
}

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
    // The rarer glyph is the queen.
    let rare = boards("ab\nbb\n", None);
    assert_eq!(rare[0].queens, [Square { row: 0, col: 0 }]);
    let four = boards("xoxx\nxxxo\noxxx\nxxox\n", None);
    assert_eq!((four[0].queens.len(), four[0].problems.len()), (4, 0));
    assert_eq!(four[0].queens[0], Square { row: 0, col: 1 });
    // Q is the queen even where it is everywhere.
    assert_eq!(boards("QQ\nQQ\n", None)[0].queens.len(), 4);
}

/// The glyphs people draw queens and empty squares with decide where
/// counting cannot: a tiny board reads as drawn.
#[test]
fn known_glyphs_decide_where_counting_cannot() {
    let columns = |entry: &Entry| -> Vec<usize> { entry.queens.iter().map(|q| q.col).collect() };
    // `-` is not the queen though it is as frequent as `q`, nor as `a`.
    let small = boards("q-\n-q\n", None);
    assert_eq!(columns(&small[0]), [0, 1]);
    let dash = boards("-a\na-\n", None);
    assert_eq!(columns(&dash[0]), [1, 0]);
    // A lone `-` is an empty 1×1 board; a lone ♛ or 1 its queen.
    let lone = boards("-\n", None);
    assert_eq!(
        (lone[0].n, lone[0].queens.len(), lone[0].problems.len()),
        (1, 0, 0)
    );
    assert_eq!(boards("♛\n", None)[0].queens.len(), 1);
    let json = boards("[[\"1\"],[\"0\"]]", None);
    assert_eq!((json[0].queens.len(), json[1].queens.len()), (1, 0));
    // Drawn with 0 and 1, spaced or not, and with 0 and Q; where counting
    // tells, it decides, whatever the glyphs (`1`s empty, `-`s queens).
    for input in [
        "0100\n0001\n1000\n0010\n",
        "0 1 0 0\n0 0 0 1\n1 0 0 0\n0 0 1 0\n",
        "0Q00\n000Q\nQ000\n00Q0\n",
        "_♕__\n___♕\n♕___\n__♕_\n",
        "1011\n1110\n0111\n1101\n",
        "x-xx\nxxx-\n-xxx\nxx-x\n",
    ] {
        let read = boards(input, None);
        assert_eq!(columns(&read[0]), [1, 3, 0, 2], "{input:?}");
        assert_eq!(read[0].problems, [], "{input:?}");
    }
    // Where one is known, the other is the other glyph, however rare,
    // on this board or a later one.
    let queen_of_dots = boards("a...\n", None);
    assert_eq!(columns(&queen_of_dots[0]), [0]);
    let later = boards("QQ\nQQ\n\nQa\naQ\n", None);
    assert_eq!(
        (columns(&later[1]), later[1].problems.len()),
        (vec![0, 1], 0)
    );
}

/// Where counting does not decide and no glyph is known, reading stops
/// with an error that says so and a pair of glyphs to name.
#[test]
fn glyphs_that_cannot_be_told_apart_are_an_error() {
    let tie = unclear("ab\nba\n");
    assert_eq!(
        tie.to_string(),
        "line 1: cannot tell the queen from the empty square: `a` and `b` are on 2 squares \
         each, expected a board drawn with Q and ., or its two glyphs named"
    );
    assert_eq!(tie.glyphs_to_name, pair("b", "a"));
    let lone = unclear("\n*\n");
    assert_eq!(
        (lone.line, lone.found.as_str()),
        (
            2,
            "a board of one square, `*`: cannot tell a queen from an empty square"
        )
    );
    assert_eq!(lone.glyphs_to_name, pair("*", "."));
    // The queen between two glyphs as frequent, the empty square known
    // or learned.
    let queen = unclear("a.\n.b\n");
    assert_eq!(
        queen.found,
        "cannot tell which of `a` and `b` is the queen: each is on 1 square"
    );
    assert_eq!(queen.glyphs_to_name, pair("a", "."));
    let third = unclear("aaaa\naabc\naaaa\naacb\n");
    assert_eq!(third.glyphs_to_name, pair("b", "a"));
    // The empty square between two, the queen known.
    let empty = unclear("Qa\nbQ\n");
    assert_eq!(
        empty.found,
        "cannot tell which of `a` and `b` is the empty square: each is on 1 square"
    );
    assert_eq!(empty.glyphs_to_name, pair("Q", "a"));
    // More `Q`s than `.`s: a board drawn the other way round, or not.
    let inverted = unclear("Q.QQ\nQQQ.\n.QQQ\nQQ.Q\n");
    assert_eq!(
        inverted.found,
        "cannot tell the queen from the empty square: `Q` is on 12 squares and `.` on 4 \
         squares, where a solution of n = 4 has 4 queens and 12 empty squares"
    );
    assert_eq!(inverted.glyphs_to_name, pair(".", "Q"));
    // In every format that draws boards; after boards read whole.
    assert_eq!(unclear("[[\"+\"]]").glyphs_to_name, pair("+", "."));
    assert_eq!(unclear("{\"board\":[\"xy\",\"yx\"]}").line, 1);
    let later = unclear("##\n##\n\n#a\nb#\n");
    assert_eq!((later.line, later.glyphs_to_name), (4, pair("a", "#")));
}

/// Beside ndjson's `columns`, a `board` whose glyphs alone cannot tell
/// the queen takes it from the square the columns give row 0's queen.
#[test]
fn ndjson_columns_tell_the_queen_of_their_board() {
    let one = boards(
        "{\"columns\":[0],\"board\":[\"a\"]}\n{\"board\":[\"a\"]}",
        None,
    );
    assert_eq!((one[0].queens.len(), one[1].queens.len()), (1, 1));
    let two = boards("{\"columns\":[1,0],\"board\":[\"ab\",\"ba\"]}", None);
    assert_eq!(two[0].problems, []);
    // And keeps it for the boards after.
    let input = "{\"columns\":[1,0],\"board\":[\"ab\",\"ba\"]}\n{\"board\":[\"ba\",\"aa\"]}";
    assert_eq!(boards(input, None)[1].queens, [Square { row: 0, col: 0 }]);
    // Without columns, or where they point off the board, no guess.
    assert_eq!(
        unclear("{\"board\":[\"a\"]}").glyphs_to_name,
        pair("a", ".")
    );
    assert_eq!(unclear("{\"columns\":[5],\"board\":[\"a\"]}").line, 1);
}

/// Glyphs are kept from the first board that reads as a solution could:
/// a first board drawn wrong does not teach them the wrong way round.
#[test]
fn glyphs_are_kept_from_a_board_with_one_queen_a_row() {
    let input = "aab\nabb\nbba\n\nabaa\naaab\nbaaa\naaba\n\nbbbb\nbbbb\nbbbb\nbbbb\n";
    let read = boards(input, None);
    assert_eq!(read[0].queens.len(), 4);
    assert_eq!((read[1].queens.len(), read[1].problems.len()), (4, 0));
    assert_eq!(read[1].queens[0], Square { row: 0, col: 1 });
    // Once kept, a board of only `b` is all queens.
    assert_eq!(read[2].queens.len(), 16);
    // ndjson's columns tell the queen even where the tables would not.
    let zero = boards("{\"columns\":[0],\"board\":[\"0\"]}", None);
    assert_eq!((zero[0].queens.len(), zero[0].problems.len()), (1, 0));
}

#[test]
fn named_glyphs_are_read_as_named_even_where_known() {
    let named = Some(("-".to_string(), "Q".to_string()));
    let read: Vec<Entry> = BoardReader::new("Q-\n-Q\n".as_bytes(), None, named)
        .map(Result::unwrap)
        .collect();
    assert_eq!(
        read[0].queens,
        [Square { row: 0, col: 1 }, Square { row: 1, col: 0 }]
    );
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
