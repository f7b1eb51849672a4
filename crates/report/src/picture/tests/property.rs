//! Any picture, drawn and read back: the counts of each class and the
//! caption match what it was given, whatever squares and text it holds.

use super::{captions, count};
use crate::picture::Picture;
use nqueens::Square;
use proptest::prelude::*;

/// Any picture, squares on and off its board included.
fn any_picture() -> impl Strategy<Value = Picture> {
    let square = || (0usize..12, 0usize..12).prop_map(|(row, col)| Square { row, col });
    let squares = move || proptest::collection::vec(square(), 0..12);
    let caption = proptest::option::of(any::<String>());
    let pairs = proptest::collection::vec((square(), square()), 0..6);
    (0usize..10, squares(), squares(), squares(), pairs, caption).prop_map(
        |(n, queens, fixed, blocked, conflicts, caption)| Picture {
            n,
            queens,
            fixed,
            blocked,
            conflicts,
            caption,
        },
    )
}

/// What a caption reads as once drawn: characters XML cannot hold and
/// line breaks become spaces.
fn drawn(caption: &str) -> String {
    let drawable = |c: char| !c.is_control() && c != '\u{FFFE}' && c != '\u{FFFF}';
    let text = caption.chars().map(|c| if drawable(c) { c } else { ' ' });
    text.collect()
}

proptest! {
    #[test]
    fn every_picture_parses_and_counts_right(picture in any_picture()) {
        let svg = picture.svg();
        let n = picture.n;
        let on = |s: &Square| s.row < n && s.col < n;
        let key = |s: &Square| (s.row, s.col);
        let fixed: Vec<_> = picture.fixed.iter().filter(|s| on(s)).collect();
        let found = picture.queens.iter().filter(|s| on(s));
        let found = found.filter(|s| !fixed.iter().any(|f| key(f) == key(s))).count();
        prop_assert_eq!(count(&svg, "fixed"), fixed.len());
        prop_assert_eq!(count(&svg, "queen"), found + fixed.len());
        prop_assert_eq!(count(&svg, "blocked"), picture.blocked.iter().filter(|s| on(s)).count());
        let lines = picture.conflicts.iter().filter(|(a, b)| on(a) && on(b)).count();
        prop_assert_eq!(count(&svg, "conflict"), lines);
        let expected: Vec<String> = picture.caption.iter().map(|c| drawn(c)).collect();
        prop_assert_eq!(captions(&svg), expected);
    }
}
