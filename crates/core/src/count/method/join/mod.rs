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
use half::Quadrants;
use quadrant::Geometry;
use std::sync::atomic::{AtomicU64, Ordering};

/// Boards above this size are not joined: their half boards grow about
/// sevenfold every two sizes, their units fourfold, past what one
/// machine holds.
pub const JOIN_MAX_N: usize = 24;

/// The join method.
pub(super) struct Join;

impl Way for Join {
    fn max_n(&self) -> usize {
        JOIN_MAX_N
    }

    fn starts(&self, size: BoardSize) -> Vec<UnitStart> {
        (east_row_sets(size.get()).into_iter())
            .map(UnitStart::EastRows)
            .collect()
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

    fn memory(&self, size: BoardSize) -> Memory {
        Memory {
            per_thread: memory::thread_bytes(size.get()),
            shared: memory::shared_bytes(size.get()),
        }
    }

    fn worker(&'static self, size: BoardSize, kernel: Kernel, threads: usize) -> Box<dyn Worker> {
        Box::new(JoinWorker::new(size, kernel, threads))
    }

    fn pieces<'p>(
        &'static self,
        size: BoardSize,
        units: &'p [Unit],
        kernel: Kernel,
        seed: u64,
    ) -> Option<Box<dyn Pieces + 'p>> {
        Some(Box::new(pieces::UnitPieces::new(size, units, kernel, seed)))
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
    scratch: PerThread<Scratch>,
    peak: AtomicU64,
}

impl JoinWorker {
    fn new(size: BoardSize, kernel: Kernel, threads: usize) -> JoinWorker {
        let geometry = Geometry::of(size.get());
        JoinWorker {
            geometry,
            kernel,
            quadrants: Quadrants::new(geometry),
            scratch: PerThread::new(threads),
            peak: AtomicU64::new(0),
        }
    }

    /// Counts the unit whose east rows are `rows` with `kernel`: its
    /// solutions times its family's size, the placements built as nodes.
    fn tally_rows(&self, kernel: Kernel, rows: u32) -> Tally {
        let geometry = self.geometry;
        self.scratch.with(|scratch| {
            let quadrants = &self.quadrants;
            let mut nodes = quadrants.halves(kernel, rows, true, &mut scratch.east);
            let west_rows = rows ^ geometry.all_rows();
            nodes += quadrants.halves(kernel, west_rows, false, &mut scratch.west);
            let pairs =
                (scratch.buckets).disjoint_pairs(kernel, geometry, &scratch.east, &scratch.west);
            self.peak.fetch_max(scratch.bytes(), Ordering::Relaxed);
            let weight = family_size(geometry, rows);
            let thirds = u128::from(pairs) * weight * u128::from(ONE_BOARD);
            Tally::new(thirds, u128::from(nodes))
        })
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
