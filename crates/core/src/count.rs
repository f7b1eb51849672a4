//! Counting with the bitmask method and left-right mirror symmetry.

use crate::probe::Probe;
use crate::{BoardSize, Stats, MAX_N};
use rayon::prelude::*;

/// A partial placement to count below: the first `row` rows are filled, and
/// the masks say which squares of row `row` are attacked (bit c = column c).
/// Its solutions are counted `weight` times.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Start {
    row: usize,
    cols: u32,
    diag: u32,
    anti: u32,
    weight: u128,
}

impl Start {
    /// The state after placing a queen on `bit` of row `self.row`.
    fn place(self, bit: u32, weight: u128) -> Start {
        Start {
            row: self.row + 1,
            cols: self.cols | bit,
            diag: (self.diag | bit) << 1,
            anti: (self.anti | bit) >> 1,
            weight,
        }
    }
}

/// Counts all solutions of the board (OEIS A000170).
///
/// A solution and its left-right mirror image are different solutions, and
/// exactly one of the two has its row-0 queen left of the middle (for odd n,
/// when row 0's queen is in the middle column, row 1's queen decides). So the
/// engine counts only those and doubles them: half the tree.
///
/// ```
/// use nqueens::{count, BoardSize};
/// assert_eq!(count(BoardSize::new(8)?), 92);
/// assert_eq!(count(BoardSize::new(0)?), 1);
/// # Ok::<(), nqueens::SizeError>(())
/// ```
pub fn count(size: BoardSize) -> u128 {
    mirror_starts(size)
        .into_iter()
        .map(|start| start.weight * count_below(size, start, &mut ()))
        .sum()
}

/// Counts as [`count`] (with mirror symmetry) or [`count_plain`] (without),
/// with the statistics of the nodes actually visited. With symmetry, the
/// root and the shared middle-column node of odd boards are counted as
/// nodes, but their rows are not counted as tested.
pub(crate) fn count_with_stats(size: BoardSize, symmetry: bool) -> (u128, Stats) {
    let mut stats = Stats::new(size.get());
    let starts = if symmetry {
        mirror_starts(size)
    } else {
        vec![ROOT]
    };
    let mut total = 0;
    for start in &starts {
        let found = count_below(size, *start, &mut stats);
        stats.solutions += found;
        total += start.weight * found;
    }
    let n = size.get();
    if symmetry && n % 2 == 1 && n > 1 {
        stats.placed(1, 1);
    }
    (total, stats)
}

/// Counts all solutions by searching the whole tree, with no symmetry: the
/// reference the faster counters are checked against.
///
/// ```
/// use nqueens::{count_plain, BoardSize};
/// assert_eq!(count_plain(BoardSize::new(6)?), 4);
/// # Ok::<(), nqueens::SizeError>(())
/// ```
pub fn count_plain(size: BoardSize) -> u128 {
    count_below(size, ROOT, &mut ())
}

/// The number of nodes of the plain backtrack tree (Knuth's: the root and
/// every partial placement of the first rows), searched on all threads.
///
/// ```
/// use nqueens::{plain_tree_nodes, BoardSize};
/// assert_eq!(plain_tree_nodes(BoardSize::new(8)?), 2057);
/// # Ok::<(), nqueens::SizeError>(())
/// ```
pub fn plain_tree_nodes(size: BoardSize) -> u128 {
    let n = size.get();
    #[cfg(target_arch = "x86_64")]
    if n >= 6 && crate::wave::available() {
        return plain_tree_nodes_wide(n);
    }
    let starts: Vec<Start> = (0..n).map(|c| ROOT.place(1 << c, 1)).collect();
    let below: u128 = starts
        .par_iter()
        .map(|&start| {
            let mut nodes = NodeCount(0);
            count_below(size, start, &mut nodes);
            nodes.0
        })
        .sum();
    1 + below
}

