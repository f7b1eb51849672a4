//! The eight symmetries of the square board (the dihedral group D4), and
//! the representative of a solution's class: the least of its images.

use crate::Solution;

/// One of the eight rotations and reflections of an n×n board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// Leaves every square where it is.
    Identity,
    /// A quarter turn clockwise.
    Rotate90,
    /// A half turn.
    Rotate180,
    /// A quarter turn counter-clockwise.
    Rotate270,
    /// Left-right mirror.
    MirrorColumns,
    /// Top-bottom mirror.
    MirrorRows,
    /// Reflection in the main diagonal.
    Transpose,
    /// Reflection in the anti-diagonal.
    AntiTranspose,
}

impl Symmetry {
    /// All eight, identity first.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Rotate90,
        Symmetry::Rotate180,
        Symmetry::Rotate270,
        Symmetry::MirrorColumns,
        Symmetry::MirrorRows,
        Symmetry::Transpose,
        Symmetry::AntiTranspose,
    ];

    /// Where square (row, col) of an n×n board goes.
    ///
    /// ```
    /// use nqueens::Symmetry;
    /// assert_eq!(Symmetry::Rotate90.square(8, 0, 1), (1, 7));
    /// ```
    pub fn square(self, n: usize, row: usize, col: usize) -> (usize, usize) {
        let (r, c, last) = (row, col, n - 1);
        match self {
            Symmetry::Identity => (r, c),
            Symmetry::Rotate90 => (c, last - r),
            Symmetry::Rotate180 => (last - r, last - c),
            Symmetry::Rotate270 => (last - c, r),
            Symmetry::MirrorColumns => (r, last - c),
            Symmetry::MirrorRows => (last - r, c),
            Symmetry::Transpose => (c, r),
            Symmetry::AntiTranspose => (last - c, last - r),
        }
    }

    /// The image of a full placement (one queen per row and column).
    pub fn apply(self, columns: &[u32], out: &mut [u32]) {
        let n = columns.len();
        for (row, &col) in columns.iter().enumerate() {
            let (r, c) = self.square(n, row, col as usize);
            out[r] = c as u32;
        }
    }
}

/// If `solution` is the representative of its class — the least, in
/// lexicographic order of columns, of its images under the eight
/// symmetries — the number of distinct boards in the class (1, 2, 4 or 8).
///
/// ```
/// use nqueens::{representative_class_size, Solution};
/// let four = |columns: Vec<u32>| Solution::from_columns(columns);
/// assert_eq!(representative_class_size(&four(vec![1, 3, 0, 2])), Some(2));
/// assert_eq!(representative_class_size(&four(vec![2, 0, 3, 1])), None);
/// ```
pub fn representative_class_size(solution: &Solution) -> Option<u8> {
    let columns = solution.columns();
    let mut image = [0u32; crate::MAX_N];
    let image = &mut image[..columns.len()];
    let mut fixed = 0u8;
    for symmetry in Symmetry::ALL {
        symmetry.apply(columns, image);
        match (*image).cmp(columns) {
            std::cmp::Ordering::Less => return None,
            std::cmp::Ordering::Equal => fixed += 1,
            std::cmp::Ordering::Greater => {}
        }
    }
    Some(8 / fixed)
}
