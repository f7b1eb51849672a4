//! A quadrant list: one quadrant's placements in order of their columns.

use std::ops::Range;

#[cfg(test)]
use super::Placement;

/// One quadrant's placements in order of their columns, each field in
/// an array of its own (so a kernel loads 8 of a field at once): 16
/// bytes a placement, and 4 more where some have a middle queen. Their
/// columns are kept once per run of placements on the same columns, in
/// an index (so that a north run finds its south one in a short list),
/// and a run is in order of the rows of its middle queens.
/// Signatures are not kept: a kernel makes them from the diagonals.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub(crate) struct Quadrant {
    pub down: Vec<u64>,
    pub up: Vec<u64>,
    /// The distinct column sets, in order.
    pub(super) runs: Vec<u32>,
    /// Where each run starts, and the end.
    pub(super) run_starts: Vec<u32>,
    /// The row of each placement's queen in the middle column of an odd
    /// board, as a bit (0 for none); empty where none has one.
    pub(super) middle_rows: Vec<u32>,
    /// The rows of each run's middle queens, as bits; empty likewise.
    run_middles: Vec<u32>,
}

impl Quadrant {
    /// The placements, which must be in order of their columns.
    #[cfg(test)]
    pub fn of(placed: &[Placement]) -> Quadrant {
        let columns = placed.iter().fold(0, |columns, p| columns | p.cols);
        Quadrant::build(columns, |visit| {
            for placement in placed {
                visit(
                    placement.cols,
                    placement.middle,
                    placement.down,
                    placement.up,
                );
            }
        })
    }

    /// The placements that `walk` hands its visitor, as (columns, middle
    /// row, ↘, ↙), each on a subset of `columns`, sorted by their columns
    /// (those on the same columns by the row of their middle queen, then
    /// in the order walked). `walk` is called twice: once to count each
    /// column set's placements, and once to put each in its place. So a
    /// list is made with nothing beside it but a count for each column set
    /// (2^14 at most), in the order of its runs, and (where some have a
    /// middle queen) one run at a time to sort.
    pub fn build(columns: u32, walk: impl Fn(&mut dyn FnMut(u32, u32, u64, u64))) -> Quadrant {
        let shift = columns.trailing_zeros() % 32;
        let slot = |cols: u32| (cols >> shift) as usize;
        let mut counts = vec![0u32; slot(columns) + 1];
        let mut middles = vec![0u32; 0];
        walk(&mut |cols, middle, _, _| {
            counts[slot(cols)] += 1;
            if middle != 0 && middles.is_empty() {
                middles = vec![0; counts.len()];
            }
            if let Some(rows) = middles.get_mut(slot(cols)) {
                *rows |= middle;
            }
        });
        let sets = (counts.iter().enumerate()).filter(|&(_, &count)| count > 0);
        let runs: Vec<u32> = sets.map(|(set, _)| (set as u32) << shift).collect();
        // Where the next placement on each column set goes.
        let mut next = vec![0u32; counts.len()];
        let mut run_starts = Vec::with_capacity(runs.len() + 1);
        let mut start = 0;
        for &cols in &runs {
            (next[slot(cols)], start) = (start, start + counts[slot(cols)]);
            run_starts.push(next[slot(cols)]);
        }
        run_starts.push(start);
        let len = start as usize;
        let with_middle = !middles.is_empty();
        let mut quadrant = Quadrant {
            down: vec![0; len],
            up: vec![0; len],
            run_middles: match with_middle {
                true => runs.iter().map(|&cols| middles[slot(cols)]).collect(),
                false => Vec::new(),
            },
            runs,
            run_starts,
            middle_rows: vec![0; if with_middle { len } else { 0 }],
        };
        walk(&mut |cols, middle, down, up| {
            let at = next[slot(cols)] as usize;
            next[slot(cols)] += 1;
            (quadrant.down[at], quadrant.up[at]) = (down, up);
            if with_middle {
                quadrant.middle_rows[at] = middle;
            }
        });
        if with_middle {
            quadrant.sort_by_middle_rows();
        }
        quadrant
    }

    /// Sorts each run by the row of its middle queen (stably), so that a
    /// run's placements with their middle queen on some rows, and not on
    /// those between, are one stretch of it ([`Quadrant::unbarred`]): a
    /// unit that joins one term of an odd board skips the others'
    /// placements as one stretch, where each was tested before (n = 19
    /// took 1 to 4 % less time).
    fn sort_by_middle_rows(&mut self) {
        let mut run = Vec::new();
        for (k, &middles) in self.run_middles.iter().enumerate() {
            if middles.count_ones() < 2 {
                continue;
            }
            let range = self.run_starts[k] as usize..self.run_starts[k + 1] as usize;
            run.clear();
            run.extend(
                range
                    .clone()
                    .map(|i| (self.middle_rows[i], self.down[i], self.up[i])),
            );
            run.sort_by_key(|&(middle, _, _)| middle);
            for (i, &(middle, down, up)) in range.zip(&run) {
                (self.middle_rows[i], self.down[i], self.up[i]) = (middle, down, up);
            }
        }
    }

