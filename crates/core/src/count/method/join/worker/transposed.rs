//! An even board's unit joined by its transpose (transpose.rs): its bulk
//! half boards, each side's made once in stretches where they fit, and
//! its slivers against the other side's stretches.

use super::{Forecast, JoinWorker, Scratch};
use crate::count::kernel::Kernel;
use crate::count::method::join::family::EastSide;
use crate::count::method::join::half::Half;
use crate::count::method::join::transpose::{class, Class, Keep, Sides, Transposed, LOWS};
use std::cmp::Ordering;
use std::ops::Range;

impl JoinWorker {
    /// The pairs of an even board's unit on `rows` that its transpose
    /// leaves to it (transpose.rs), each as many times as it counts: its
    /// bulk east half boards against its bulk west ones twice, and each
    /// sliver against the other side's bulk runs, by their comparisons,
    /// and slivers; and the placements and half boards made.
    pub(super) fn transposed_pairs(
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
            let slivers = Stretches::of(unit, half, LOWS).slivers(kernel, half);
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
        let east_sides = Stretches::of(unit, &east, LOWS.map(|[first, second]| [second, first]));
        let west_sides = Stretches::of(unit, west, LOWS);
        let east_ends = east_sides.make(kernel, &east, self.part, east_list)?;
        let west_ends = west_sides.make(kernel, west, self.part, west_list)?;
        let mut pairs = 2 * disjoint.count(kernel, east_list, west_list);
        let any = Sides {
            high: [Ordering::Greater; 2],
            low: [Ordering::Equal; 2],
        };
        let west_slivers = west_sides.slivers(kernel, west);
        let east_slivers = east_sides.slivers(kernel, &east);
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
        let halves = east_list.len() + west_list.len() + slivers.sum::<usize>();
        Some((pairs, east.placements() + halves as u64))
    }
}

/// A half's north runs for a unit of an even board: its bulk ones in
/// nine stretches, by their `low` comparisons (transpose.rs) in the
/// order `lows`, and its slivers. The east half's are in order of their
/// second comparison, the west half's of their first: the one by which
/// the other side's usual sliver weighs them (the east one on Eₕ's own
/// columns, the west one on those whose complement turned are Eₕ), so
/// that the stretches of a weight are one.
struct Stretches {
    lows: [[Ordering; 2]; 9],
    bulk: [Vec<Range<usize>>; 9],
    slivers: Vec<(Sides, Range<usize>)>,
}

impl Stretches {
    fn of(unit: Transposed, half: &Half, lows: [[Ordering; 2]; 9]) -> Stretches {
        let mut stretches = Stretches {
            lows,
            bulk: Default::default(),
            slivers: Vec::new(),
        };
        let east = half.is_east();
        for (columns, range) in half.north_runs() {
            let sides = unit.sides(east, columns);
            match class(sides) {
                Class::Bulk => {
                    let at = lows.iter().position(|&low| low == sides.low);
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

    /// The stretches (ending at `ends`) that `weigh` weighs above 0, by
    /// their `low` comparisons, those of a weight next to one another as
    /// one.
    fn weighed(
        &self,
        ends: &[usize; 9],
        weigh: impl Fn([Ordering; 2]) -> u32,
    ) -> Vec<(u64, Range<usize>)> {
        let mut weighed: Vec<(u64, Range<usize>)> = Vec::new();
        let starts = std::iter::once(0).chain(ends.iter().copied());
        for ((&low, start), &end) in self.lows.iter().zip(starts).zip(ends) {
            let weight = u64::from(weigh(low));
            match weighed.last_mut() {
                _ if weight == 0 || start == end => {}
                Some((last, range)) if *last == weight && range.end == start => range.end = end,
                _ => weighed.push((weight, start..end)),
            }
        }
        weighed
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
