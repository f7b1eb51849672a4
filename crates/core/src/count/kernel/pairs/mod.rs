//! The join's kernels (see the join method): joining quadrant placements
//! into half boards, splitting lists of signatures by a bit, and counting
//! the disjoint pairs of a [`Leaf`] of signatures and others. The types
//! here are what they read and write; the method that walks them lives
//! with the join.

#[cfg(target_arch = "x86_64")]
pub(super) mod avx512;
mod leaf;
pub(super) mod scalar;

pub(crate) use leaf::{Leaf, LANES};

/// The u64s past its signatures that a split or a filter may write in
/// its output (a whole register's store: see [`scalar::split`]).
pub(crate) const SLACK: usize = 8;

/// The OR and the AND of a list of signatures: the diagonals some of
/// them take, and those all of them take (`u64::MAX` for none).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Bounds {
    pub any: u64,
    pub all: u64,
}

impl Bounds {
    /// Those of `signatures`.
    pub fn of(signatures: &[u64]) -> Bounds {
        let mut bounds = Bounds::NONE;
        for &signature in signatures {
            bounds.add(signature);
        }
        bounds
    }

    /// Those of no signature.
    pub const NONE: Bounds = Bounds {
        any: 0,
        all: u64::MAX,
    };

    /// Takes `signature` in.
    #[inline(always)]
    pub fn add(&mut self, signature: u64) {
        self.any |= signature;
        self.all &= signature;
    }
}

/// One placement in a quadrant: the columns it uses and the diagonals its
/// queens stand on, both absolute (↘ as row − column + n − 1, ↙ as row +
/// column), and the same diagonals where they cross column ⌊n/2⌋ (the
/// join's signature).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Placement {
    pub cols: u32,
    pub down: u64,
    pub up: u64,
    pub signature: u64,
}

/// One quadrant's placements in order of their columns, each field in
/// an array of its own (so a kernel loads 8 of a field at once): 24
/// bytes a placement. Their columns are kept once per run of placements
/// on the same columns, in an index (so that a north run finds its south
/// one in a short list).
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub(crate) struct Quadrant {
    pub down: Vec<u64>,
    pub up: Vec<u64>,
    pub signatures: Vec<u64>,
    /// The distinct column sets, in order.
    runs: Vec<u32>,
    /// Where each run starts, and the end.
    run_starts: Vec<u32>,
}

impl Quadrant {
    /// The placements, which must be in order of their columns.
    pub fn of(placements: &[Placement]) -> Quadrant {
        let starts = (0..placements.len())
            .filter(|&i| i == 0 || placements[i - 1].cols != placements[i].cols);
        let run_starts: Vec<u32> = starts.chain([placements.len()]).map(|i| i as u32).collect();
        Quadrant {
            down: placements.iter().map(|p| p.down).collect(),
            up: placements.iter().map(|p| p.up).collect(),
            signatures: placements.iter().map(|p| p.signature).collect(),
            runs: run_starts[..run_starts.len() - 1]
                .iter()
                .map(|&i| placements[i as usize].cols)
                .collect(),
            run_starts,
        }
    }

    /// The placements on exactly the columns `cols`.
    fn run(&self, cols: u32) -> std::ops::Range<usize> {
        match self.runs.binary_search(&cols) {
            Ok(k) => self.run_starts[k] as usize..self.run_starts[k + 1] as usize,
            Err(_) => 0..0,
        }
    }

    /// How many placements it holds.
    pub fn len(&self) -> usize {
        self.down.len()
    }

    /// The bytes it holds.
    pub fn bytes(&self) -> usize {
        (self.runs.capacity() + self.run_starts.capacity()) * 4
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
            down: self.down[i],
            up: self.up[i],
            signature: self.signatures[i],
        }
    }
}

/// The ↘ diagonals, ↙ diagonals and signatures of a run of placements.
pub(crate) type Fields<'a> = (&'a [u64], &'a [u64], &'a [u64]);

/// A north and a south quadrant to join into half boards, on a half's
/// `columns`: the north placements `from..to` of `north` (a part of the
/// north quadrant, so that a unit's half boards can be made a part at a
/// time), against all of `south`, beside queens placed outside both
/// quadrants on the diagonals `placed` (↘, ↙; the middle column's queen
/// of an odd board): a placement that attacks them is no part of a half
/// board.
pub(crate) struct Halves<'a> {
    pub columns: u32,
    pub north: &'a Quadrant,
    pub from: usize,
    pub to: usize,
    pub south: &'a Quadrant,
    pub placed: (u64, u64),
}

impl Halves<'_> {
    /// Calls `append` with each north placement that misses the placed
    /// queens' diagonals, taking them as its own (so that the south
    /// placements on them do not match), and the fields of the south
    /// placements on the complementary columns.
    #[inline(always)]
    pub fn each_match(&self, mut append: impl FnMut(&Placement, Fields)) {
        let (north, south) = (self.north, self.south);
        let mut i = self.from;
        // The north run that holds placement `from`.
        let mut run = north
            .run_starts
            .partition_point(|&start| start as usize <= i);
        while i < self.to {
            let end = (north.run_starts[run] as usize).min(self.to);
            let cols = north.runs[run - 1];
            let std::ops::Range {
                start: from,
                end: to,
            } = south.run(self.columns ^ cols);
            let fields = (
                &south.down[from..to],
                &south.up[from..to],
                &south.signatures[from..to],
            );
            // North placements with no south run to join are skipped.
            for placement in (i..end).filter(|_| from < to) {
                let north = Placement {
                    cols,
                    down: north.down[placement],
                    up: north.up[placement],
                    signature: north.signatures[placement],
                };
                let (down, up) = self.placed;
                if (north.down & down) | (north.up & up) == 0 {
                    let down = north.down | down;
                    append(
                        &Placement {
                            down,
                            up: north.up | up,
                            ..north
                        },
                        fields,
                    );
                }
            }
            (i, run) = (end, run + 1);
        }
    }
}
