//! Running join units: a unit's east half boards (from one list or one
//! for each of its terms) against its west ones, a part of each side at
//! a time where a side is long.

use super::disjoint::Disjoint;
use super::east_rows;
use super::family::{join, EastSide};
use super::half::{Half, Quadrants};
use super::memory::Sizing;
use super::quadrant::Geometry;
use super::transpose::{class, Class, Keep, Sides, Transposed, LOWS};
use crate::count::estimate::CpuStopwatch;
use crate::count::kernel::Kernel;
use crate::count::method::way::Worker;
use crate::count::per_thread::PerThread;
use crate::count::rules::ONE_BOARD;
use crate::count::unit::Unit;
use crate::count::Tally;
use crate::{BoardSize, Stats};
use std::cmp::Ordering;
use std::ops::Range;
use std::sync::atomic::{self, AtomicU64};

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

/// Whom to tell a unit's seconds, forecast while it runs, where its east
/// half boards are made in more than one part (each joined against all
/// the west ones): the CPU seconds so far and the share of its east
/// half boards made give the rate. Where the first part is under a
/// third of the unit, the rate is that of the second part: the first
/// runs slower, its memory touched for the first time (at n = 27, 57 s
/// forecast from the first part of a unit that took 39 s). The share is
/// weighed by side, as cost.rs weighs a unit's sides: an odd board's
/// sides differ in the half boards each north placement makes (at
/// n = 27, 16 in one unit's first side, 7 in its twelfth).
pub(super) struct Forecast<'t> {
    /// Each east side's weight, as cost.rs reckons it.
    pub weights: Vec<f64>,
    /// The piece's seconds before the unit began (its lists made).
    pub before: f64,
    /// Told the piece's forecast seconds, and the seconds and share of
    /// the unit it was timed on.
    pub tell: &'t mut dyn FnMut(f64, (f64, f64)),
    /// The seconds and share at the end of the first part, where the
    /// rate is to be that of the second.
    pub first: Option<(f64, f64)>,
}

