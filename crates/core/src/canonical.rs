//! The scalar search below one subproblem's prefix, under the symmetry rules
//! of [`crate::subproblem`], each board found weighed by the share of its
//! class it stands for. [`crate::wave`] runs the same search on 16 lanes.

use crate::probe::Probe;
use crate::subproblem::{attacks, Rules};
use crate::{Tally, MAX_N};

/// The attacks on a row (columns, ↘, ↗) and its squares not yet tried.
type Frame = (u32, u32, u32, u32);

/// Rows index arrays of `MAX_N` = 32 entries; masking an index with this
/// proves it in bounds, so the hot loop carries no bounds checks.
const ROWS: usize = MAX_N - 1;

pub(crate) struct Search<'a, P> {
    pub rules: &'a Rules,
    /// The prefix's columns.
    pub columns: [u8; MAX_N],
    /// The queen of each row above the current one, as a one-bit mask.
    pub placed: [u32; MAX_N],
    pub tally: Tally,
    pub probe: &'a mut P,
}

impl<P: Probe> Search<'_, P> {
    /// The classic bitmask loop from row `start` down, except that a row's
    /// free squares start from the squares the rules allow in it, and that
    /// the stack keeps only rows with squares left to try: backing up is
    /// then always one pop, with no loop whose length the CPU must guess.
    pub fn run(&mut self, start: usize) {
        let rules = self.rules;
        let last = rules.n - 1;
        let side_row = rules.last_side_row();
        let mut stack = [Pending::default(); MAX_N];
        let mut depth = 0usize;
        for (row, &col) in self.columns[..start].iter().enumerate() {
            self.placed[row] = 1 << col;
        }
        let (cols, diag, anti) = attacks(&self.columns[..start]);
        let mut row = start;
        let mut here = self.enter(row, side_row, (cols, diag, anti));
        let (mut nodes, mut thirds) = (0u64, 0u64);
        loop {
            let (cols, diag, anti, free) = here;
            if row + 1 == last {
                nodes += u64::from(free.count_ones());
                thirds += self.last_two_rows(row, here);
            } else if free != 0 {
                let bit = free & free.wrapping_neg();
                let rest = free ^ bit;
                stack[depth & ROWS] = Pending {
                    cols,
                    diag,
                    anti,
                    rest,
                    row: row as u32,
                };
                depth += usize::from(rest != 0);
                self.placed[row & ROWS] = bit;
                row += 1;
                here = self.enter(row, side_row, place(cols, diag, anti, bit));
                nodes += 1;
                continue;
            }
            if depth == 0 {
                // One subproblem takes far fewer than 2^64 steps.
                self.tally.nodes += u128::from(nodes);
                self.tally.thirds += u128::from(thirds);
                return;
            }
            let top = &mut stack[(depth - 1) & ROWS];
            let bit = top.rest & top.rest.wrapping_neg();
            top.rest ^= bit;
            let (cols, diag, anti) = (top.cols, top.diag, top.anti);
            row = top.row as usize;
            depth -= usize::from(top.rest == 0);
            self.placed[row & ROWS] = bit;
            row += 1;
            here = self.enter(row, side_row, place(cols, diag, anti, bit));
            nodes += 1;
        }
    }

    /// The frame of `row` under the given attacks.
    #[inline(always)]
    fn enter(&mut self, row: usize, side_row: usize, (cols, diag, anti): (u32, u32, u32)) -> Frame {
        let mut free = self.rules.allowed[row & ROWS] & !(cols | diag | anti);
        // Branch-free: which row is the side row is no pattern to predict.
        let at_side_row = u32::from(row == side_row).wrapping_neg();
        free = (side_rule(free, cols, self.rules.sides) & at_side_row) | (free & !at_side_row);
        self.probe.placed(row, u32::from(row > 0));
        self.probe.examine(row, cols, diag, anti, free);
        (cols, diag, anti, free)
    }

    /// Row n−2, in `frame`: each free square leaves one column for the
    /// last row, which holds or not. Returns the solutions found, weighted,
    /// in thirds (see [`Search::weight`]).
    #[inline(always)]
    fn last_two_rows(&mut self, row: usize, frame: Frame) -> u64 {
        let (cols, diag, anti, mut free) = frame;
        let last_allowed = self.rules.allowed[(row + 1) & ROWS];
        let mut thirds = 0;
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            let (c, d, a) = place(cols, diag, anti, bit);
            let last_free = last_allowed & !(c | d | a);
            self.probe.placed(row + 1, 1);
            self.probe.examine(row + 1, c, d, a, last_free);
            if last_free == 0 {
                continue;
            }
            self.probe.placed(row + 2, 1);
            self.tally.nodes += 1;
            self.placed[row & ROWS] = bit;
            thirds += self.weight(last_free);
        }
        thirds
    }

    /// How much of its class a solution found stands for, in thirds of a
    /// board. Each class is found once per symmetry that maps one of its
    /// border queens, at the top queen's distance a from a corner, onto the
    /// top row at column a: R such symmetries (R = 1 unless there is a tie),
    /// and its class has 8/|stabilizer| boards found R/|stabilizer| times.
    /// So each find weighs 8/R boards, R = 1 + the side queens in rows a and
    /// n−1−a + a bottom queen in column a or n−1−a (at most 4): 24/R thirds.
    #[inline(always)]
    fn weight(&self, bottom: u32) -> u64 {
        let Some(top) = self.rules.edge else {
            // Corner solutions have no symmetry and are found once: 8 boards.
            return 24;
        };
        let (n, sides) = (self.rules.n, self.rules.sides);
        let far = n - 1 - top;
        let ties = u32::from(self.placed[top & ROWS] & sides != 0)
            + u32::from(self.placed[far & ROWS] & sides != 0)
            + u32::from(bottom & ((1 << top) | (1 << far)) != 0);
        [24, 12, 8, 6][ties as usize & 3]
    }
}

/// A row with squares left to try, and the attacks on it.
#[derive(Debug, Clone, Copy, Default)]
struct Pending {
    cols: u32,
    diag: u32,
    anti: u32,
    rest: u32,
    row: u32,
}

/// The attacks on the next row after a queen on `bit`.
#[inline(always)]
fn place(cols: u32, diag: u32, anti: u32, bit: u32) -> (u32, u32, u32) {
    (cols | bit, (diag | bit) << 1, (anti | bit) >> 1)
}

/// At the last row where a side queen may stand: if neither side column is
/// taken yet, both can no longer be; if one is, this row must take the other.
#[inline(always)]
pub(crate) fn side_rule(free: u32, cols: u32, sides: u32) -> u32 {
    let taken = cols & sides;
    let none = u32::from(taken == 0).wrapping_neg();
    let both = u32::from(taken == sides).wrapping_neg();
    free & !none & (both | sides)
}
