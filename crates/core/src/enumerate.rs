//! Enumeration with the bitmask engine, in lexicographic order.

use crate::probe::Probe;
use crate::{BoardSize, Sink, Solution, MAX_N};

/// How an enumeration ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Summary {
    /// Solutions handed to the sink.
    pub solutions: u128,
    /// True when the whole tree was searched; false when the sink stopped it.
    pub complete: bool,
}

/// The attack state of one row: columns taken, squares attacked along ↘
/// diagonals (r−c fixed, shifting left each row) and along ↙ anti-diagonals
/// (r+c fixed, shifting right each row), and the free columns not yet tried.
#[derive(Debug, Clone, Copy, Default)]
struct Frame {
    cols: u32,
    diag: u32,
    anti: u32,
    untried: u32,
}

impl Frame {
    /// The next row's frame after a queen on `bit`.
    #[inline(always)]
    fn place(self, bit: u32, full: u32) -> Frame {
        let (cols, diag, anti) = (
            self.cols | bit,
            (self.diag | bit) << 1,
            (self.anti | bit) >> 1,
        );
        Frame {
            cols,
            diag,
            anti,
            untried: full & !(cols | diag | anti),
        }
    }
}

/// Pushes every solution of the board into `sink`, in lexicographic order of
/// their column vectors (row 0 first), until the sink says stop.
///
/// Memory is constant: one frame per row and one reused [`Solution`].
///
/// ```
/// use nqueens::{solve, BoardSize, Solution};
/// let mut all: Vec<Solution> = Vec::new();
/// let summary = solve(BoardSize::new(6)?, &mut all)?;
/// assert_eq!(summary.solutions, 4);
/// assert!(summary.complete);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve<S: Sink>(size: BoardSize, sink: S) -> Result<Summary, S::Error> {
    solve_probed(size, sink, &mut ())
}

/// [`solve`], reporting every node to `probe`.
pub(crate) fn solve_probed<S: Sink, P: Probe>(
    size: BoardSize,
    sink: S,
    probe: &mut P,
) -> Result<Summary, S::Error> {
    solve_below(size, &[], sink, probe)
}

/// The solutions that start with the columns `prefix` (a valid placement
/// of fewer than n − 1 rows), in lexicographic order.
pub(crate) fn solve_below<S: Sink, P: Probe>(
    size: BoardSize,
    prefix: &[u8],
    mut sink: S,
    probe: &mut P,
) -> Result<Summary, S::Error> {
    let n = size.get();
    let mut solution = Solution::from_columns(vec![0; n]);
    solution.columns_mut()[..prefix.len()].copy_from_slice(prefix);
    let mut emitted = 0u128;
    if n == 0 {
        // The empty board is the one arrangement of zero queens.
        let go_on = sink.solution(&solution)?;
        return Ok(Summary {
            solutions: 1,
            complete: go_on,
        });
    }
    let full = size.full_mask();
    let last = n - 1;
    // Frames of the rows above the current one; the current one is `here`.
    let mut frames = [Frame::default(); MAX_N];
    let start = prefix.len();
    let (cols, diag, anti) = crate::subproblem::attacks(prefix);
    let mut here = Frame {
        cols,
        diag,
        anti,
        untried: full & !(cols | diag | anti),
    };
    let mut row = start;
    probe.examine(row, cols, diag, anti, here.untried);
    loop {
        if here.untried == 0 {
            if row == start {
                return Ok(Summary {
                    solutions: emitted,
                    complete: true,
                });
            }
            row -= 1;
            here = frames[row];
            continue;
        }
        // Lowest set bit first: columns are tried left to right.
        let bit = here.untried & here.untried.wrapping_neg();
        here.untried ^= bit;
        solution.columns_mut()[row] = bit.trailing_zeros() as u8;
        let next = here.place(bit, full);
        probe.placed(row + 1, 1);
        if row + 1 < n {
            probe.examine(row + 1, next.cols, next.diag, next.anti, next.untried);
        }
        if row + 1 < last {
            frames[row] = here;
            here = next;
            row += 1;
            continue;
        }
        // Row n−2 leaves one column for the last row, which holds or not
        // (for n = 1, row 0 is the last row and the queen is the solution).
        if row + 1 == last {
            if next.untried == 0 {
                continue;
            }
            solution.columns_mut()[last] = next.untried.trailing_zeros() as u8;
            probe.placed(n, 1);
        }
        emitted += 1;
        if !sink.solution(&solution)? {
            return Ok(Summary {
                solutions: emitted,
                complete: false,
            });
        }
    }
}
