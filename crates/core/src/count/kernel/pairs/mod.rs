//! What the join's kernels read and write: quadrant placements
//! (quadrant.rs) and the half boards joined from them (halves.rs), and
//! the leaf of the pair count (leaf.rs). The method that walks them lives
//! with the join; each tier's steps on them live in the tier's folder.

mod halves;
mod leaf;
mod quadrant;

pub(crate) use halves::Halves;
#[cfg(target_arch = "x86_64")]
pub(crate) use leaf::with_groups;
pub(crate) use leaf::{Leaf, Plane, LANES};
pub(crate) use quadrant::Quadrant;

/// The u64s past its signatures that a split or a filter may write in
/// its output (a whole register's store).
pub(crate) const SLACK: usize = 8;

/// One placement in a quadrant: the columns it uses and the diagonals its
/// queens stand on, both absolute (↘ as row − column + n − 1, ↙ as row +
/// column), the same diagonals where they cross the cut (the join's
/// signature, see [`Cut`]), and the row of its queen in the middle column
/// of an odd board as a bit (0 for none). A quadrant list keeps only the
/// diagonals and the middle row; the rest is what a kernel is handed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Placement {
    pub cols: u32,
    pub middle: u32,
    pub down: u64,
    pub up: u64,
    pub signature: u64,
}

/// Where a board is cut into its halves: a half board's signature is the
/// squares of the cut's column (the middle column of an odd board, the
/// first east column of an even one) its diagonals cross, bit r for the
/// ↘ diagonal through row r, bit n + r for the ↙ one. An east and a west
/// queen share a diagonal exactly when their signatures share a bit: a
/// diagonal with a square on either side of the cut has one in that
/// column.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Cut {
    /// How far the ↘ diagonals (row − column + n − 1) are shifted down to
    /// their row in the cut's column: n − 1 − the cut's column.
    pub down_shift: u32,
    /// The same for the ↙ diagonals (row + column): the cut's column.
    pub up_shift: u32,
    /// The board's rows as bits.
    pub rows: u64,
    /// The board's size: where the ↙ bits start.
    pub n: u32,
}

impl Cut {
    /// The signature of the diagonals `down` and `up`.
    #[inline(always)]
    pub fn signature(self, down: u64, up: u64) -> u64 {
        (down >> self.down_shift) & self.rows | ((up >> self.up_shift) & self.rows) << self.n
    }
}
