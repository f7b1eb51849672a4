//! The sampled pieces of a search plan: the search below one node a few
//! rows under a unit's prefix, reached by a random walk from a unit
//! picked at random. Its time, times the inverse of the chance of picking
//! it (the units, times the branching factors on the way down), is an
//! unbiased estimate of the whole plan's time. Pieces are cut deep enough
//! to take about a millisecond, so that a few seconds time thousands of
//! them even for n = 28.

use super::super::way::{Pieces, Way};
use crate::count::estimate::walk::random_walk;
use crate::count::estimate::CpuStopwatch;
use crate::count::kernel::{Kernel, Scratch};
use crate::count::rules::Rules;
use crate::count::unit::Unit;
use crate::BoardSize;
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// The nodes a piece should have on average: about a millisecond's search.
const PIECE_NODES: f64 = 5e5;

/// Walks that measure the tree's profile, to choose how deep pieces are.
const PROFILE_WALKS: u32 = 4000;

/// Random pieces of a search plan, timed on one kernel.
pub(in crate::count::method) struct SearchPieces<'p> {
    way: &'static dyn Way,
    size: BoardSize,
    units: &'p [Unit],
    kernel: Kernel,
    scratch: Scratch,
    random: Pcg64Mcg,
    /// Rows placed above each piece.
    rows: usize,
}

impl<'p> SearchPieces<'p> {
    /// The pieces `seed` picks, of a plan whose `units` are searches
    /// under `way`'s rules.
    pub fn new(
        way: &'static dyn Way,
        size: BoardSize,
        units: &'p [Unit],
        kernel: Kernel,
        seed: u64,
    ) -> SearchPieces<'p> {
        let random = Pcg64Mcg::seed_from_u64(seed);
        let mut pieces = SearchPieces {
            way,
            size,
            units,
            kernel,
            scratch: Scratch::default(),
            random,
            rows: 0,
        };
        pieces.rows = pieces.piece_rows();
        pieces
    }

    /// A unit's rules (every unit of a split search plan has them).
    fn rules(&self, unit: &Unit) -> Rules {
        let rules = self.way.rules(self.size, unit.start());
        rules.expect("a split plan has rules")
    }

    /// The next piece (none when the walk to it met a dead end), and the
    /// inverse of the chance of picking it.
    pub fn next_piece(&mut self) -> (Option<(Rules, Vec<u8>)>, f64) {
        let units = self.units;
        let unit = &units[self.random.random_range(0..units.len())];
        let rules = self.rules(unit);
        let prefix = unit.start().columns().unwrap_or_default();
        let (piece, odds) = random_walk(&rules, prefix, self.rows, &mut self.random, |_, _| {});
        let weight = odds * units.len() as f64;
        (piece.map(|piece| (rules, piece)), weight)
    }

    /// How many rows pieces fill: the fewest (from the units' own) at
    /// which a node has about [`PIECE_NODES`] below it on average, as
    /// random walks of the whole plan estimate. The kernels search below
    /// at most n − 2 rows.
    fn piece_rows(&mut self) -> usize {
        let n = self.size.get();
        let mut level = vec![0.0; n + 1];
        for _ in 0..PROFILE_WALKS {
            let unit = &self.units[self.random.random_range(0..self.units.len())];
            let rules = self.rules(unit);
            let prefix = unit.start().columns().unwrap_or_default();
            random_walk(&rules, prefix, n, &mut self.random, |row, odds| {
                level[row] += odds
            });
        }
        let first = self.units[0].start().columns().map_or(0, <[u8]>::len);
        (first..=n - 2)
            .find(|&rows| {
                let below: f64 = level[rows..].iter().sum();
                below / level[rows].max(f64::MIN_POSITIVE) <= PIECE_NODES
            })
            .unwrap_or(n - 2)
            .max(first)
    }

    #[cfg(test)]
    pub fn cut_at(&mut self, rows: usize) {
        self.rows = rows;
    }
}

impl Pieces for SearchPieces<'_> {
    fn rows(&self) -> usize {
        self.rows
    }

    /// A search's pieces are short: nothing is forecast.
    fn next_estimate(&mut self, _tell: Option<&mut dyn FnMut(f64, (f64, f64))>) -> f64 {
        let (piece, weight) = self.next_piece();
        let seconds = piece.map_or(0.0, |(rules, prefix)| {
            let started = CpuStopwatch::start();
            std::hint::black_box(self.kernel.tally(&rules, &prefix, &mut self.scratch));
            started.seconds()
        });
        seconds * weight
    }
}

#[cfg(test)]
mod tests;