    /// The placements on exactly the columns `cols` with no middle queen
    /// on a row `barred`, as [`Quadrant::unbarred`] gives them (none where
    /// no run has those columns).
    #[inline(always)]
    pub(super) fn run(&self, cols: u32, barred: u32) -> (Range<usize>, bool) {
        match self.runs.binary_search(&cols) {
            Ok(k) => self.unbarred(k, barred),
            Err(_) => (0..0, false),
        }
    }

    /// The stretch of run `k` (counted from 0) that holds its placements
    /// with no middle queen on a row `barred` (all of it where none has a
    /// middle queen), and whether some in it still have one (barred rows
    /// between unbarred ones: each must be looked at).
    #[inline(always)]
    pub(super) fn unbarred(&self, k: usize, barred: u32) -> (Range<usize>, bool) {
        let range = self.run_starts[k] as usize..self.run_starts[k + 1] as usize;
        let middles = self.run_middles.get(k).copied().unwrap_or(0);
        let (allowed, barred) = (middles & !barred, middles & barred);
        if barred == 0 || allowed == 0 {
            return (if barred == 0 { range } else { 0..0 }, false);
        }
        // The rows from the lowest allowed to the highest, as bits.
        let (low, high) = (
            allowed & allowed.wrapping_neg(),
            1 << (31 - allowed.leading_zeros()),
        );
        if barred & ((high - low) | high) != 0 {
            return (range, true);
        }
        let rows = &self.middle_rows[range.clone()];
        let from = range.start + rows.partition_point(|&row| row < low);
        (
            from..range.start + rows.partition_point(|&row| row <= high),
            false,
        )
    }

    /// Each run's columns and placements.
    pub fn runs(&self) -> impl Iterator<Item = (u32, Range<usize>)> + '_ {
        let ranges = self.run_starts.windows(2);
        (self.runs.iter().zip(ranges)).map(|(&cols, at)| (cols, at[0] as usize..at[1] as usize))
    }

    /// The columns of the run that holds placement `i`, and where it
    /// ends.
    pub fn run_of(&self, i: usize) -> (u32, usize) {
        let run = self
            .run_starts
            .partition_point(|&start| start as usize <= i);
        (self.runs[run - 1], self.run_starts[run] as usize)
    }

    /// How many placements it holds.
    pub fn len(&self) -> usize {
        self.down.len()
    }

    /// The bytes it holds.
    pub fn bytes(&self) -> usize {
        (self.runs.capacity() + self.run_starts.capacity()) * 4
            + (self.middle_rows.capacity() + self.run_middles.capacity()) * 4
            + (self.down.capacity() + self.up.capacity()) * 8
    }

    /// Placement `i` (its columns found in the index).
    #[cfg(test)]
    pub fn get(&self, i: usize) -> Placement {
        Placement {
            cols: self.runs[self
                .run_starts
                .partition_point(|&start| start as usize <= i)
                - 1],
            middle: self.middle_rows.get(i).copied().unwrap_or(0),
            down: self.down[i],
            up: self.up[i],
            signature: 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// One run whose middle queens stand on `rows` (each placement
        /// told apart by its ↘ field, its place in the order given): the
        /// run is sorted by row, stably, and its unbarred stretch holds
        /// every placement not barred, and no other unless it says so.
        #[test]
        fn a_runs_unbarred_stretch_holds_exactly_its_unbarred_placements(
            rows in prop::collection::vec(0..8u32, 1..40),
            barred in any::<u8>(),
        ) {
            let placed: Vec<Placement> = (rows.iter().enumerate())
                .map(|(i, &row)| Placement { cols: 1, middle: 1 << row, down: i as u64, up: 0, signature: 0 })
                .collect();
            let quadrant = Quadrant::of(&placed);
            let order = |i: usize| (quadrant.middle_rows[i], quadrant.down[i]);
            prop_assert!((1..quadrant.len()).all(|i| order(i - 1) < order(i)));
            let barred = u32::from(barred);
            let (stretch, look) = quadrant.unbarred(0, barred);
            let unbarred = |i: &usize| quadrant.middle_rows[*i] & barred == 0;
            let kept: Vec<usize> = stretch.filter(|i| !look || unbarred(i)).collect();
            let expected: Vec<usize> = (0..quadrant.len()).filter(unbarred).collect();
            prop_assert_eq!(kept, expected);
        }
    }
}
