//! The join's kernels (see the join method): joining quadrant placements
//! into half boards, keeping the signatures without a bit, and counting
//! the disjoint pairs of an east block of signatures ([`Planes`]) and
//! the west ones. The types here are what they read and write; the
//! method that walks them lives with the join.

#[cfg(target_arch = "x86_64")]
pub(super) mod avx512;
mod planes;
pub(super) mod scalar;

pub(crate) use planes::{Planes, GROUP_BITS, LANES};

/// One placement in a quadrant: the columns it uses and the diagonals its
/// queens stand on, both absolute (↘ as row − column + n − 1, ↙ as row +
/// column), and the same diagonals where they cross the first east
/// column (the join's signature).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Placement {
    pub cols: u32,
    pub down: u64,
    pub up: u64,
    pub signature: u64,
}

/// A north and a south quadrant to join into half boards, on a half's
/// `columns`.
pub(crate) struct Halves<'a> {
    pub columns: u32,
    pub north: &'a [Placement],
    pub south: &'a [Placement],
    /// The south placements' ↘ diagonals, ↙ diagonals and signatures.
    pub south_fields: (&'a [u64], &'a [u64], &'a [u64]),
}

impl Halves<'_> {
    /// Calls `append` with each north placement and the fields of the south
    /// placements on the complementary columns.
    #[inline(always)]
    pub fn each_match(&self, mut append: impl FnMut(&Placement, (&[u64], &[u64], &[u64]))) {
        let (down, up, signatures) = self.south_fields;
        for group in self.north.chunk_by(|a, b| a.cols == b.cols) {
            let wanted = self.columns ^ group[0].cols;
            let from = self.south.partition_point(|s| s.cols < wanted);
            let to = from + self.south[from..].partition_point(|s| s.cols == wanted);
            for north in group {
                append(
                    north,
                    (&down[from..to], &up[from..to], &signatures[from..to]),
                );
            }
        }
    }
}
