//! Running join units: each term's east half boards against its west
//! ones, a part of each side at a time where a side is long.

use super::disjoint::Disjoint;
use super::east_rows;
use super::family::terms;
use super::half::{Half, Quadrants};
use super::memory::Sizing;
use super::quadrant::Geometry;
use crate::count::kernel::pairs::SLACK;
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
    /// A unit's west half boards, made once for all its terms.
    unit_west: Vec<u64>,
}

impl Scratch {
    fn bytes(&self) -> u64 {
        let halves = self.east.capacity() + self.west.capacity() + self.unit_west.capacity();
        (halves * 8 + self.disjoint.bytes()) as u64
    }
}

/// A term's west side: the unit's west half boards kept in
/// [`Scratch::unit_west`], less those on the diagonals of this signature
/// (the middle column's queen's), or a half made a part at a time.
enum West {
    Kept(u64),
    Made(Half),
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
    /// nodes.
    pub fn tally_rows(&self, kernel: Kernel, rows: u32) -> Tally {
        let geometry = self.geometry;
        let terms = terms(geometry, rows);
        // All of a unit's terms have its west side.
        let west = self.quadrants.half(rows ^ geometry.all_rows(), false);
        self.scratch.with(|scratch| {
            let mut nodes = west.placements();
            // The terms of an odd board's unit share the west side: made
            // once, where it fits in a part.
            let kept = terms.len() > 1 && self.made_whole(kernel, &west, &mut scratch.unit_west);
            nodes += if kept {
                scratch.unit_west.len() as u64
            } else {
                0
            };
            let mut thirds = 0;
            for term in terms {
                let placed = term.placed(geometry);
                let east = self.quadrants.half(term.east, true).beside(placed);
                let west = match kept {
                    true => West::Kept(term.placed_signature(geometry)),
                    false => West::Made(west.beside(placed)),
                };
                let (pairs, halves) = self.pairs(kernel, &east, &west, scratch);
                thirds += u128::from(pairs) * term.weight * u128::from(ONE_BOARD);
                nodes += east.placements() + halves;
            }
            self.peak.fetch_max(scratch.bytes(), Ordering::Relaxed);
            Tally::new(thirds, u128::from(nodes))
        })
    }

    /// Makes `half`'s half boards into `out` if they fit in a part.
    fn made_whole(&self, kernel: Kernel, half: &Half, out: &mut Vec<u64>) -> bool {
        out.clear();
        half.append(kernel, 0, self.part, out) == half.north_len()
    }

    /// The disjoint pairs of an east and a west half board, and the half
    /// boards made: each side a part of at most [`JoinWorker::part`] at a
    /// time (a west side of more than one part is made again for each
    /// east part).
    fn pairs(&self, kernel: Kernel, east: &Half, west: &West, scratch: &mut Scratch) -> (u64, u64) {
        let Scratch {
            disjoint,
            east: east_part,
            west: west_part,
            unit_west,
        } = scratch;
        let mut count = |east: &[u64], west: &[u64]| disjoint.count(kernel, east, west);
        let (mut pairs, mut halves) = (0, 0);
        let mut west_whole = false;
        if let West::Kept(signature) = *west {
            west_part.resize(unit_west.len() + SLACK, 0);
            let kept = kernel.keep_without(signature, unit_west, west_part).0.len();
            west_part.truncate(kept);
            west_whole = true;
        }
        let (mut east_from, mut first_east) = (0, true);
        while east_from < east.north_len() {
            east_part.clear();
            east_from = east.append(kernel, east_from, self.part, east_part);
            halves += east_part.len() as u64;
            if west_whole {
                pairs += count(east_part, west_part);
            }
            let mut west_from = 0;
            while let (false, West::Made(west)) = (west_whole, west) {
                if west_from == west.north_len() {
                    break;
                }
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

    /// Lets the quadrant lists kept go.
    pub fn forget_quadrants(&self) {
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
