//! The join method: a board counted from half boards rather than by
//! searching to the bottom.
//!
//! Cut the board down the middle. In a solution, the rows whose queens
//! stand in the east half are a set E of as many rows as the half has
//! columns; the west half holds the other rows. An east half board on E
//! (one queen per east column, on the rows of E, no two attacking) is a
//! north quadrant placement and a south one on complementary columns; all
//! that the west half needs to know of it is which diagonals it takes
//! across the cut, its *signature* (2n bits). An east and a west half
//! make a solution exactly when their signatures are disjoint, so the
//! solutions with east rows E are the disjoint pairs of two lists of
//! signatures (see buckets.rs). A backtracking search visits nodes in
//! proportion to the partial boards; the join's work grows with the half
//! boards and the pairs that survive the buckets, which is why it pulls
//! ahead as n grows.
//!
//! Each set E is a unit of the plan. Turning the board upside down maps
//! E to its mirror image, and (for even n) the east–west mirror maps it
//! to its complement, with the same number of solutions: only the least
//! set of each such family is a unit, weighed by the family's size.

mod buckets;
mod cost;
mod half;
mod memory;
mod order;
mod pieces;
mod quadrant;

use super::way::{Memory, Pieces, Way, Worker};
use crate::count::kernel::Kernel;
use crate::count::per_thread::PerThread;
use crate::count::rules::ONE_BOARD;
use crate::count::unit::{Unit, UnitStart};
use crate::count::Tally;
use crate::{BoardSize, Stats};
use buckets::Buckets;
use half::{Half, Quadrants};
use memory::Sizing;
use quadrant::Geometry;
use std::sync::atomic::{AtomicU64, Ordering};

/// Boards above this size are not joined: Q(27) is the largest count
/// known, and n = 28's plan (40 million units) would pass what a machine
/// holds.
pub const JOIN_MAX_N: usize = 27;

/// The join method.
pub(super) struct Join;

impl Way for Join {
    fn max_n(&self) -> usize {
        JOIN_MAX_N
    }

    /// 2: the units in tiles (order.rs), not by value.
    fn plan_version(&self) -> u32 {
        2
    }

    fn starts(&self, size: BoardSize) -> Vec<UnitStart> {
        let n = size.get();
        let sets = order::tiled(Geometry::of(n), memory::placements(n), east_row_sets(n));
        sets.into_iter().map(UnitStart::EastRows).collect()
    }

    /// Each unit a set of east rows, listed in its key.
    fn plan_bytes(&self, size: BoardSize) -> u64 {
        let key = size.get() - Geometry::of(size.get()).west;
        let units = east_row_sets(size.get()).len();
        (units * (std::mem::size_of::<Unit>() + key + 8)) as u64
    }

    fn fits_to_memory(&self) -> bool {
        true
    }

    /// The product of each unit's quadrants' placements.
    fn costs(&self, size: BoardSize, starts: &[UnitStart]) -> Vec<u64> {
        let row_sets: Vec<u32> = starts.iter().map(east_rows).collect();
        cost::unit_costs(size.get(), &row_sets).0
    }

    /// Only the root: the join builds no tree above its units.
    fn above(&self, size: BoardSize, _starts: &[UnitStart]) -> Stats {
        Stats::new(size.get())
    }

    /// Parts of each side of a unit and quadrants kept, as many as fit.
    fn memory(&self, size: BoardSize, threads: usize, room: Option<u64>) -> Memory {
        Sizing::of(size.get(), threads, room).memory(size.get(), threads)
    }

    fn worker(
        &'static self,
        size: BoardSize,
        kernel: Kernel,
        threads: usize,
        room: Option<u64>,
    ) -> Box<dyn Worker> {
        let sizing = Sizing::of(size.get(), threads, room);
        Box::new(JoinWorker::new(size, kernel, threads, sizing))
    }

    fn pieces<'p>(
        &'static self,
        size: BoardSize,
        units: &'p [Unit],
        kernel: Kernel,
        seed: u64,
        (threads, room): (usize, Option<u64>),
    ) -> Option<Box<dyn Pieces + 'p>> {
        let sizing = Sizing::of(size.get(), threads, room);
        let worker = JoinWorker::new(size, kernel, 1, sizing);
        Some(Box::new(pieces::UnitPieces::new(worker, units, seed)))
    }
}

/// A join unit's east rows.
fn east_rows(start: &UnitStart) -> u32 {
    match start {
        UnitStart::EastRows(rows) => *rows,
        UnitStart::Columns(_) => unreachable!("the join's units are sets of east rows"),
    }
}

/// One thread's working memory, kept between units.
#[derive(Debug, Default)]
struct Scratch {
    buckets: Buckets,
    east: Vec<u64>,
    west: Vec<u64>,
}

