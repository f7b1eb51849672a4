//! The join's sampled pieces: whole units, each picked with a chance in
//! proportion to its cost and weighed by the inverse of that chance. Each
//! is run once before it is timed: in a count, the quadrant placements a
//! unit needs are mostly built already by its neighbours, which a random
//! unit has not run.

use super::super::way::{Pieces, Worker};
use super::JoinWorker;
use crate::count::kernel::Kernel;
use crate::count::unit::Unit;
use crate::BoardSize;
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
}

impl<'p> UnitPieces<'p> {
    pub fn new(size: BoardSize, units: &'p [Unit], kernel: Kernel, seed: u64) -> UnitPieces<'p> {
        let ends = (units.iter())
            .scan(0, |all, unit| {
                *all += unit.cost();
                Some(*all)
            })
            .collect();
        UnitPieces {
            units,
            worker: JoinWorker::new(size, kernel, 1),
            random: Pcg64Mcg::seed_from_u64(seed),
            ends,
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
        let unit = &self.units[self.ends.partition_point(|&end| end <= point)];
        std::hint::black_box(self.worker.tally(unit));
        let started = Instant::now();
        std::hint::black_box(self.worker.tally(unit));
        started.elapsed().as_secs_f64() * all as f64 / unit.cost() as f64
    }
}