impl Forecast<'_> {
    /// Reads the unit's progress, `seconds` into it with its next part
    /// starting at side `side`, `side_done` of that side made; true once
    /// the forecast is told.
    pub(super) fn read(&mut self, seconds: f64, (side, side_done): (usize, f64)) -> bool {
        let all: f64 = self.weights.iter().sum();
        let before: f64 = self.weights.iter().take(side).sum();
        let share = (before + self.weights.get(side).map_or(0.0, |w| w * side_done)) / all;
        if !(share > 0.0 && share < 1.0) {
            return false;
        }
        let unit = match self.first {
            None if share < 1.0 / 3.0 => {
                self.first = Some((seconds, share));
                return false;
            }
            None => seconds / share,
            Some((first, first_share)) => {
                let rate = (seconds - first) / (share - first_share).max(f64::MIN_POSITIVE);
                seconds + (1.0 - share) * rate
            }
        };
        (self.tell)(self.before + unit, (self.before + seconds, share));
        true
    }
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
    pub fn tally_telling(&self, kernel: Kernel, rows: u32, forecast: Option<Forecast>) -> Tally {
        let Some(join) = join(self.geometry, rows) else {
            unreachable!("a join unit's rows are those of a join");
        };
        let west = (self.quadrants.half(join.west, false)).beside(join.west_beside(self.geometry));
        let east = join.east_sides(self.geometry);
        self.scratch.with(|scratch| {
            let (pairs, made) = match self.geometry.n % 2 {
                0 => self.transposed_pairs(kernel, rows, (east[0], &west), scratch, forecast),
                _ => self.pairs(kernel, (&east, &west), scratch, forecast),
            };
            let thirds = u128::from(pairs) * join.weight * u128::from(ONE_BOARD);
            let nodes = west.placements() + made;
            self.peak
                .fetch_max(scratch.bytes(), atomic::Ordering::Relaxed);
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
        mut forecast: Option<Forecast>,
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
            if made > 0 && forecast.as_mut().is_some_and(|f| f.read(seconds, progress)) {
                forecast = None;
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

    /// The pairs of an even board's unit on `rows` that its transpose
    /// leaves to it (transpose.rs), each as many times as it counts: its
    /// bulk east half boards against its bulk west ones twice, and each
    /// sliver against the other side's bulk runs, by their comparisons,
    /// and slivers; and the placements and half boards made.
    fn transposed_pairs(
        &self,
        kernel: Kernel,
        rows: u32,
        (east, west): (EastSide, &Half),
        scratch: &mut Scratch,
        forecast: Option<Forecast>,
    ) -> (u64, u64) {
        let unit = Transposed::of(self.geometry, rows);
        if let Some(whole) = self.transposed_whole(kernel, unit, (east, west), scratch) {
            return whole;
        }
        let bulk = |low| Keep::Bulk { unit, low };
        let mut joins = vec![(2, bulk(None), bulk(None))];
        let (east_slivers, west_slivers) = unit.slivers();
        let any = Sides {
            high: [Ordering::Greater; 2],
            low: [Ordering::Equal; 2],
        };
        for &sliver in &east_slivers {
            let sides = unit.sides(true, sliver);
            for low in LOWS {
                let weight = Transposed::weigh(sides, Sides { low, ..any });
                joins.push((weight, Keep::Only(sliver), bulk(Some(low))));
            }
            for &other in &west_slivers {
                let weight = Transposed::weigh(sides, unit.sides(false, other));
                joins.push((weight, Keep::Only(sliver), Keep::Only(other)));
            }
        }
        for &sliver in &west_slivers {
            let sides = unit.sides(false, sliver);
            for low in LOWS {
                let weight = Transposed::weigh(Sides { low, ..any }, sides);
                joins.push((weight, bulk(Some(low)), Keep::Only(sliver)));
            }
        }
        // The nodes as where the unit fits: the main join's, and each
        // sliver's half boards once.
        let sliver_halves = |half: &Half| {
            let slivers = Stretches::of(unit, half).slivers(kernel, half);
            slivers
                .iter()
                .map(|(_, list)| list.len() as u64)
                .sum::<u64>()
        };
        let east_half = self.quadrants.half(east.rows, true);
        let (mut pairs, mut made) = (0, sliver_halves(&east_half) + sliver_halves(west));
        let mut forecast = forecast;
        for (weight, east_keep, west_keep) in joins.into_iter().filter(|join| join.0 > 0) {
            let main = east_keep == bulk(None);
            let east = [EastSide {
                keep: east_keep,
                ..east
            }];
            let west = west.keeping(west_keep);
            let (found, built) = self.pairs(kernel, (&east, &west), scratch, forecast.take());
            pairs += u64::from(weight) * found;
            made += if main { built } else { 0 };
        }
        (pairs, made)
    }

    /// [`JoinWorker::transposed_pairs`] where each side's bulk half boards
    /// fit in a part: each side's runs are sorted once, by their `low`
    /// comparisons, into nine stretches made one after another, and the
    /// slivers are joined against stretches (none where they do not fit).
    fn transposed_whole(
        &self,
        kernel: Kernel,
        unit: Transposed,
        (east, west): (EastSide, &Half),
        scratch: &mut Scratch,
    ) -> Option<(u64, u64)> {
        let Scratch {
            disjoint,
            east: east_list,
            west: west_list,
        } = scratch;
        let east = self.quadrants.half(east.rows, true);
        let (east_sides, west_sides) = (Stretches::of(unit, &east), Stretches::of(unit, west));
        let east_ends = east_sides.make(kernel, &east, self.part, east_list)?;
        let west_ends = west_sides.make(kernel, west, self.part, west_list)?;
        let mut pairs = 2 * disjoint.count(kernel, east_list, west_list);
        let any = Sides {
            high: [Ordering::Greater; 2],
            low: [Ordering::Equal; 2],
        };
        let stretch =
            |ends: &[usize], i: usize| i.checked_sub(1).map_or(0, |before| ends[before])..ends[i];
        let west_slivers = west_sides.slivers(kernel, west);
        let east_slivers = east_sides.slivers(kernel, &east);
        for (sides, list) in &east_slivers {
            for (i, low) in LOWS.into_iter().enumerate() {
                let weight = Transposed::weigh(*sides, Sides { low, ..any });
                let others = &west_list[stretch(&west_ends, i)];
                if weight > 0 && !others.is_empty() {
                    pairs += u64::from(weight) * disjoint.count(kernel, list, others);
                }
            }
            for (other, others) in &west_slivers {
                let weight = Transposed::weigh(*sides, *other);
                pairs += u64::from(weight) * disjoint.count(kernel, list, others);
            }
        }
        for (sides, list) in &west_slivers {
            for (i, low) in LOWS.into_iter().enumerate() {
                let weight = Transposed::weigh(Sides { low, ..any }, *sides);
                let others = &east_list[stretch(&east_ends, i)];
                if weight > 0 && !others.is_empty() {
                    pairs += u64::from(weight) * disjoint.count(kernel, others, list);
                }
            }
        }
        let slivers = (east_slivers.iter().chain(&west_slivers)).map(|(_, list)| list.len());
        let halves = east_list.len() + west_list.len() + slivers.sum::<usize>();
        Some((pairs, east.placements() + halves as u64))
    }

    /// The quadrant lists `unit` uses, as (east, rows).
    pub fn lists_of(&self, unit: &Unit) -> Vec<(bool, u32)> {
        let (geometry, north) = (self.geometry, self.geometry.north_rows());
        let join = join(geometry, east_rows(unit.start())).expect("a unit makes a join");
        let east = join
            .east_sides(geometry)
            .into_iter()
            .map(|side| (true, side.rows));
        let sides = east.chain([(false, join.west)]);
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
        self.peak.load(atomic::Ordering::Relaxed)
    }
}

/// A half's north runs for a unit of an even board: its bulk ones in
/// nine stretches, by their `low` comparisons (transpose.rs), and its
/// slivers.
struct Stretches {
    bulk: [Vec<Range<usize>>; 9],
    slivers: Vec<(Sides, Range<usize>)>,
}

impl Stretches {
    fn of(unit: Transposed, half: &Half) -> Stretches {
        let mut stretches = Stretches {
            bulk: Default::default(),
            slivers: Vec::new(),
        };
        let east = half.is_east();
        for (columns, range) in half.north_runs() {
            let sides = unit.sides(east, columns);
            match class(sides) {
                Class::Bulk => {
                    let at = LOWS.iter().position(|&low| low == sides.low);
                    stretches.bulk[at.unwrap_or(0)].push(range);
                }
                Class::Sliver => stretches.slivers.push((sides, range)),
                Class::Dropped => {}
            }
        }
        stretches
    }

    /// Makes the bulk half boards into `out`, stretch by stretch, and
    /// returns where each ends; none where they pass `part`.
    fn make(
        &self,
        kernel: Kernel,
        half: &Half,
        part: usize,
        out: &mut Vec<u64>,
    ) -> Option<[usize; 9]> {
        out.clear();
        let mut ends = [0; 9];
        for (end, runs) in ends.iter_mut().zip(&self.bulk) {
            for run in runs {
                half.append_range(kernel, run.clone(), out);
                if out.len() > part {
                    return None;
                }
            }
            *end = out.len();
        }
        Some(ends)
    }

    /// Each sliver run's half boards, with its comparisons.
    fn slivers(&self, kernel: Kernel, half: &Half) -> Vec<(Sides, Vec<u64>)> {
        let made = |(sides, run): &(Sides, Range<usize>)| {
            let mut list = Vec::new();
            half.append_range(kernel, run.clone(), &mut list);
            (*sides, list)
        };
        self.slivers.iter().map(made).collect()
    }
}
