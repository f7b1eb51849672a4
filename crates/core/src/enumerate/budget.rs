//! How far into the backtrack tree the K-th solution lies: what a slow
//! algorithm would have to search before it prints K solutions.

use super::solve_below;
use crate::board::Attacks;
use crate::stats::Probe;
use crate::{from_fn, BoardSize};

/// Counts nodes, and asks the search to stop past a budget.
struct Budget {
    nodes: u128,
    most: u128,
}

impl Probe for Budget {
    #[inline(always)]
    fn placed(&mut self, _: usize, count: u32) {
        self.nodes += u128::from(count);
    }

    #[inline(always)]
    fn examine(&mut self, _: usize, _: Attacks, _: u32) {}

    #[inline(always)]
    fn exhausted(&self) -> bool {
        self.nodes > self.most
    }
}

/// The nodes of Knuth's backtrack tree (the root and every queen placed,
/// in lexicographic order: the tree every row-by-row algorithm searches)
/// visited until the `solutions`-th solution is found, or until the tree
/// ends; `None` when that is more than `budget` nodes.
///
/// ```
/// use nqueens::{enumerate::nodes_before, BoardSize};
/// let eight = BoardSize::new(8)?;
/// assert_eq!(nodes_before(eight, u128::MAX, u128::MAX), Some(2057));
/// assert!(nodes_before(eight, 1, u128::MAX).unwrap() < 2057);
/// assert_eq!(nodes_before(eight, u128::MAX, 100), None);
/// # Ok::<(), nqueens::SizeError>(())
/// ```
pub fn nodes_before(size: BoardSize, solutions: u128, budget: u128) -> Option<u128> {
    let mut probe = Budget {
        nodes: 1,
        most: budget,
    };
    let mut found = 0u128;
    let sink = from_fn(|_| {
        found += 1;
        Ok::<_, ()>(found < solutions)
    });
    let summary = solve_below(size, &[], sink, &mut probe).ok()?;
    let finished = summary.complete || found >= solutions;
    (finished && probe.nodes <= budget).then_some(probe.nodes)
}
