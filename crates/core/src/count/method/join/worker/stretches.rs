//! A half's north runs sorted once for a transposed unit: its bulk runs
//! in stretches by how the other side's slivers weigh them, and its
//! slivers.

use crate::count::kernel::Kernel;
use crate::count::method::join::half::Half;
use crate::count::method::join::transpose::{class, Class, Sides, Transposed};
use std::cmp::Ordering;
use std::ops::Range;

/// A half's north runs for a transposed unit: its bulk ones in
/// nine stretches, by their `low` comparisons (transpose.rs) in the
/// order `lows`, and its slivers. The east half's are in order of their
/// second comparison, the west half's of their first: the one by which
/// the other side's usual sliver weighs them (the east one on Eₕ's own
/// columns, the west one on those whose complement turned are Eₕ), so
/// that the stretches of a weight are one (an odd board's two are the
/// same).
pub(super) struct Stretches {
    lows: [[Ordering; 2]; 9],
    bulk: [Vec<Range<usize>>; 9],
    slivers: Vec<(Sides, Range<usize>)>,
}

impl Stretches {
    /// The north runs of `half` as `unit` sorts them, its bulk stretches
    /// in the order `lows`.
    pub(super) fn of(unit: Transposed, half: &Half, lows: [[Ordering; 2]; 9]) -> Stretches {
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
                    let runs = &mut stretches.bulk[at.unwrap_or(0)];
                    // Runs next to one another are made as one.
                    match runs.last_mut() {
                        Some(last) if last.end == range.start => last.end = range.end,
                        _ => runs.push(range),
                    }
                }
                Class::Sliver => stretches.slivers.push((sides, range)),
                Class::Dropped => {}
            }
        }
        stretches
    }

    /// Makes the bulk half boards into `out`, stretch by stretch, and
    /// returns where each ends; none where they pass `part`.
    pub(super) fn make(
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
    pub(super) fn weighed(
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
    pub(super) fn slivers(&self, kernel: Kernel, half: &Half) -> Vec<(Sides, Vec<u64>)> {
        let made = |(sides, run): &(Sides, Range<usize>)| {
            let mut list = Vec::new();
            half.append_range(kernel, run.clone(), &mut list);
            (*sides, list)
        };
        self.slivers.iter().map(made).collect()
    }
}
