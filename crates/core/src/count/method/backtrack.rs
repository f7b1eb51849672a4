//! Backtracking over about one board of each symmetry class: units by
//! the border queens' case (see the rules module), each a search below
//! the first rows under its unit's rules.

use super::search::Search;
use crate::board::placements;
use crate::count::rules::Rules;
use crate::count::unit::UnitStart;
use crate::stats::Probe;
use crate::{BoardSize, Stats};

/// Rows the prefixes fill: enough units to share the work out evenly, few
/// enough that each is worth a task.
const ROWS: usize = 4;

/// The backtracking method.
pub(super) struct Backtrack;

impl Search for Backtrack {
    fn name(&self) -> &'static str {
        "backtrack"
    }

    fn summary(&self) -> String {
        "about one board of each symmetry class searched".into()
    }

    fn counts_by(&self) -> &'static str {
        "backtracking"
    }

    /// Always the same units, in the same order: the corner cases by their
    /// row-1 column, then the edge cases by the top queen's column, each
    /// by the columns of the next rows.
    fn prefixes(&self, n: usize) -> Vec<Vec<u8>> {
        let corners = (2..n - 1).map(|col| vec![0, col as u8]);
        let edges = (1..n).take_while(|&a| a < n - 1 - a).map(|a| vec![a as u8]);
        let rows = ROWS.min(n - 2);
        (corners.chain(edges))
            .flat_map(|first_rows| {
                let rules = Rules::symmetric(n, &first_rows);
                placements(first_rows, rows, &|row| rules.allowed[row])
            })
            .collect()
    }

    fn rules_below(&self, n: usize, prefix: &[u8]) -> Rules {
        Rules::symmetric(n, prefix)
    }

    /// The root and the nodes of the shorter prefixes.
    fn visited_above(&self, size: BoardSize, starts: &[UnitStart]) -> Stats {
        let mut stats = Stats::new(size.get());
        let prefixes: Vec<&[u8]> = starts.iter().filter_map(UnitStart::columns).collect();
        let depth = prefixes.first().map_or(0, |prefix| prefix.len());
        for shorter in 1..depth {
            let mut heads: Vec<&[u8]> = prefixes.iter().map(|p| &p[..shorter]).collect();
            heads.dedup();
            stats.placed(shorter, heads.len() as u32);
        }
        stats
    }
}
