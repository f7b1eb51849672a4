//! A drawn row as read, and its squares: its grapheme clusters, whitespace
//! skipped.

use unicode_segmentation::{Graphemes, UnicodeSegmentation};

/// One drawn row as read.
pub(super) struct Row {
    pub line: u64,
    /// The text column of its first character in `boards`, where problems
    /// name text columns; `None` in JSON, where they name row and col.
    pub column: Option<u64>,
    pub text: String,
}

/// The squares of a row: its grapheme clusters that are not whitespace
/// (no glyph can be), with each one's index among all clusters.
pub(super) fn squares(text: &str) -> Squares<'_> {
    if text.is_ascii() {
        Squares::Ascii(text, 0)
    } else {
        Squares::Clusters(text.graphemes(true).enumerate())
    }
}

/// The iterator of [`squares`]. ASCII text, by far the most common, skips
/// the segmentation, which costs several times the rest of the reading:
/// there every byte is a cluster (but for `\r\n`, whitespace either way).
pub(super) enum Squares<'a> {
    Ascii(&'a str, usize),
    Clusters(std::iter::Enumerate<Graphemes<'a>>),
}

impl<'a> Iterator for Squares<'a> {
    type Item = (usize, &'a str);

    fn next(&mut self) -> Option<(usize, &'a str)> {
        loop {
            let (at, glyph) = match self {
                Squares::Ascii(text, next) => {
                    let at = *next;
                    *next += 1;
                    (at, text.get(at..at + 1)?)
                }
                Squares::Clusters(clusters) => clusters.next()?,
            };
            if !glyph.chars().all(char::is_whitespace) {
                return Some((at, glyph));
            }
        }
    }
}
