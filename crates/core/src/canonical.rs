//! The search below one subproblem's prefix, keeping one board per
//! symmetry class (the rules are in [`crate::subproblem`]).

use crate::probe::Probe;
use crate::subproblem::{attacks, Rules};
use crate::symmetry::{stabilizer_size, Symmetry};
use crate::{Tally, MAX_N};

/// The attacks on a row (columns, ↘, ↗) and its squares not yet tried.
type Frame = (u32, u32, u32, u32);

pub(crate) struct Search<'a, P> {
    pub rules: &'a Rules,
    /// The prefix's columns; the whole solution once one is found.
    pub columns: [u8; MAX_N],
    pub tally: Tally,
    pub probe: &'a mut P,
}

impl<P: Probe> Search<'_, P> {
    /// The classic bitmask loop from row `start` down, except that a row's
    /// free squares start from the squares the rules allow in it.
    pub fn run(&mut self, start: usize) {
        let rules = self.rules;
        let last = rules.n - 1;
        let mut stack: [Frame; MAX_N] = [(0, 0, 0, 0); MAX_N];
        let (cols, diag, anti) = attacks(&self.columns[..start]);
        let mut row = start;
        let mut here = self.enter(row, (cols, diag, anti));
        let (mut nodes, mut plain) = (0u64, 0u64);
        loop {
            let (cols, diag, anti, free) = here;
            if row + 1 == last {
                stack[row] = here;
                nodes += u64::from(free.count_ones());
                plain += self.last_two_rows(&stack, start, row);
            } else if free != 0 {
                let bit = free & free.wrapping_neg();
                stack[row] = (cols, diag, anti, free ^ bit);
                row += 1;
                here = self.enter(row, place(cols, diag, anti, bit));
                nodes += 1;
                continue;
            }
            // Back up to the nearest row with a square left to try.
            loop {
                if row == start {
                    // One subproblem takes far fewer than 2^64 steps.
                    self.tally.nodes += u128::from(nodes);
                    self.tally.total += 8 * u128::from(plain);
                    self.tally.unique += u128::from(plain);
                    return;
                }
                row -= 1;
                if stack[row].3 != 0 {
                    break;
                }
            }
            let (cols, diag, anti, rest) = stack[row];
            let bit = rest & rest.wrapping_neg();
            stack[row].3 = rest ^ bit;
            row += 1;
            here = self.enter(row, place(cols, diag, anti, bit));
            nodes += 1;
        }
    }

    /// The frame of `row` under the given attacks.
    #[inline(always)]
    fn enter(&mut self, row: usize, (cols, diag, anti): (u32, u32, u32)) -> Frame {
        let mut free = self.rules.allowed[row] & !(cols | diag | anti);
        if row == self.rules.last_side_row() {
            free = side_rule(free, cols, self.rules.sides);
        }
        self.probe.placed(row, u32::from(row > 0));
        self.probe.examine(row, cols, diag, anti, free);
        (cols, diag, anti, free)
    }

    /// Row n−2 (its frame on top of `stack`): each free square leaves one
    /// column for the last row, which holds or not. Returns the solutions
    /// that stand alone for a class of 8; tied ones are counted here.
    #[inline(always)]
    fn last_two_rows(&mut self, stack: &[Frame; MAX_N], start: usize, row: usize) -> u64 {
        let (cols, diag, anti, mut free) = stack[row];
        let last_allowed = self.rules.allowed[row + 1];
        let mut plain = 0;
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
            if self.rules.edge.is_none() || !self.tie(stack, start, c, last_free) {
                // Corner solutions, and edge ones without a tie, are the
                // only board of their class that the search finds.
                plain += 1;
            } else {
                self.settle_tie(stack, start, c, last_free);
            }
        }
        plain
    }

    /// Columns taken above `row`: from the prefix, the stack, or `cols`
    /// (those above the last row).
    fn cols_above(&self, stack: &[Frame; MAX_N], start: usize, cols: u32, row: usize) -> u32 {
        match row {
            r if r <= start => attacks(&self.columns[..r]).0,
            r if r < self.rules.n - 1 => stack[r].0,
            _ => cols,
        }
    }

    /// Whether an edge-case solution has another border queen as near a
    /// corner as the top queen: then other boards of its class are found.
    fn tie(&self, stack: &[Frame; MAX_N], start: usize, cols: u32, last_free: u32) -> bool {
        let (n, sides) = (self.rules.n, self.rules.sides);
        let top = self.rules.edge.unwrap_or(0);
        let far = n - 1 - top;
        let side_at = |row: usize| {
            let placed = self.cols_above(stack, start, cols, row + 1)
                ^ self.cols_above(stack, start, cols, row);
            placed & sides != 0
        };
        last_free & ((1 << top) | (1 << far)) != 0 || side_at(top) || side_at(far)
    }

    /// Counts a tied solution if it is the smallest of the boards of its
    /// class that the search finds.
    #[inline(never)]
    fn settle_tie(&mut self, stack: &[Frame; MAX_N], start: usize, cols: u32, last_free: u32) {
        let n = self.rules.n;
        for row in start..n - 1 {
            let placed = self.cols_above(stack, start, cols, row + 1)
                ^ self.cols_above(stack, start, cols, row);
            self.columns[row] = placed.trailing_zeros() as u8;
        }
        self.columns[n - 1] = last_free.trailing_zeros() as u8;
        let columns = &self.columns[..n];
        let mut image = [0u8; MAX_N];
        for symmetry in &Symmetry::ALL[1..] {
            symmetry.apply(columns, &mut image[..n]);
            if image[..n] < *columns && reachable(&image[..n]) {
                return;
            }
        }
        self.tally.total += u128::from(8 / stabilizer_size(columns));
        self.tally.unique += 1;
    }
}

/// The attacks on the next row after a queen on `bit`.
#[inline(always)]
fn place(cols: u32, diag: u32, anti: u32, bit: u32) -> (u32, u32, u32) {
    (cols | bit, (diag | bit) << 1, (anti | bit) >> 1)
}

/// At the last row where a side queen may stand: if neither side column is
/// taken yet, both can no longer be; if one is, this row must take the other.
#[inline(always)]
fn side_rule(free: u32, cols: u32, sides: u32) -> u32 {
    match cols & sides {
        0 => 0,
        taken if taken == sides => free,
        _ => free & sides,
    }
}

/// Whether the edge-case search finds this board (which has no corner queen).
fn reachable(columns: &[u8]) -> bool {
    let n = columns.len();
    let top = usize::from(columns[0]);
    if top == 0 || top >= n - 1 - top {
        return false;
    }
    let far = n - 1 - top;
    let sides_ok = (1..n - 1).all(|row| {
        let col = usize::from(columns[row]);
        (top..=far).contains(&row) || (col != 0 && col != n - 1)
    });
    sides_ok && (top..=far).contains(&usize::from(columns[n - 1]))
}
