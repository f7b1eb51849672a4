//! The lexicographic search below a prefix, on the bitmask attack state.

use super::Summary;
use crate::board::Attacks;
use crate::stats::Probe;
use crate::{BoardSize, Sink, Solution, MAX_N};

/// One row's place in the search: the attacks on it and its free columns
/// not yet tried.
#[derive(Debug, Clone, Copy, Default)]
struct Frame {
    attacks: Attacks,
    untried: u32,
}

impl Frame {
    fn new(attacks: Attacks, full: u32) -> Frame {
        Frame {
            attacks,
            untried: attacks.free(full),
        }
    }
}

/// The solutions that start with the columns `prefix` (a valid placement
/// of fewer than n − 1 rows), in lexicographic order, every node reported
/// to `probe`.
pub(crate) fn solve_below<S: Sink, P: Probe>(
    size: BoardSize,
    prefix: &[u8],
    mut sink: S,
    probe: &mut P,
) -> Result<Summary, S::Error> {
    let n = size.get();
    let mut solution = Solution::from_columns(vec![0; n]);
    for (column, &from) in solution.columns_mut().iter_mut().zip(prefix) {
        *column = u32::from(from);
    }
    if n == 0 {
        // The empty board is the one arrangement of zero queens.
        let go_on = sink.solution(&solution)?;
        return Ok(Summary::new(1, go_on));
    }
    let (full, last, start) = (size.full_mask(), n - 1, prefix.len());
    // Frames of the rows above the current one; the current one is `here`.
    let mut frames = [Frame::default(); MAX_N];
    let mut here = Frame::new(Attacks::of(prefix), full);
    let mut row = start;
    let mut emitted = 0u128;
    probe.examine(row, here.attacks, here.untried);
    loop {
        if here.untried == 0 {
            if row == start {
                return Ok(Summary::new(emitted, true));
            }
            row -= 1;
            here = frames[row];
            continue;
        }
        // Lowest set bit first: columns are tried left to right.
        let bit = here.untried & here.untried.wrapping_neg();
        here.untried ^= bit;
        solution.columns_mut()[row] = bit.trailing_zeros();
        let next = Frame::new(here.attacks.place(bit), full);
        probe.placed(row + 1, 1);
        if probe.exhausted() {
            return Ok(Summary::new(emitted, false));
        }
        if row + 1 < n {
            probe.examine(row + 1, next.attacks, next.untried);
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
            solution.columns_mut()[last] = next.untried.trailing_zeros();
            probe.placed(n, 1);
        }
        emitted += 1;
        if !sink.solution(&solution)? {
            return Ok(Summary::new(emitted, false));
        }
    }
}
