//! Backtracking over about one board of each symmetry class: units by
//! the border queens' case (see the rules module), each a search below
//! the first rows under its unit's rules.

use super::search;
use super::way::{Pieces, Way, Worker};
use crate::board::placements;
use crate::count::kernel::Kernel;
use crate::count::rules::Rules;
use crate::count::unit::{Unit, UnitStart};
use crate::stats::Probe;
use crate::{BoardSize, Stats};

/// Rows the prefixes fill: enough units to share the work out evenly, few
/// enough that each is worth a task.
const ROWS: usize = 4;

/// The backtracking method.
pub(super) struct Backtrack;

impl Way for Backtrack {
    fn on_devices(&self) -> bool {
        true
    }

    /// Always the same units, in the same order: the corner cases by their
    /// row-1 column, then the edge cases by the top queen's column, each
    /// by the columns of the next rows.
    fn starts(&self, size: BoardSize) -> Vec<UnitStart> {
        search::starts(size, |n| {
            let corners = (2..n - 1).map(|col| vec![0, col as u8]);
            let edges = (1..n).take_while(|&a| a < n - 1 - a).map(|a| vec![a as u8]);
            let rows = ROWS.min(n - 2);
            (corners.chain(edges))
                .flat_map(|first_rows| {
                    let rules = Rules::symmetric(n, &first_rows);
                    placements(first_rows, rows, &|row| rules.allowed[row])
                })
                .collect()
        })
    }

    fn costs(&self, size: BoardSize, starts: &[UnitStart]) -> Vec<u64> {
        search::costs(size, starts, |prefix| Rules::symmetric(size.get(), prefix))
    }

    /// The root and the nodes of the shorter prefixes.
    fn above(&self, size: BoardSize, starts: &[UnitStart]) -> Stats {
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

    fn rules(&self, size: BoardSize, start: &UnitStart) -> Option<Rules> {
        let prefix = start.columns().filter(|prefix| !prefix.is_empty())?;
        Some(Rules::symmetric(size.get(), prefix))
    }

    fn worker(&self, size: BoardSize, kernel: Kernel, threads: usize) -> Box<dyn Worker> {
        search::worker(&Backtrack, size, kernel, threads)
    }

    fn pieces<'p>(
        &self,
        size: BoardSize,
        units: &'p [Unit],
        kernel: Kernel,
        seed: u64,
    ) -> Option<Box<dyn Pieces + 'p>> {
        search::pieces(&Backtrack, size, units, kernel, seed)
    }
}
