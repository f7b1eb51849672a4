//! Running join units: each term's east half boards against its west
//! ones, a part of each side at a time where a side is long.

use super::disjoint::Disjoint;
use super::east_rows;
use super::family::{joins, terms, Term};
use super::half::{Half, Quadrants};
use super::memory::Sizing;
use super::quadrant::Geometry;
use crate::count::kernel::Kernel;
use crate::count::method::way::Worker;
use crate::count::per_thread::PerThread;
use crate::count::rules::ONE_BOARD;
use crate::count::unit::Unit;
use crate::count::Tally;
use crate::{BoardSize, Stats};
use std::sync::atomic::{AtomicU64, Ordering};

/// One thread's working memory, kept between units.
#[derive(Debug, Default)]
struct Scratch {
    disjoint: Disjoint,
    east: Vec<u64>,
    west: Vec<u64>,
}

impl Scratch {
    fn bytes(&self) -> u64 {
        let halves = self.east.capacity() + self.west.capacity();
        (halves * 8 + self.disjoint.bytes()) as u64
    }
}

/// What a unit has made of its west side so far.
#[derive(Debug, Default)]
struct WestSide {
    /// Its half boards are all in the scratch.
    whole: bool,
    /// They have been counted as nodes.
    counted: bool,
}

/// Runs join units: the quadrants shared by the run's threads, and each
/// thread's half boards and split, all let go when the run ends.
pub(super) struct JoinWorker {
    geometry: Geometry,
    kernel: Kernel,
    quadrants: Quadrants,
    /// The most half boards of a side a thread holds at once: a unit with
    /// more is joined a part of each side against a part of the other.
    part: usize,
    scratch: PerThread<Scratch>,
    peak: AtomicU64,
}

impl JoinWorker {
    pub fn new(size: BoardSize, kernel: Kernel, threads: usize, sizing: Sizing) -> JoinWorker {
        let geometry = Geometry::of(size.get());
        JoinWorker {
            geometry,
            kernel,
            quadrants: Quadrants::new(geometry, sizing.store),
            part: sizing.part,
            scratch: PerThread::new(threads),
            peak: AtomicU64::new(0),
        }
    }

    /// Counts the unit whose east rows are `rows` with `kernel`: the
    /// solutions of its terms, the placements and half boards built as
    /// nodes. The terms of an odd board's unit share its west side, and
    /// those of one weight are one join: their east half boards in one
    /// list, each also taking the diagonals of its term's middle queen (so
    /// that a west half board attacking that queen clashes with it). The
    /// split by diagonals tells the terms apart at no cost, and one join
    /// of them all costs far less than one for each (n = 19: 0.8×).
    pub fn tally_rows(&self, kernel: Kernel, rows: u32) -> Tally {
        let geometry = self.geometry;
        let west = self.quadrants.half(rows ^ geometry.all_rows(), false);
        self.scratch.with(|scratch| {
            let mut nodes = west.placements();
            let mut thirds = 0;
            let mut west_side = WestSide::default();
            for (weight, terms) in joins(geometry, rows) {
                let (pairs, made) = self.pairs(kernel, &terms, &west, &mut west_side, scratch);
                thirds += u128::from(pairs) * weight * u128::from(ONE_BOARD);
                nodes += made;
            }
            self.peak.fetch_max(scratch.bytes(), Ordering::Relaxed);
            Tally::new(thirds, u128::from(nodes))
        })
    }

    /// Appends to `out` the east half boards of `terms` from (`term`,
    /// `from`) on, each with its term's middle queen, until `out` holds a
    /// part; returns where the next part starts, and adds the quadrant
    /// placements of each term begun to `placements`. One term's
    /// quadrants are held at a time, as memory.rs reckons.
    fn append_east(
        &self,
        kernel: Kernel,
        terms: &[Term],
        (mut term, mut from): (usize, usize),
        (out, placements): (&mut Vec<u64>, &mut u64),
    ) -> (usize, usize) {
        out.clear();
        while term < terms.len() && out.len() < self.part {
            let placed = terms[term].placed(self.geometry);
            let half = self.quadrants.half(terms[term].east, true).beside(placed);
            if from == 0 {
                *placements += half.placements();
            }
            let signature = terms[term].placed_signature(self.geometry);
            let start = out.len();
            from = half.append(kernel, from, self.part, out);
            if signature != 0 {
                out[start..].iter_mut().for_each(|east| *east |= signature);
            }
            if from == half.north_len() {
                (term, from) = (term + 1, 0);
            }
        }
        (term, from)
    }

    /// The disjoint pairs of an east half board of `terms` and a west
    /// one, and the placements and half boards made: each side a part of
    /// at most [`JoinWorker::part`] at a time. A west side made whole at
    /// once stays in the scratch for the unit's other east parts and joins;
    /// one of more parts is made again for each east part (and counted as
    /// nodes once, so that a unit's nodes do not depend on its parts).
    fn pairs(
        &self,
        kernel: Kernel,
        terms: &[Term],
        west: &Half,
        west_side: &mut WestSide,
        scratch: &mut Scratch,
    ) -> (u64, u64) {
        let Scratch {
            disjoint,
            east: east_part,
            west: west_part,
        } = scratch;
        let mut count = |east: &[u64], west: &[u64]| disjoint.count(kernel, east, west);
        let (mut pairs, mut made, mut at) = (0, 0, (0, 0));
        while at.0 < terms.len() {
            at = self.append_east(kernel, terms, at, (east_part, &mut made));
            made += east_part.len() as u64;
            if east_part.is_empty() {
                continue;
            }
            if west_side.whole {
                pairs += count(east_part, west_part);
                continue;
            }
            let mut west_from = 0;
            while west_from < west.north_len() {
                west_part.clear();
                let first_west = west_from == 0;
                west_from = west.append(kernel, west_from, self.part, west_part);
                if !west_side.counted {
                    made += west_part.len() as u64;
                }
                west_side.whole = first_west && west_from == west.north_len();
                pairs += count(east_part, west_part);
            }
            west_side.counted = true;
        }
        (pairs, made)
    }

    /// The board's size.
    pub fn n(&self) -> usize {
        self.geometry.n
    }

    /// The quadrant lists `unit` uses, as (east, rows).
    pub fn lists_of(&self, unit: &Unit) -> Vec<(bool, u32)> {
        let north = self.geometry.north_rows();
        let terms = terms(self.geometry, east_rows(unit.start())).into_iter();
        let lists = terms.flat_map(|term| {
            [(true, term.east), (false, term.west)]
                .map(|(east, rows)| [(east, rows & north), (east, rows & !north)])
        });
        lists.flatten().collect()
    }

    /// Keeps only the quadrant lists `lists` (as (east, rows)), made now.
    pub fn keep_only(&self, lists: impl Iterator<Item = (bool, u32)>) {
        self.quadrants.forget();
        for (east, rows) in lists {
            self.quadrants.keep(rows, east);
        }
    }
}

impl Worker for JoinWorker {
    fn tally(&self, unit: &Unit) -> Tally {
        self.tally_rows(self.kernel, east_rows(unit.start()))
    }

    /// No tree: only the placements built, as nodes.
    fn tally_with_stats(&self, unit: &Unit) -> (Tally, Stats) {
        let tally = self.tally_rows(Kernel::Scalar, east_rows(unit.start()));
        let mut stats = Stats::empty(self.geometry.n);
        stats.nodes = tally.nodes();
        (tally, stats)
    }

    fn peak_bytes(&self) -> u64 {
        self.peak.load(Ordering::Relaxed)
    }
}
