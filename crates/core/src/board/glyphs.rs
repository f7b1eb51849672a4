//! The characters a board is drawn with, checked so that every row of a
//! drawn board lines up on a terminal and nothing in it is invisible.

use crate::GlyphError;
use unicode_general_category::{get_general_category, GeneralCategory as Category};
use unicode_segmentation::UnicodeSegmentation;
use unicode_width::UnicodeWidthStr;

/// One square's picture: exactly one visible grapheme cluster (what a
/// reader sees as one character, such as `Q`, a decomposed `é` or a
/// ZWJ emoji), one or two terminal columns wide.
///
/// ```
/// use nqueens::Glyph;
/// assert_eq!(Glyph::new("♛")?.as_str(), "♛");
/// assert!(Glyph::new("\u{200b}").is_err()); // zero-width space: invisible
/// assert!(Glyph::new("ab").is_err());
/// # Ok::<(), nqueens::GlyphError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Glyph {
    text: Box<str>,
    width: usize,
}

impl Glyph {
    /// Checks that `text` is one visible grapheme cluster of width 1 or 2.
    pub fn new(text: &str) -> Result<Glyph, GlyphError> {
        let mut clusters = text.graphemes(true);
        let (Some(cluster), None) = (clusters.next(), clusters.next()) else {
            return Err(GlyphError::NotOneCharacter);
        };
        if cluster.chars().any(is_invisible) || starts_with_mark(cluster) {
            return Err(GlyphError::Invisible);
        }
        let width = cluster.width();
        if !(1..=2).contains(&width) {
            return Err(GlyphError::Width);
        }
        Ok(Glyph {
            text: cluster.into(),
            width,
        })
    }

    /// The glyph's text.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// Its width in terminal columns: 1 or 2.
    pub fn width(&self) -> usize {
        self.width
    }
}

impl std::fmt::Display for Glyph {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}

/// Characters that draw nothing or move the text around: controls,
/// format characters (U+200B, U+FEFF, U+202E, U+00AD, ...), separators
/// (spaces, U+2028, U+2029) and unassigned code points. The zero-width
/// joiner is the exception: it glues emoji into one picture.
fn is_invisible(ch: char) -> bool {
    ch != '\u{200d}'
        && matches!(
            get_general_category(ch),
            Category::Control
                | Category::Format
                | Category::SpaceSeparator
                | Category::LineSeparator
                | Category::ParagraphSeparator
                | Category::Unassigned
                | Category::Surrogate
        )
}

/// A cluster that is only combining marks has nothing to combine with.
fn starts_with_mark(cluster: &str) -> bool {
    cluster.chars().next().is_some_and(|ch| {
        matches!(
            get_general_category(ch),
            Category::NonspacingMark | Category::SpacingMark | Category::EnclosingMark
        )
    })
}

/// The two glyphs of a board: different, and equally wide so that rows
/// line up.
///
/// ```
/// use nqueens::{Glyph, Glyphs};
/// let style = Glyphs::new(Glyph::new("q")?, Glyph::new("-")?)?;
/// assert_eq!(style.queen().as_str(), "q");
/// assert_eq!(Glyphs::default().empty().as_str(), ".");
/// # Ok::<(), nqueens::GlyphError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Glyphs {
    queen: Glyph,
    empty: Glyph,
}

impl Glyphs {
    /// Pairs a queen glyph with an empty-square glyph.
    pub fn new(queen: Glyph, empty: Glyph) -> Result<Glyphs, GlyphError> {
        if queen == empty {
            return Err(GlyphError::Same(queen.as_str().into()));
        }
        if queen.width != empty.width {
            return Err(GlyphError::UnequalWidth {
                queen: queen.as_str().into(),
                queen_width: queen.width,
                empty: empty.as_str().into(),
                empty_width: empty.width,
            });
        }
        Ok(Glyphs { queen, empty })
    }

    /// Drawn where a queen stands (default `Q`).
    pub fn queen(&self) -> &Glyph {
        &self.queen
    }

    /// Drawn on every other square (default `.`).
    pub fn empty(&self) -> &Glyph {
        &self.empty
    }
}

impl Default for Glyphs {
    fn default() -> Self {
        let glyph = |text: &str| Glyph {
            text: text.into(),
            width: 1,
        };
        Glyphs {
            queen: glyph("Q"),
            empty: glyph("."),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(text: &str) -> GlyphError {
        Glyph::new(text).unwrap_err()
    }

    #[test]
    fn invisible_and_layout_breaking_characters_are_refused() {
        for text in [
            "\u{200b}", "\u{feff}", "\u{202e}", "\u{ad}", "\u{2028}", "\u{2029}", " ", "\t", "\n",
            "\u{0}", "\u{3000}",
        ] {
            assert_eq!(refused(text), GlyphError::Invisible, "{text:?}");
        }
        assert_eq!(refused("\u{301}"), GlyphError::Invisible, "combining only");
    }

    #[test]
    fn one_visible_cluster_of_several_code_points_is_accepted() {
        let decomposed = Glyph::new("e\u{301}").unwrap();
        assert_eq!(decomposed.width(), 1);
        let family = Glyph::new("👩\u{200d}👩\u{200d}👧").unwrap();
        assert_eq!(family.width(), 2);
        assert_eq!(Glyph::new("♛").unwrap().width(), 1);
    }

    #[test]
    fn not_one_cluster_is_refused() {
        for text in ["", "ab", "Q\u{200b}", "e\u{301}x"] {
            assert!(Glyph::new(text).is_err(), "{text:?}");
        }
        assert_eq!(refused(""), GlyphError::NotOneCharacter);
        assert_eq!(refused("ab"), GlyphError::NotOneCharacter);
    }

    #[test]
    fn pairs_must_differ_and_match_in_width() {
        let g = |text: &str| Glyph::new(text).unwrap();
        assert!(matches!(
            Glyphs::new(g("x"), g("x")),
            Err(GlyphError::Same(_))
        ));
        assert!(matches!(
            Glyphs::new(g("👑"), g(".")),
            Err(GlyphError::UnequalWidth { .. })
        ));
        assert!(Glyphs::new(g("👑"), g("⬜")).is_ok());
    }
}
