//! What a counting kernel must respect below a unit's prefix: the squares
//! each row allows, the side rule, and what each solution found weighs.
//!
//! The backtracking method looks for about one board of each symmetry
//! class, chosen by the *border queens* (the queens of row 0, row n−1,
//! column 0 and column n−1) and their distance to the nearest corner:
//!
//! - **corner**: a queen stands in a corner. Any symmetry brings it to
//!   (0, 0); of the two boards with it there, the one kept has its row-1
//!   queen in a column smaller than the row of its column-1 queen.
//! - **edge**: no corner queen. The top queen is nearest its corner: it is
//!   in column a with a < n−1−a, the side queens are in rows a..=n−1−a and
//!   the bottom queen in columns a..=n−1−a. When another border queen is
//!   as near a corner as the top queen (a tie), several boards of the class
//!   qualify; each then counts for its share (see [`Rules::weights`]).
//!
//! The plain-tree method has no rule at all: every board, weighing one.

use crate::board::Attacks;
use crate::MAX_N;

/// One board, in the thirds that weights are counted in.
pub(crate) const ONE_BOARD: u32 = 3;

/// The rules of one unit's search.
#[derive(Debug, Clone)]
pub(crate) struct Rules {
    pub n: usize,
    /// Squares allowed in each row, before attacks.
    pub allowed: [u32; MAX_N],
    /// Edge case: the top queen's column a; otherwise none.
    pub edge: Option<usize>,
    /// Columns 0 and n−1 under the side rule; 0 when there is none.
    pub sides: u32,
    /// What a solution found weighs, in thirds of a board, by its number
    /// of ties R − 1 (0 to 3).
    ///
    /// Each class is found once per symmetry that maps one of its border
    /// queens, at the top queen's distance a from a corner, onto the top
    /// row at column a: R such symmetries (R = 1 unless there is a tie),
    /// and its class has 8/|stabilizer| boards found R/|stabilizer| times.
    /// So each find weighs 8/R boards, R = 1 + the side queens in rows a
    /// and n−1−a + a bottom queen in column a or n−1−a: 24/R thirds.
    /// Corner solutions have no symmetry and are found once: 8 boards.
    pub weights: [u32; 4],
}

impl Rules {
    /// No symmetry rule at all: the plain backtrack tree, one board each.
    pub fn plain(n: usize) -> Rules {
        Rules {
            n,
            allowed: [full(n); MAX_N],
            edge: None,
            sides: 0,
            weights: [ONE_BOARD; 4],
        }
    }

    /// The symmetry rules for the case that `first_rows` starts (row 0,
    /// and for a corner, row 1); n ≥ 5.
    pub fn symmetric(n: usize, first_rows: &[u8]) -> Rules {
        let full = full(n);
        let sides = 1 | (1 << (n - 1));
        let mut allowed = [full; MAX_N];
        let top = usize::from(first_rows[0]);
        if top == 0 {
            // Corner: column 1 is closed to rows above the row-1 queen's column.
            let below = usize::from(first_rows[1]);
            for row in allowed.iter_mut().take(below).skip(2) {
                *row &= !2;
            }
            let weights = [8 * ONE_BOARD; 4];
            return Rules {
                n,
                allowed,
                edge: None,
                sides,
                weights,
            };
        }
        let far = n - 1 - top;
        for (row, mask) in allowed.iter_mut().enumerate().take(n - 1).skip(1) {
            if row < top || row > far {
                *mask &= !sides;
            }
        }
        allowed[n - 1] = full & !((1 << top) - 1) & !(full << (far + 1) & full);
        let weights = [24, 12, 8, 6];
        Rules {
            n,
            allowed,
            edge: Some(top),
            sides,
            weights,
        }
    }

    /// The row from which the side queens can no longer both be placed
    /// unless one of them already is (none in the corner and plain cases).
    pub fn last_side_row(&self) -> usize {
        self.edge.map_or(usize::MAX, |top| self.n - 1 - top)
    }

    /// The squares of `row` a queen may take under `attacks`: those the
    /// row allows and no queen attacks, the side rule applied.
    pub fn free(&self, row: usize, attacks: Attacks) -> u32 {
        let free = attacks.free(self.allowed[row]);
        match row == self.last_side_row() {
            true => side_rule(free, attacks.cols, self.sides),
            false => free,
        }
    }

    /// The rows whose side queens count as ties, or none.
    pub fn tie_rows(&self) -> (usize, usize) {
        match self.edge {
            Some(top) => (top, self.n - 1 - top),
            None => (usize::MAX, usize::MAX),
        }
    }

    /// Whether a queen on `bit` of `row` is a tie: a side queen on a tie
    /// row.
    pub fn is_tie(&self, row: usize, bit: u32) -> bool {
        let (top, far) = self.tie_rows();
        (row == top || row == far) && bit & self.sides != 0
    }

    /// The bottom queen's columns that count as a tie: a and n−1−a.
    pub fn tie_columns(&self) -> u32 {
        self.edge
            .map_or(0, |top| (1 << top) | (1 << (self.n - 1 - top)))
    }
}

/// One bit per column of an n×n board.
fn full(n: usize) -> u32 {
    u32::MAX.checked_shr(32 - n as u32).unwrap_or(0)
}

/// At the last row where a side queen may stand: if neither side column is
/// taken yet, both can no longer be; if one is, this row must take the other.
#[inline(always)]
pub(crate) fn side_rule(free: u32, cols: u32, sides: u32) -> u32 {
    let taken = cols & sides;
    let none = u32::from(taken == 0).wrapping_neg();
    let both = u32::from(taken == sides).wrapping_neg();
    free & !none & (both | sides)
}
