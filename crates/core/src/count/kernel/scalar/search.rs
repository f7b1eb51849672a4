//! The scalar search: the bitmask backtracking search below one
//! unit's prefix under the unit's [`Rules`], each solution found weighed
//! as the rules say. It is the reference the other tiers are checked
//! against, and the one that reports to a probe for `--stats`.

use crate::board::Attacks;
use crate::count::rules::{side_rule, Rules};
use crate::count::Tally;
use crate::stats::Probe;
use crate::MAX_N;

/// Rows index arrays of `MAX_N` = 32 entries; masking an index with this
/// proves it in bounds, so the hot loop carries no bounds checks.
const ROWS: usize = MAX_N - 1;

/// Counts the unit below `prefix` (at most n − 2 rows). Inlined into its
/// callers, as the whole search is, so that the x86-64-v3 build of this
/// tier (multiversion.rs) compiles it for those instructions.
#[inline(always)]
pub(crate) fn tally<P: Probe>(rules: &Rules, prefix: &[u8], probe: &mut P) -> Tally {
    let mut placed = [0; MAX_N];
    for (row, &col) in prefix.iter().enumerate() {
        placed[row] = 1 << col;
    }
    search(rules, placed, prefix.len(), Attacks::of(prefix), probe)
}

/// Counts the search from a start of a unit cut finer
/// ([`crate::count::Split`]): its row, the attacks on it, and how many tie
/// rows above it hold a side queen.
pub(crate) fn tally_from(rules: &Rules, row: usize, attacks: Attacks, ties: u32) -> Tally {
    // Only the number of tie rows above the start holding a side queen
    // matters to a solution's weight: mark that many of them, top first
    // (the top tie row is above the far one).
    let mut placed = [0; MAX_N];
    let (top, far) = rules.tie_rows();
    for tie_row in [top, far].into_iter().take(ties as usize) {
        placed[tie_row & ROWS] = rules.sides;
    }
    search(rules, placed, row, attacks, &mut ())
}

#[inline(always)]
fn search<P: Probe>(
    rules: &Rules,
    placed: [u32; MAX_N],
    row: usize,
    attacks: Attacks,
    probe: &mut P,
) -> Tally {
    let mut search = Search {
        rules,
        placed,
        tally: Tally::new(0, 1),
        probe,
    };
    search.run(row, attacks);
    search.tally
}

/// A row with squares left to try, and the attacks on it.
#[derive(Debug, Clone, Copy, Default)]
struct Pending {
    attacks: Attacks,
    rest: u32,
    row: u32,
}

struct Search<'a, P> {
    rules: &'a Rules,
    /// The queen of each row above the current one, as a one-bit mask.
    placed: [u32; MAX_N],
    tally: Tally,
    probe: &'a mut P,
}

impl<P: Probe> Search<'_, P> {
    /// The classic bitmask loop from row `start` down, except that a row's
    /// free squares start from the squares the rules allow in it, and that
    /// the stack keeps only rows with squares left to try: backing up is
    /// then always one pop, with no loop whose length the CPU must guess.
    #[inline(always)]
    fn run(&mut self, start: usize, attacks: Attacks) {
        let last = self.rules.n - 1;
        let side_row = self.rules.last_side_row();
        let mut stack = [Pending::default(); MAX_N];
        let mut depth = 0usize;
        let mut row = start;
        let (mut here, mut free) = self.enter(row, side_row, attacks);
        let (mut nodes, mut thirds) = (0u64, 0u64);
        loop {
            if row + 1 == last {
                nodes += u64::from(free.count_ones());
                thirds += self.last_two_rows(row, here, free);
            } else if free != 0 {
                let bit = free & free.wrapping_neg();
                let rest = free ^ bit;
                stack[depth & ROWS] = Pending {
                    attacks: here,
                    rest,
                    row: row as u32,
                };
                depth += usize::from(rest != 0);
                self.placed[row & ROWS] = bit;
                row += 1;
                (here, free) = self.enter(row, side_row, here.place(bit));
                nodes += 1;
                continue;
            }
            if depth == 0 {
                // One unit takes far fewer than 2^64 steps.
                self.tally += Tally::new(u128::from(thirds), u128::from(nodes));
                return;
            }
            let top = &mut stack[(depth - 1) & ROWS];
            let bit = top.rest & top.rest.wrapping_neg();
            top.rest ^= bit;
            let above = top.attacks;
            row = top.row as usize;
            depth -= usize::from(top.rest == 0);
            self.placed[row & ROWS] = bit;
            row += 1;
            (here, free) = self.enter(row, side_row, above.place(bit));
            nodes += 1;
        }
    }

    /// The attacks on `row` and its free squares.
    #[inline(always)]
    fn enter(&mut self, row: usize, side_row: usize, attacks: Attacks) -> (Attacks, u32) {
        let mut free = attacks.free(self.rules.allowed[row & ROWS]);
        // Branch-free: which row is the side row is no pattern to predict.
        let at_side_row = u32::from(row == side_row).wrapping_neg();
        free =
            (side_rule(free, attacks.cols, self.rules.sides) & at_side_row) | (free & !at_side_row);
        self.probe.placed(row, u32::from(row > 0));
        self.probe.examine(row, attacks, free);
        (attacks, free)
    }

    /// Row n−2: each free square leaves one column for the last row, which
    /// holds or not. Returns the solutions found, weighted, in thirds.
    #[inline(always)]
    fn last_two_rows(&mut self, row: usize, attacks: Attacks, mut free: u32) -> u64 {
        let last_allowed = self.rules.allowed[(row + 1) & ROWS];
        let mut thirds = 0;
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            let below = attacks.place(bit);
            let last_free = below.free(last_allowed);
            self.probe.placed(row + 1, 1);
            self.probe.examine(row + 1, below, last_free);
            if last_free == 0 {
                continue;
            }
            self.probe.placed(row + 2, 1);
            self.tally += Tally::new(0, 1);
            self.placed[row & ROWS] = bit;
            thirds += u64::from(self.weight(last_free));
        }
        thirds
    }

    /// What the solution just completed weighs (see [`Rules::weights`]).
    #[inline(always)]
    fn weight(&self, bottom: u32) -> u32 {
        let (top, far) = self.rules.tie_rows();
        let sides = self.rules.sides;
        let tie = |row: usize| row <= ROWS && self.placed[row & ROWS] & sides != 0;
        let ties = u32::from(top != usize::MAX && tie(top))
            + u32::from(far != usize::MAX && tie(far))
            + u32::from(bottom & self.rules.tie_columns() != 0);
        self.rules.weights[ties as usize & 3]
    }
}
