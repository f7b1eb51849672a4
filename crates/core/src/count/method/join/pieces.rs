//! The join's sampled pieces: whole units, each picked with a chance in
//! proportion to its cost and weighed by the inverse of that chance.
//!
//! A unit is run twice: first with none of its quadrant lists made, then
//! with all four kept. The second run is the unit's own work; the first
//! also makes the lists, which a count does once per tile that needs
//! them, not once per unit (order.rs). So a piece is the second run's
//! time and the lists' time times the share of the unit's lists that the
//! count makes rather than finds kept, from a run of the whole plan on
//! the count's threads with its store, simulated on the lists' sizes
//! (order.rs). (An earlier version took the share from the 512 units
//! around the sampled one; that missed the lists a thread's run keeps
//! from further back, and projected n = 21 14 % high.)

use super::super::way::{Pieces, Worker};
use super::cost::Tables;
use super::half::PLACEMENT_BYTES;
use super::order::made_shares;
use super::JoinWorker;
use crate::count::unit::Unit;
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;
use std::time::Instant;

/// Random whole units of a join plan, timed on one thread.
pub(super) struct UnitPieces<'p> {
    units: &'p [Unit],
    worker: JoinWorker,
    random: Pcg64Mcg,
    /// The running sum of the units' costs, unit by unit.
    ends: Vec<u64>,
    /// Each unit's share of its lists that the count makes.
    made: Vec<f64>,
}

impl<'p> UnitPieces<'p> {
    /// Pieces of `units` run by `worker`, picked by `seed`, for a count on
    /// `threads` threads that keeps `store` bytes of lists.
    pub fn new(
        worker: JoinWorker,
        units: &'p [Unit],
        seed: u64,
        (threads, store): (usize, u64),
    ) -> UnitPieces<'p> {
        let ends = (units.iter())
            .scan(0, |all, unit| {
                *all += unit.cost();
                Some(*all)
            })
            .collect();
        let tables = Tables::of(worker.n());
        let bytes = |(east, rows)| (tables.list(rows, east) as u64) * PLACEMENT_BYTES;
        let lists = |unit: usize| worker.lists_of(&units[unit]);
        let made = made_shares(units.len(), threads, store, lists, bytes);
        UnitPieces {
            units,
            worker,
            random: Pcg64Mcg::seed_from_u64(seed),
            ends,
            made,
        }
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
        let seconds = warm + (cold - warm).max(0.0) * self.made[at];
        seconds * all as f64 / unit.cost() as f64
    }
}
