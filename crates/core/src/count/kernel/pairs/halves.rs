//! A north and a south quadrant to join into half boards, and the runs
//! of placements a kernel joins.

use super::{Cut, Placement, Quadrant};

/// The ↘ and ↙ diagonals of a run of placements, and the rows of their
/// queens in the middle column as bits where some of those rows are not
/// to be joined (else empty).
pub(crate) type Fields<'a> = (&'a [u64], &'a [u64], &'a [u32]);

/// A north and a south quadrant to join into half boards, on a half's
/// `columns`: the north placements `from..to` of `north` (a part of the
/// north quadrant, so that a unit's half boards can be made a part at a
/// time), against all of `south`: only those whose queen in the middle
/// column of an odd board stands on a row of `middles` (or has none),
/// and that miss the diagonals `placed` (↘, ↙) of a queen placed outside
/// both quadrants (the middle column's, where it is in neither). A half
/// board's signature is where its diagonals cross `cut`.
pub(crate) struct Halves<'a> {
    pub cut: Cut,
    pub columns: u32,
    pub north: &'a Quadrant,
    pub from: usize,
    pub to: usize,
    pub south: &'a Quadrant,
    pub middles: u32,
    pub placed: (u64, u64),
}

impl Halves<'_> {
    /// Calls `append` with each run of north placements from `from` to
    /// `to` on the same columns, less those whose middle queen is not on
    /// a row of `middles` and those on a diagonal of the `placed` queen
    /// (whose diagonals each kept one takes as its own, so that the south
    /// placements on them do not match), and the fields of the south
    /// placements on the complementary columns (the signature of each
    /// north placement handed over its own, without the placed queen's
    /// diagonals). Where a north placement
    /// has a middle queen those south ones have none; where it has none,
    /// they all have one, and their rows come along to be filtered. A
    /// run comes whole (at most [`RUN`] placements at a time), so that a
    /// kernel sets up once for all its placements.
    #[inline(always)]
    pub fn each_run(&self, mut append: impl FnMut(&[Placement], Fields)) {
        let (north, south) = (self.north, self.south);
        let barred = !self.middles;
        let mut i = self.from;
        // The north run that holds placement `from`.
        let mut run = north
            .run_starts
            .partition_point(|&start| start as usize <= i);
        let mut kept = [Placement::default(); RUN];
        while i < self.to {
            let end = (north.run_starts[run] as usize).min(self.to);
            let cols = north.runs[run - 1];
            let (
                std::ops::Range {
                    start: from,
                    end: to,
                },
                filtered,
            ) = south.run(self.columns ^ cols, barred);
            let middle_rows = match filtered {
                true => &south.middle_rows[from..to],
                false => &[],
            };
            let fields = (&south.down[from..to], &south.up[from..to], middle_rows);
            // Those of the north run with a barred middle queen are
            // skipped as a stretch where they can be.
            let (unbarred, filtered) = north.unbarred(run - 1, barred);
            let allowed = |i: usize| !filtered || north.middle_rows[i] & barred == 0;
            // North placements with no south run to join are skipped.
            let (down, up) = self.placed;
            let mut count = 0;
            let stretch = i.max(unbarred.start)..end.min(unbarred.end);
            for placement in stretch.filter(|&i| from < to && allowed(i)) {
                let (north_down, north_up) = (north.down[placement], north.up[placement]);
                if (north_down & down) | (north_up & up) == 0 {
                    kept[count] = Placement {
                        cols,
                        middle: 0,
                        down: north_down | down,
                        up: north_up | up,
                        signature: self.cut.signature(north_down, north_up),
                    };
                    count += 1;
                    if count == RUN {
                        append(&kept, fields);
                        count = 0;
                    }
                }
            }
            if count > 0 {
                append(&kept[..count], fields);
            }
            (i, run) = (end, run + 1);
        }
    }
}

/// North placements handed to a kernel at once, at most.
pub(crate) const RUN: usize = 64;