/// [`plain_tree_nodes`] on the 16-lane search: the root, the first row's
/// n nodes, and the subtrees below each pair of first two rows.
#[cfg(target_arch = "x86_64")]
fn plain_tree_nodes_wide(n: usize) -> u128 {
    let rules = crate::subproblem::Rules::plain(n);
    let pairs: Vec<[u8; 2]> = (0..n as u8)
        .flat_map(|a| (0..n as u8).map(move |b| [a, b]))
        .filter(|&[a, b]| a.abs_diff(b) > 1)
        .collect();
    let below: u128 = pairs
        .par_iter()
        .with_max_len(1)
        .map(|prefix| crate::wave::tally(&rules, prefix).nodes)
        .sum();
    1 + n as u128 + below
}

/// A probe that only counts nodes.
struct NodeCount(u128);

impl Probe for NodeCount {
    fn placed(&mut self, _: usize, count: u32) {
        self.0 += u128::from(count);
    }
    fn examine(&mut self, _: usize, _: u32, _: u32, _: u32, _: u32) {}
}

const ROOT: Start = Start {
    row: 0,
    cols: 0,
    diag: 0,
    anti: 0,
    weight: 1,
};

/// The subtrees that, each counted `weight` times, cover the whole tree once.
fn mirror_starts(size: BoardSize) -> Vec<Start> {
    let n = size.get();
    let half = n / 2;
    let mut starts: Vec<Start> = (0..half).map(|c| ROOT.place(1 << c, 2)).collect();
    if n % 2 == 1 {
        let middle = ROOT.place(1 << half, 1);
        if n == 1 {
            starts.push(middle);
        } else {
            // Row 0 in the middle: a mirror pair is told apart by row 1.
            let left_half = (1u32 << half) - 1;
            let free = left_half & !(middle.cols | middle.diag | middle.anti);
            starts.extend(bits(free).map(|bit| middle.place(bit, 2)));
        }
    }
    if n == 0 {
        starts.push(ROOT);
    }
    starts
}

/// The set bits of `mask`, lowest first, each as a one-bit mask.
fn bits(mut mask: u32) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        let bit = mask & mask.wrapping_neg();
        mask ^= bit;
        (bit != 0).then_some(bit)
    })
}

/// Counts the completions of `start`, row by row with an explicit stack.
fn count_below<P: Probe>(size: BoardSize, start: Start, probe: &mut P) -> u128 {
    let n = size.get();
    if start.row > 0 {
        probe.placed(start.row, 1);
    }
    if start.row == n {
        return 1;
    }
    let full = size.full_mask();
    let last = n - 1;
    let mut stack = [(0u32, 0u32, 0u32, 0u32); MAX_N];
    let mut row = start.row;
    let free = full & !(start.cols | start.diag | start.anti);
    probe.examine(row, start.cols, start.diag, start.anti, free);
    let mut top = (start.cols, start.diag, start.anti, free);
    let mut total = 0u128;
    loop {
        let (cols, diag, anti, free) = top;
        if row == last {
            // Every free square of the last row completes a solution.
            probe.placed(n, free.count_ones());
            total += u128::from(free.count_ones());
        } else if free != 0 {
            let bit = free & free.wrapping_neg();
            stack[row] = (cols, diag, anti, free ^ bit);
            row += 1;
            top = enter(row, (cols, diag, anti), bit, full, probe);
            continue;
        }
        // Back up to the nearest row with a column left to try.
        loop {
            if row == start.row {
                return total;
            }
            row -= 1;
            if stack[row].3 != 0 {
                break;
            }
        }
        let (cols, diag, anti, free) = stack[row];
        let bit = free & free.wrapping_neg();
        stack[row].3 = free ^ bit;
        row += 1;
        top = enter(row, (cols, diag, anti), bit, full, probe);
    }
}

/// The state of row `row` after a queen on `bit` in the row above.
#[inline(always)]
fn enter<P: Probe>(
    row: usize,
    (cols, diag, anti): (u32, u32, u32),
    bit: u32,
    full: u32,
    probe: &mut P,
) -> (u32, u32, u32, u32) {
    let (c, d, a) = (cols | bit, (diag | bit) << 1, (anti | bit) >> 1);
    let free = full & !(c | d | a);
    probe.placed(row, 1);
    probe.examine(row, c, d, a, free);
    (c, d, a, free)
}
