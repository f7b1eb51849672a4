//! A unit joined by its transpose (transpose.rs): its bulk half boards,
//! each side's made once in stretches where they fit, and its slivers
//! against the other side's stretches; an odd board's unit as two such
//! joins.

use super::stretches::Stretches;
use super::{Forecast, JoinWorker, Scratch};
use crate::count::estimate::CpuStopwatch;
use crate::count::kernel::Kernel;
use crate::count::method::join::family::{EastSide, Join};
use crate::count::method::join::half::Half;
use crate::count::method::join::transpose::{Keep, Sides, Transposed, LOWS};
use std::cmp::Ordering;

impl JoinWorker {
    /// The pairs of an even board's unit on `rows` that its transpose
    /// leaves to it (transpose.rs), each as many times as it counts: its
    /// bulk east half boards against its bulk west ones twice, and each
    /// sliver against the other side's bulk runs, by their comparisons,
    /// and slivers; and the placements and half boards made.
    pub(super) fn transposed_pairs(
        &self,
        kernel: Kernel,
        unit: Transposed,
        (east, west): (EastSide, &Half),
        scratch: &mut Scratch,
        forecast: Option<&mut Forecast>,
    ) -> (u64, u64) {
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
            let slivers = Stretches::of(unit, half, LOWS).slivers(kernel, half);
            slivers
                .iter()
                .map(|(_, list)| list.len() as u64)
                .sum::<u64>()
        };
        let east_half = self.east_half(east);
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

    /// The pairs of an odd board's transposed unit, its `joins` one after
    /// another (family.rs), and the placements and half boards made. One
    /// join's lists are let go before the next's are made, so that a
    /// thread holds no more than a join's at once (memory.rs).
    pub(super) fn odd_transposed_pairs(
        &self,
        kernel: Kernel,
        unit: Transposed,
        joins: Vec<Join>,
        scratch: &mut Scratch,
        mut forecast: Option<&mut Forecast>,
    ) -> (u64, u64) {
        let geometry = self.geometry;
        // The forecast reads each side's join as it runs and after it.
        let started = forecast.is_some().then(CpuStopwatch::start);
        let seconds = || started.as_ref().map_or(0.0, CpuStopwatch::seconds);
        let (mut pairs, mut made, mut done) = (0, 0, 0);
        for join in joins {
            let west = self.quadrants.half(join.west, false);
            let west = west.beside(join.west_beside(geometry));
            made += west.placements();
            for side in join.east_sides(geometry) {
                forecast.iter_mut().for_each(|f| f.from = (done, seconds()));
                let sides = (side, &west);
                let (found, built) =
                    self.transposed_pairs(kernel, unit, sides, scratch, forecast.as_deref_mut());
                (pairs, made, done) = (pairs + found, made + built, done + 1);
                // Sides differ in what they keep of their half boards, which
                // their weights do not tell: a third of them are waited for.
                if let Some(forecast) = forecast.as_deref_mut() {
                    forecast.from = (0, 0.0);
                    if forecast.share((done, 0.0)) >= 1.0 / 3.0 {
                        forecast.read(seconds(), (done, 0.0));
                    }
                }
            }
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
        let signature = east.placed_signature(self.geometry);
        let east = self.east_half(east);
        let east_sides = Stretches::of(unit, &east, LOWS.map(|[first, second]| [second, first]));
        let west_sides = Stretches::of(unit, west, LOWS);
        let east_ends = east_sides.make(kernel, &east, self.part, east_list)?;
        let west_ends = west_sides.make(kernel, west, self.part, west_list)?;
        with_placed(signature, east_list);
        let mut pairs = 2 * disjoint.count(kernel, east_list, west_list);
        let any = Sides {
            high: [Ordering::Greater; 2],
            low: [Ordering::Equal; 2],
        };
        let west_slivers = west_sides.slivers(kernel, west);
        let mut east_slivers = east_sides.slivers(kernel, &east);
        (east_slivers.iter_mut()).for_each(|(_, list)| with_placed(signature, list));
        for (sides, list) in &east_slivers {
            let weigh = |low| Transposed::weigh(*sides, Sides { low, ..any });
            for (weight, range) in west_sides.weighed(&west_ends, weigh) {
                pairs += weight * disjoint.count(kernel, list, &west_list[range]);
            }
            for (other, others) in &west_slivers {
                let weight = Transposed::weigh(*sides, *other);
                pairs += u64::from(weight) * disjoint.count(kernel, list, others);
            }
        }
        for (sides, list) in &west_slivers {
            let weigh = |low| Transposed::weigh(Sides { low, ..any }, *sides);
            for (weight, range) in east_sides.weighed(&east_ends, weigh) {
                pairs += weight * disjoint.count(kernel, &east_list[range], list);
            }
        }
        let slivers = (east_slivers.iter().chain(&west_slivers)).map(|(_, list)| list.len());
        // The west bulk counts where the east one is joined with it, as
        // when the unit is joined in parts (which makes it only then).
        let west_bulk = if east_list.is_empty() {
            0
        } else {
            west_list.len()
        };
        let halves = east_list.len() + west_bulk + slivers.sum::<usize>();
        Some((pairs, east.placements() + halves as u64))
    }

    /// The quadrants of `east`'s half boards: those whose middle queen
    /// stands on a row it asks for, beside the queen it places.
    fn east_half(&self, east: EastSide) -> Half {
        let half = self.quadrants.half(east.rows, true);
        let half = half.middles_in(east.middles);
        half.beside(east.placed(self.geometry))
    }
}

/// Adds to each of `list`'s signatures the diagonals of the queen placed
/// beside them (none: 0).
fn with_placed(signature: u64, list: &mut [u64]) {
    if signature != 0 {
        list.iter_mut().for_each(|east| *east |= signature);
    }
}
