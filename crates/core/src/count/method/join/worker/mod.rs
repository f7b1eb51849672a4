//! Running join units: a unit's east half boards (from one list or one
//! for each of its terms) against its west ones, a part of each side at
//! a time where a side is long.

use super::disjoint::Disjoint;
use super::east_rows;
use super::family::{join, joins, EastSide};
use super::half::{Half, Quadrants};
use super::memory::Sizing;
use super::quadrant::Geometry;
use super::transpose::Transposed;
use crate::count::estimate::CpuStopwatch;
use crate::count::kernel::Kernel;
use crate::count::method::way::Worker;
use crate::count::per_thread::PerThread;
use crate::count::rules::ONE_BOARD;
use crate::count::unit::Unit;
use crate::count::Tally;
use crate::{BoardSize, Stats};
use std::sync::atomic::{AtomicU64, Ordering};

mod forecast;
mod stretches;
mod transposed;

pub(super) use forecast::Forecast;

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

/// Where the east half boards made so far end: where the next part
/// starts, and the share of its side's north placements made.
struct East {
    next: (usize, usize),
    side_done: f64,
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
        JoinWorker::cut(Geometry::of(size.get()), kernel, threads, sizing)
    }

    /// Runs join units of a board cut as `geometry` says (the tests cut
    /// small odd boards as the large ones are).
    pub fn cut(geometry: Geometry, kernel: Kernel, threads: usize, sizing: Sizing) -> JoinWorker {
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
    /// solutions of its join, the placements and half boards built as
    /// nodes.
    pub fn tally_rows(&self, kernel: Kernel, rows: u32) -> Tally {
        self.tally_telling(kernel, rows, None)
    }

    /// The same, and where the unit's east side is made in more than one
    /// part, its seconds forecast once its first part is joined (see
    /// [`Forecast`]).
    pub fn tally_telling(
        &self,
        kernel: Kernel,
        rows: u32,
        mut forecast: Option<Forecast>,
    ) -> Tally {
        let Some(join) = join(self.geometry, rows) else {
            unreachable!("a join unit's rows are those of a join");
        };
        let rule = Transposed::of(self.geometry, rows);
        let odd = self.geometry.n % 2 == 1;
        self.scratch.with(|scratch| {
            let (pairs, nodes) = match rule {
                Some(unit) if odd => {
                    let joins = joins(self.geometry, rows);
                    self.odd_transposed_pairs(kernel, unit, joins, scratch, forecast.as_mut())
                }
                _ => {
                    let west = self.quadrants.half(join.west, false);
                    let west = west.beside(join.west_beside(self.geometry));
                    let east = join.east_sides(self.geometry);
                    let (pairs, made) = match rule {
                        Some(unit) => {
                            let forecast = forecast.as_mut();
                            self.transposed_pairs(kernel, unit, (east[0], &west), scratch, forecast)
                        }
                        None => self.pairs(kernel, (&east, &west), scratch, forecast.as_mut()),
                    };
                    (pairs, west.placements() + made)
                }
            };
            let thirds = u128::from(pairs) * join.weight * u128::from(ONE_BOARD);
            self.peak.fetch_max(scratch.bytes(), Ordering::Relaxed);
            Tally::new(thirds, u128::from(nodes))
        })
    }

    /// Appends to `out` the half boards of the east `sides` from (`side`,
    /// `from`) on, each with its middle queen, until `out` holds a part;
    /// returns where the next part starts, and adds the quadrant
    /// placements of each side begun to `placements`. One side's
    /// quadrants are held at a time, as memory.rs reckons.
    fn append_east(
        &self,
        kernel: Kernel,
        sides: &[EastSide],
        at: (usize, usize),
        (out, placements): (&mut Vec<u64>, &mut u64),
    ) -> East {
        let (mut side, mut from) = at;
        let mut side_done = 0.0;
        out.clear();
        while side < sides.len() && out.len() < self.part {
            let east = sides[side];
            let half = self
                .quadrants
                .half(east.rows, true)
                .middles_in(east.middles);
            let half = half.beside(east.placed(self.geometry)).keeping(east.keep);
            if from == 0 {
                *placements += half.placements();
            }
            let signature = east.placed_signature(self.geometry);
            let start = out.len();
            from = half.append(kernel, from, self.part, out);
            if signature != 0 {
                out[start..].iter_mut().for_each(|east| *east |= signature);
            }
            side_done = from as f64 / half.north_len().max(1) as f64;
            if from == half.north_len() {
                (side, from, side_done) = (side + 1, 0, 0.0);
            }
        }
        East {
            next: (side, from),
            side_done,
        }
    }

    /// The disjoint pairs of an east half board of `east` and a west one,
    /// and the placements and half boards made: each side a part of at
    /// most [`JoinWorker::part`] at a time. A west side made whole at
    /// once stays in the scratch for the other east parts; one of more
    /// parts is made again for each east part (and counted as nodes once,
    /// so that a unit's nodes do not depend on its parts).
    fn pairs(
        &self,
        kernel: Kernel,
        (east, west): (&[EastSide], &Half),
        scratch: &mut Scratch,
        mut forecast: Option<&mut Forecast>,
    ) -> (u64, u64) {
        // Read only where a forecast is asked for: a count runs millions
        // of units.
        let started = forecast.is_some().then(CpuStopwatch::start);
        let Scratch {
            disjoint,
            east: east_part,
            west: west_part,
        } = scratch;
        let (mut pairs, mut made, mut at, mut side_done) = (0, 0, (0, 0), 0.0);
        let (mut west_whole, mut west_counted) = (false, false);
        while at.0 < east.len() {
            let progress = (at.0, side_done);
            let seconds = started.as_ref().map_or(0.0, CpuStopwatch::seconds);
            if let Some(forecast) = forecast.as_deref_mut().filter(|_| made > 0) {
                forecast.read(seconds, progress);
            }
            let made_east = self.append_east(kernel, east, at, (east_part, &mut made));
            (at, side_done) = (made_east.next, made_east.side_done);
            made += east_part.len() as u64;
            if east_part.is_empty() {
                continue;
            }
            if west_whole {
                pairs += disjoint.count(kernel, east_part, west_part);
                continue;
            }
            let mut west_from = 0;
            while west_from < west.north_len() {
                west_part.clear();
                let first_west = west_from == 0;
                west_from = west.append(kernel, west_from, self.part, west_part);
                if !west_counted {
                    made += west_part.len() as u64;
                }
                west_whole = first_west && west_from == west.north_len();
                pairs += disjoint.count(kernel, east_part, west_part);
            }
            west_counted = true;
        }
        (pairs, made)
    }

    /// The quadrant lists `unit` uses, as (east, rows): those of each of
    /// its joins (two where an odd board's unit is transposed).
    pub fn lists_of(&self, unit: &Unit) -> Vec<(bool, u32)> {
        let (geometry, north) = (self.geometry, self.geometry.north_rows());
        let sides = joins(geometry, east_rows(unit.start())).into_iter();
        let sides = sides.flat_map(|join| {
            let east = (join.east_sides(geometry).into_iter()).map(|side| (true, side.rows));
            east.chain([(false, join.west)]).collect::<Vec<_>>()
        });
        let lists = sides.flat_map(|(east, rows)| [(east, rows & north), (east, rows & !north)]);
        lists.collect()
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
        let tally = self.tally_rows(Kernel::SCALAR, east_rows(unit.start()));
        let mut stats = Stats::empty(self.geometry.n);
        stats.nodes = tally.nodes();
        (tally, stats)
    }

    fn peak_bytes(&self) -> u64 {
        self.peak.load(Ordering::Relaxed)
    }
}
