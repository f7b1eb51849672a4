//! Whatever the bytes, reading never panics and always ends, and nothing
//! comes after an error.

use super::super::partial::read_partial_within;
use super::FORMATS;
use crate::read::{BoardReader, InputFormat};
use proptest::prelude::*;

/// Reads `input` every way, with a small size limit so that the limit's
/// paths run too.
fn read_every_way(input: &[u8]) {
    let formats = FORMATS.map(|(_, format)| Some(format));
    let named = Some(("Q".to_string(), ".".to_string()));
    for format in [None].into_iter().chain(formats) {
        for glyphs in [None, named.clone()] {
            drain(BoardReader::within(input, format, glyphs, 64), format);
        }
    }
    let _ = read_partial_within(input, 64);
}

/// Pulls every item; an input of k bytes holds at most k boards.
fn drain(mut reader: BoardReader<&[u8]>, format: Option<InputFormat>) {
    let mut items = 0;
    while let Some(item) = reader.next() {
        items += 1;
        assert!(items <= 1000, "{format:?} does not end");
        if item.is_err() {
            assert!(reader.next().is_none(), "{format:?} goes on after an error");
            return;
        }
    }
}

/// Text made of the characters the formats care about.
fn likely_text() -> impl Strategy<Value = String> {
    let pieces = prop::sample::select(vec![
        "Q",
        ".",
        " ",
        "x",
        "X",
        "\n",
        "\r",
        "[",
        "]",
        "{",
        "}",
        "0",
        "1",
        "2",
        "3",
        ",",
        "\"",
        "\\",
        ":",
        "👑",
        "e\u{301}",
        "\u{feff}",
        "\"columns\"",
        "\"board\"",
        "\"n\"",
    ]);
    prop::collection::vec(pieces, 0..120).prop_map(|pieces| pieces.concat())
}

/// Lines each in a shape one format reads (so its checks past the first
/// look run), with fields of any characters, multi-byte ones included.
fn shaped_text() -> impl Strategy<Value = String> {
    let field = prop::collection::vec(any::<char>(), 0..6).prop_map(String::from_iter);
    let fields = prop::collection::vec(field, 0..8);
    let shapes = [
        "Q7/4Q3/7Q/5Q2/2Q5/6Q1/1Q6/3Q4 w ",
        "[1, 3, 0, 2] ",
        "{\"columns\": [1, 3, 0, 2], \"",
        "1 3 0 2 ",
        ".Q..\n...Q\nQ...\n..Q.",
        "b4 d3 ",
    ];
    (prop::sample::select(shapes.to_vec()), fields)
        .prop_map(|(shape, fields)| format!("{shape}{}\n", fields.join(" ")))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn arbitrary_bytes_never_panic(input in prop::collection::vec(any::<u8>(), 0..300)) {
        read_every_way(&input);
    }

    #[test]
    fn any_text_never_panics(input in any::<String>()) {
        read_every_way(input.as_bytes());
    }

    #[test]
    fn shaped_lines_with_any_characters_never_panic(input in shaped_text()) {
        read_every_way(input.as_bytes());
    }

    #[test]
    fn likely_text_never_panics(input in likely_text()) {
        read_every_way(input.as_bytes());
    }

    #[test]
    fn columns_lines_read_back(rows in prop::collection::vec(
        prop::collection::vec(0u64..12, 1..10), 1..8,
    )) {
        let text: String = rows
            .iter()
            .map(|row| row.iter().map(u64::to_string).collect::<Vec<_>>().join(" ") + "\n")
            .collect();
        // A first line of 0s and 1s, one of them once (`0 1 0`, `10`,
        // `1 1 0`, `1`), is a drawn row.
        let first: String = text.lines().next().unwrap().split(' ').collect();
        let count = |digit| first.matches(digit).count();
        let bits = !first.contains(|c| c > '1')
            && count('1') > 0
            && (count('0') == 1 || count('1') == 1);
        prop_assume!(!bits);
        let read: Vec<_> = BoardReader::new(text.as_bytes(), None, None)
            .map(Result::unwrap)
            .collect();
        prop_assert_eq!(read.len(), rows.len());
        for (entry, row) in read.iter().zip(&rows) {
            let off = row.iter().filter(|&&col| col as usize >= row.len()).count();
            prop_assert_eq!(entry.n, row.len());
            prop_assert_eq!(entry.queens.len() + off, row.len());
            prop_assert_eq!(entry.problems.len(), off);
        }
    }
}
