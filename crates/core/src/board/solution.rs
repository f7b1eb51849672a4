//! One solution: a queen's column for every row.

use crate::Glyphs;

/// A placement of n queens, one per row: `columns()[r]` is the column of the
/// queen in row `r`.
///
/// Columns are `u32`, so one type carries the searched boards (n ≤
/// [`crate::MAX_N`]) and the constructed ones of [`crate::huge`] (n up to
/// 10^8). The searches keep their own state in bit masks and write a
/// column only when they place a queen, so the width costs them nothing
/// (bench/RESULTS.md measures it).
///
/// ```
/// use nqueens::{Glyphs, Solution};
/// let s = Solution::from_columns(vec![1, 3, 0, 2]);
/// assert_eq!(s.render(&Glyphs::default()), [".Q..", "...Q", "Q...", "..Q."]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Solution {
    queens: Vec<u32>,
}

impl Solution {
    /// Wraps a column vector. The engine only produces valid placements; this
    /// constructor does not check, so that callers can build any board to draw.
    pub fn from_columns(queens: Vec<u32>) -> Self {
        Self { queens }
    }

    /// The board size n.
    pub fn n(&self) -> usize {
        self.queens.len()
    }

    /// The queen's column in each row, row 0 first.
    pub fn columns(&self) -> &[u32] {
        &self.queens
    }

    /// Appends row `row` drawn with `glyphs` to `out` (no line break).
    pub fn render_row_into(&self, row: usize, glyphs: &Glyphs, out: &mut String) {
        let queen_at = self.queens[row] as usize;
        for col in 0..self.n() {
            out.push_str(if col == queen_at {
                glyphs.queen().as_str()
            } else {
                glyphs.empty().as_str()
            });
        }
    }

    /// Draws the board as one string per row.
    pub fn render(&self, glyphs: &Glyphs) -> Vec<String> {
        (0..self.n())
            .map(|row| {
                let mut line = String::with_capacity(self.n());
                self.render_row_into(row, glyphs, &mut line);
                line
            })
            .collect()
    }

    /// Mutable access for the engines, which rewrite one buffer in place.
    pub(crate) fn columns_mut(&mut self) -> &mut [u32] {
        &mut self.queens
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_with_custom_glyphs() {
        let s = Solution::from_columns(vec![2, 0, 3, 1]);
        let glyph = |text| crate::Glyph::new(text).unwrap();
        let style = Glyphs::new(glyph("q"), glyph("-")).unwrap();
        assert_eq!(s.render(&style), ["--q-", "q---", "---q", "-q--"]);
    }

    #[test]
    fn empty_board_renders_no_rows() {
        let s = Solution::from_columns(vec![]);
        assert_eq!(s.n(), 0);
        assert!(s.render(&Glyphs::default()).is_empty());
    }
}
