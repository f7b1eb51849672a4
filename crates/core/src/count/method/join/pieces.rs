//! The join's sampled pieces. A count's time is its units' joins and the
//! quadrant lists it makes on the way, and each piece times one of each:
//!
//! - a whole unit, picked with a chance in proportion to its cost and
//!   weighed by the inverse of that chance, timed with its lists made
//!   beforehand (a count has just made, or finds kept, each of them), as
//!   many as the thread's share of the store holds (where a unit's lists
//!   pass it, from n = 25, the rest are made in its time: a little high);
//! - one list made by the count, picked in proportion to its size times
//!   the times the count makes it (a run of the whole plan on the count's
//!   threads with its store, simulated on the lists' sizes: order.rs)
//!   and weighed likewise.
//!
//! The two sum to an unbiased estimate of the whole count's time. (The
//! versions before timed a unit with the lists it makes inside it: then
//! a cheap unit that happens to make big lists weighs hundreds of times
//! its share, is seldom picked, and when it is moves the projection by
//! 10 % (n = 20: 70.7 to 91.2 s by the seed, against a whole count of
//! 75.5 s, each with an error bar of 1 %). Earlier still, a unit was run
//! twice and the second run, its memory in cache, taken as its time.)

use super::super::way::{Pieces, Sampler};
use super::cost::{east_weights, Tables};
use super::east_rows;
use super::family::joins;
use super::half::placement_bytes;
use super::memory::Sizing;
use super::order::times_made;
use super::quadrant::Geometry;
use super::worker::Forecast;
use super::JoinWorker;
use crate::count::estimate::CpuStopwatch;
use crate::count::kernel::Kernel;
use crate::count::unit::Unit;
use crate::count::Plan;
use crate::BoardSize;
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;
use std::borrow::Cow;

/// What a join plan's sampling threads share: the units' running costs,
/// and the lists the count makes, each once with the times it makes it
/// (a run of the whole plan on the count's threads with its store,
/// simulated on the lists' sizes: 13 s at n = 27), found once for all of
/// them from the placement tables the plan was costed with.
pub(super) struct JoinSampler<'p> {
    units: &'p [Unit],
    size: BoardSize,
    kernel: Kernel,
    /// Each sampling thread's: its share of the store.
    sizing: Sizing,
    /// The running sum of the units' costs, unit by unit.
    ends: Vec<u64>,
    /// The lists the count makes, as (east, rows), each once with the
    /// times it makes it, and the running sum of the bytes it makes of each.
    made: Vec<((bool, u32), u64)>,
    made_ends: Vec<u64>,
    /// The placement tables the plan was costed with: a unit's east sides
    /// are weighed by them for a forecast.
    tables: Cow<'p, Tables>,
}

impl<'p> JoinSampler<'p> {
    /// The sampler of `plan`, its pieces run with `kernel` within
    /// `sizing`, for a count on `threads` threads that keeps `store`
    /// bytes of lists.
    pub fn new(
        plan: &'p Plan,
        kernel: Kernel,
        sizing: Sizing,
        (threads, store): (usize, u64),
    ) -> JoinSampler<'p> {
        let (size, units) = (plan.size(), plan.units());
        let tables = match plan.planned::<Tables>() {
            Some(tables) => Cow::Borrowed(tables),
            None => Cow::Owned(Tables::of(size.get())),
        };
        // At least 1, so that every list can be picked.
        let each = placement_bytes(Geometry::of(size.get()));
        let bytes = |(east, rows)| ((tables.list(rows, east) as u64) * each).max(1);
        let worker = JoinWorker::new(size, kernel, 1, sizing);
        let lists = |unit: usize| worker.lists_of(&units[unit]);
        let times = times_made(units.len(), threads, store, lists, bytes);
        JoinSampler {
            units,
            size,
            kernel,
            sizing,
            ends: running_sums(units.iter().map(Unit::cost)),
            made_ends: running_sums(times.iter().map(|&(list, times)| bytes(list) * times)),
            made: times,
            tables,
        }
    }
}

impl Sampler for JoinSampler<'_> {
    fn pieces(&self, seed: u64) -> Box<dyn Pieces + '_> {
        Box::new(UnitPieces {
            shared: self,
            worker: JoinWorker::new(self.size, self.kernel, 1, self.sizing),
            random: Pcg64Mcg::seed_from_u64(seed),
        })
    }
}

/// Random units of a join plan and lists its count makes, timed on one
/// thread.
struct UnitPieces<'s> {
    shared: &'s JoinSampler<'s>,
    worker: JoinWorker,
    random: Pcg64Mcg,
}

impl UnitPieces<'_> {
    /// One unit's join, timed, scaled to all of the plan's; its own
    /// seconds told to `tell` as forecast once its first east part is
    /// joined, where it has more.
    fn join_estimate(&mut self, tell: Option<&mut dyn FnMut(f64, (f64, f64))>) -> f64 {
        let shared = self.shared;
        if shared.units.is_empty() {
            return 0.0;
        }
        let (at, scale) = pick(&shared.ends, &mut self.random);
        let unit = &shared.units[at];
        let making = CpuStopwatch::start();
        self.worker
            .keep_only(self.worker.lists_of(unit).into_iter());
        let rows = east_rows(unit.start());
        let forecast = tell.map(|tell| {
            // Each east side of each of its joins, in the order made.
            let joins = joins(Geometry::of(shared.size.get()), rows).into_iter();
            let weights = joins
                .flat_map(|join| east_weights(&shared.tables, join))
                .collect();
            Forecast::new(weights, making.seconds(), tell)
        });
        let started = CpuStopwatch::start();
        std::hint::black_box(self.worker.tally_telling(shared.kernel, rows, forecast));
        started.seconds() * scale
    }

    /// One list made, timed, times the times the count makes it, scaled to
    /// all the count makes.
    fn lists_estimate(&mut self) -> f64 {
        let shared = self.shared;
        if shared.made.is_empty() {
            return 0.0;
        }
        let (at, scale) = pick(&shared.made_ends, &mut self.random);
        self.worker.keep_only(std::iter::empty());
        let started = CpuStopwatch::start();
        let (list, times) = shared.made[at];
        self.worker.keep_only(std::iter::once(list));
        started.seconds() * times as f64 * scale
    }
}

/// The running sums of `values`.
fn running_sums(values: impl Iterator<Item = u64>) -> Vec<u64> {
    (values.scan(0, |all, value| {
        *all += value;
        Some(*all)
    }))
    .collect()
}

/// An index picked by `random` with a chance in proportion to its value
/// (`ends`: their running sums, not empty), and the inverse of that
/// chance.
fn pick(ends: &[u64], random: &mut Pcg64Mcg) -> (usize, f64) {
    let all = ends.last().copied().unwrap_or(1).max(1);
    let point = random.random_range(0..all);
    let at = ends.partition_point(|&end| end <= point);
    let value = ends[at] - at.checked_sub(1).map_or(0, |before| ends[before]);
    (at, all as f64 / value as f64)
}

impl Pieces for UnitPieces<'_> {
    fn rows(&self) -> usize {
        0
    }

    fn next_estimate(&mut self, tell: Option<&mut dyn FnMut(f64, (f64, f64))>) -> f64 {
        self.join_estimate(tell) + self.lists_estimate()
    }
}
