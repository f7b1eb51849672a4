//! What the join's kernels read and write: quadrant placements and the
//! half boards joined from them, and the leaf of the pair count (leaf.rs).
//! The method that walks them lives with the join; each tier's steps on
//! them live in the tier's folder.

mod leaf;

pub(crate) use leaf::{with_groups, Leaf, Plane, LANES};

/// The u64s past its signatures that a split or a filter may write in
/// its output (a whole register's store).
pub(crate) const SLACK: usize = 8;

/// One placement in a quadrant: the columns it uses and the diagonals its
/// queens stand on, both absolute (↘ as row − column + n − 1, ↙ as row +
/// column), and the same diagonals where they cross column ⌊n/2⌋ (the
/// join's signature), and the row of its queen in the middle column of
/// an odd board as a bit (0 for none; it fills what would be padding).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Placement {
    pub cols: u32,
    pub middle: u32,
    pub down: u64,
    pub up: u64,
    pub signature: u64,
}

/// One quadrant's placements in order of their columns, each field in
/// an array of its own (so a kernel loads 8 of a field at once): 24
/// bytes a placement, and 4 more where some have a middle queen. Their
/// columns are kept once per run of placements on the same columns, in
/// an index (so that a north run finds its south one in a short list).
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub(crate) struct Quadrant {
    pub down: Vec<u64>,
    pub up: Vec<u64>,
    pub signatures: Vec<u64>,
    /// The distinct column sets, in order.
    runs: Vec<u32>,
    /// Where each run starts, and the end.
    run_starts: Vec<u32>,
    /// The row of each placement's queen in the middle column of an odd
    /// board, as a bit (0 for none); empty where none has one.
    middle_rows: Vec<u32>,
    /// The rows of each run's middle queens, as bits; empty likewise.
    run_middles: Vec<u32>,
}

impl Quadrant {
    /// The placements, which must be in order of their columns.
    pub fn of(placed: &[Placement]) -> Quadrant {
        let cols = |i: usize| placed[i].cols;
        let starts = (0..placed.len()).filter(|&i| i == 0 || cols(i - 1) != cols(i));
        let run_starts: Vec<u32> = starts.chain([placed.len()]).map(|i| i as u32).collect();
        let runs = run_starts[..run_starts.len() - 1].iter();
        let mut quadrant = Quadrant {
            down: placed.iter().map(|p| p.down).collect(),
            up: placed.iter().map(|p| p.up).collect(),
            signatures: placed.iter().map(|p| p.signature).collect(),
            runs: runs.map(|&i| cols(i as usize)).collect(),
            run_starts,
            middle_rows: Vec::new(),
            run_middles: Vec::new(),
        };
        if placed.iter().any(|p| p.middle != 0) {
            quadrant.middle_rows = placed.iter().map(|p| p.middle).collect();
            let runs = quadrant.run_starts.windows(2);
            let rows =
                |run: &[u32]| (run[0]..run[1]).fold(0, |rows, i| rows | placed[i as usize].middle);
            quadrant.run_middles = runs.map(rows).collect();
        }
        quadrant
    }

    /// The placements on exactly the columns `cols` (none where every
    /// one's middle queen stands on a row `barred`), and whether some of
    /// them do (so that their rows must be looked at).
    #[inline(always)]
    fn run(&self, cols: u32, barred: u32) -> (std::ops::Range<usize>, bool) {
        let Ok(k) = self.runs.binary_search(&cols) else {
            return (0..0, false);
        };
        let middles = self.run_middles.get(k).copied().unwrap_or(0);
        match middles != 0 && middles & !barred == 0 {
            true => (0..0, false),
            false => {
                let range = self.run_starts[k] as usize..self.run_starts[k + 1] as usize;
                (range, middles & barred != 0)
            }
        }
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
            + self.signatures.capacity() * 8
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
            signature: self.signatures[i],
        }
    }
}

/// The ↘ diagonals, ↙ diagonals and signatures of a run of placements,
/// and the rows of their queens in the middle column as bits where some
/// of those rows are not to be joined (else empty).
pub(crate) type Fields<'a> = (&'a [u64], &'a [u64], &'a [u64], &'a [u32]);

/// A north and a south quadrant to join into half boards, on a half's
/// `columns`: the north placements `from..to` of `north` (a part of the
/// north quadrant, so that a unit's half boards can be made a part at a
/// time), against all of `south`: only those whose queen in the middle
/// column of an odd board stands on a row of `middles` (or has none),
/// and that miss the diagonals `placed` (↘, ↙) of a queen placed outside
/// both quadrants (the middle column's, where it is in neither).
pub(crate) struct Halves<'a> {
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
    /// placements on the complementary columns. Where a north placement
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
            let fields = (
                &south.down[from..to],
                &south.up[from..to],
                &south.signatures[from..to],
                middle_rows,
            );
            let filtered = barred != 0 && !north.middle_rows.is_empty();
            let allowed = |i: usize| !filtered || north.middle_rows[i] & barred == 0;
            // North placements with no south run to join are skipped.
            let (down, up) = self.placed;
            let mut count = 0;
            for placement in (i..end).filter(|&i| from < to && allowed(i)) {
                let (north_down, north_up) = (north.down[placement], north.up[placement]);
                if (north_down & down) | (north_up & up) == 0 {
                    kept[count] = Placement {
                        cols,
                        middle: 0,
                        down: north_down | down,
                        up: north_up | up,
                        signature: north.signatures[placement],
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
