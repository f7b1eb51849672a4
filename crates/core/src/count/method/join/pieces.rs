//! The join's sampled pieces: whole units, each picked with a chance in
//! proportion to its cost and weighed by the inverse of that chance.
//!
//! A unit is run twice: first with none of its quadrant lists made, then
//! with all four kept. The second run is the unit's own work; the first
//! also makes the lists, which a count does once per tile that needs
//! them, not once per unit (order.rs). So a piece is the second run's
//! time and the lists' time shared out as the count shares it: times the
//! lists the unit's run of the plan makes, over the lists its units use.

use super::super::way::{Pieces, Worker};
use super::JoinWorker;
use crate::count::unit::Unit;
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;
use std::collections::HashSet;
use std::time::Instant;

/// Random whole units of a join plan, timed on one thread.
pub(super) struct UnitPieces<'p> {
    units: &'p [Unit],
    worker: JoinWorker,
    random: Pcg64Mcg,
    /// The running sum of the units' costs, unit by unit.
    ends: Vec<u64>,
}

/// Units on either side of a sampled one whose lists are reckoned its
/// run's: about what a thread's run of the plan keeps at once.
const NEIGHBOURS: usize = 256;

impl<'p> UnitPieces<'p> {
    pub fn new(worker: JoinWorker, units: &'p [Unit], seed: u64) -> UnitPieces<'p> {
        let ends = (units.iter())
            .scan(0, |all, unit| {
                *all += unit.cost();
                Some(*all)
            })
            .collect();
        UnitPieces {
            units,
            worker,
            random: Pcg64Mcg::seed_from_u64(seed),
            ends,
        }
    }

    /// Of the lists the units around `at` use, the share that is made
    /// rather than found kept: distinct lists over uses.
    fn made_share(&self, at: usize) -> f64 {
        let around =
            &self.units[at.saturating_sub(NEIGHBOURS)..(at + NEIGHBOURS).min(self.units.len())];
        let lists: Vec<(bool, u32)> = around
            .iter()
            .flat_map(|unit| self.worker.lists_of(unit))
            .collect();
        let distinct: HashSet<&(bool, u32)> = lists.iter().collect();
        distinct.len() as f64 / lists.len().max(1) as f64
    }
}

impl Pieces for UnitPieces<'_> {
    fn rows(&self) -> usize {
        0
    }

    fn next_estimate(&mut self) -> f64 {
        let all = self.ends.last().copied().unwrap_or(1);
        let point = self.random.random_range(0..all);
        let at = self.ends.partition_point(|&end| end <= point);
        let unit = &self.units[at];
        self.worker.forget_quadrants();
        let started = Instant::now();
        std::hint::black_box(self.worker.tally(unit));
        let cold = started.elapsed().as_secs_f64();
        let started = Instant::now();
        std::hint::black_box(self.worker.tally(unit));
        let warm = started.elapsed().as_secs_f64();
        let seconds = warm + (cold - warm).max(0.0) * self.made_share(at);
        seconds * all as f64 / unit.cost() as f64
    }
}