impl Scratch {
    fn bytes(&self) -> u64 {
        let halves = (self.east.capacity() + self.west.capacity()) * 8;
        (halves + self.buckets.bytes()) as u64
    }
}

/// Runs join units: the quadrants shared by the run's threads, and each
/// thread's half boards and buckets, all let go when the run ends.
struct JoinWorker {
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
    fn new(size: BoardSize, kernel: Kernel, threads: usize, sizing: Sizing) -> JoinWorker {
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

    /// Counts the unit whose east rows are `rows` with `kernel`: its
    /// solutions times its family's size, the placements and half boards
    /// built as nodes.
    fn tally_rows(&self, kernel: Kernel, rows: u32) -> Tally {
        let geometry = self.geometry;
        let east = self.quadrants.half(rows, true);
        let west = self.quadrants.half(rows ^ geometry.all_rows(), false);
        let (pairs, halves) = self.scratch.with(|scratch| {
            let counted = self.pairs(kernel, &east, &west, scratch);
            self.peak.fetch_max(scratch.bytes(), Ordering::Relaxed);
            counted
        });
        let weight = family_size(geometry, rows);
        let thirds = u128::from(pairs) * weight * u128::from(ONE_BOARD);
        let nodes = east.placements() + west.placements() + halves;
        Tally::new(thirds, u128::from(nodes))
    }

    /// The disjoint pairs of an east and a west half board, and the half
    /// boards made: each side a part of at most [`JoinWorker::part`] at a
    /// time (a west side of more than one part is made again for each
    /// east part).
    fn pairs(&self, kernel: Kernel, east: &Half, west: &Half, scratch: &mut Scratch) -> (u64, u64) {
        let Scratch {
            buckets,
            east: east_part,
            west: west_part,
        } = scratch;
        let mut count =
            |east: &[u64], west: &[u64]| buckets.disjoint_pairs(kernel, self.geometry, east, west);
        let (mut pairs, mut halves) = (0, 0);
        let (mut east_from, mut first_east, mut west_whole) = (0, true, false);
        while east_from < east.north_len() {
            east_part.clear();
            east_from = east.append(kernel, east_from, self.part, east_part);
            halves += east_part.len() as u64;
            if west_whole {
                pairs += count(east_part, west_part);
            }
            let mut west_from = 0;
            while !west_whole && west_from < west.north_len() {
                west_part.clear();
                let first_west = west_from == 0;
                west_from = west.append(kernel, west_from, self.part, west_part);
                if first_east {
                    halves += west_part.len() as u64;
                }
                // A west side made whole at once is kept for the other east parts.
                west_whole = first_east && first_west && west_from == west.north_len();
                pairs += count(east_part, west_part);
            }
            first_east = false;
        }
        (pairs, halves)
    }
}

impl JoinWorker {
    /// The quadrant lists `unit` uses, as (east, rows).
    fn lists_of(&self, unit: &Unit) -> [(bool, u32); 4] {
        let rows = east_rows(unit.start());
        let west = rows ^ self.geometry.all_rows();
        let north = self.geometry.north_rows();
        [
            (true, rows & north),
            (true, rows & !north),
            (false, west & north),
            (false, west & !north),
        ]
    }

    /// Lets the quadrant lists kept go.
    fn forget_quadrants(&self) {
        self.quadrants.forget();
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

/// The sets of east rows that are units, in the plan's order: every set
/// of the right size that is the least of its family.
fn east_row_sets(n: usize) -> Vec<u32> {
    let geometry = Geometry::of(n);
    let size = (n - geometry.west) as u32;
    (0..=geometry.all_rows())
        .filter(|rows| rows.count_ones() == size)
        .filter(|&rows| family(geometry, rows).iter().all(|&other| rows <= other))
        .collect()
}

/// The sets of east rows with as many solutions as `rows`: itself, its
/// mirror image top to bottom, and for even n the complement and its
/// mirror image (some may be the same set).
fn family(geometry: Geometry, rows: u32) -> [u32; 4] {
    let mirror = |rows: u32| (u64::from(rows.reverse_bits()) >> (32 - geometry.n)) as u32;
    match geometry.n % 2 {
        0 => {
            let complement = rows ^ geometry.all_rows();
            [rows, mirror(rows), complement, mirror(complement)]
        }
        _ => [rows, mirror(rows), rows, mirror(rows)],
    }
}

/// How many distinct sets the family of `rows` has.
fn family_size(geometry: Geometry, rows: u32) -> u128 {
    let mut family = family(geometry, rows);
    family.sort_unstable();
    1 + family.windows(2).filter(|pair| pair[0] != pair[1]).count() as u128
}

#[cfg(test)]
mod tests;
