//! The plain tree: backtracking over every board, each counted once. The
//! reference the other methods are checked against, and the tree the
//! teaching algorithms search; units below the first rows, no rules.

use super::search;
use super::way::{Pieces, Way, Worker};
use crate::board::{placements, walk_placements};
use crate::count::kernel::Kernel;
use crate::count::rules::Rules;
use crate::count::unit::{Unit, UnitStart};
use crate::stats::Probe;
use crate::{BoardSize, Stats};

/// Rows the prefixes fill.
const ROWS: usize = 3;

/// The plain-tree method.
pub(super) struct PlainTree;

impl Way for PlainTree {
    fn on_devices(&self) -> bool {
        true
    }

    fn starts(&self, size: BoardSize) -> Vec<UnitStart> {
        let full = size.full_mask();
        search::starts(size, |n| placements(Vec::new(), ROWS.min(n - 2), &|_| full))
    }

    fn costs(&self, size: BoardSize, starts: &[UnitStart]) -> Vec<u64> {
        search::costs(size, starts, |_| Rules::plain(size.get()))
    }

    /// The root and the nodes of the shorter prefixes, with every square
    /// they examine, so that its statistics are Knuth's exactly.
    fn above(&self, size: BoardSize, starts: &[UnitStart]) -> Stats {
        let mut stats = Stats::new(size.get());
        let depth = starts
            .first()
            .and_then(UnitStart::columns)
            .map_or(0, <[u8]>::len);
        if depth == 0 {
            return stats;
        }
        let full = size.full_mask();
        walk_placements(&mut Vec::new(), depth, &|_| full, &mut |prefix, attacks| {
            if prefix.len() < depth {
                stats.placed(prefix.len(), u32::from(!prefix.is_empty()));
                stats.examine(prefix.len(), attacks, attacks.free(full));
            }
        });
        stats
    }

    fn rules(&self, size: BoardSize, start: &UnitStart) -> Option<Rules> {
        start.columns().filter(|prefix| !prefix.is_empty())?;
        Some(Rules::plain(size.get()))
    }

    fn worker(&self, size: BoardSize, kernel: Kernel, threads: usize) -> Box<dyn Worker> {
        search::worker(&PlainTree, size, kernel, threads)
    }

    fn pieces<'p>(
        &self,
        size: BoardSize,
        units: &'p [Unit],
        kernel: Kernel,
        seed: u64,
    ) -> Option<Box<dyn Pieces + 'p>> {
        search::pieces(&PlainTree, size, units, kernel, seed)
    }
}
