//! The plain tree: backtracking over every board, each counted once. The
//! reference the other methods are checked against, and the tree the
//! teaching algorithms search; units below the first rows, no rules.

use super::search::Search;
use crate::board::{placements, walk_placements};
use crate::count::rules::Rules;
use crate::count::unit::UnitStart;
use crate::stats::Probe;
use crate::{BoardSize, Stats};

/// Rows the prefixes fill.
const ROWS: usize = 3;

/// The plain-tree method.
pub(super) struct PlainTree;

impl Search for PlainTree {
    fn name(&self) -> &'static str {
        "plain"
    }

    fn summary(&self) -> String {
        "the whole tree searched".into()
    }

    fn counts_by(&self) -> &'static str {
        "the plain tree"
    }

    fn uses_symmetry(&self) -> bool {
        false
    }

    fn prefixes(&self, n: usize) -> Vec<Vec<u8>> {
        let full = u32::MAX >> (32 - n);
        placements(Vec::new(), ROWS.min(n - 2), &|_| full)
    }

    fn rules_below(&self, n: usize, _prefix: &[u8]) -> Rules {
        Rules::plain(n)
    }

    /// The root and the nodes of the shorter prefixes, with every square
    /// they examine, so that its statistics are Knuth's exactly.
    fn visited_above(&self, size: BoardSize, starts: &[UnitStart]) -> Stats {
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
}
