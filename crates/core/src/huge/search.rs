//! The state and steps of one [`random_solution`](super::random_solution)
//! search: greedy starts, then min-conflicts repair by swaps.

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

use super::diagonals::{Diagonals, Occupied};
use super::HugeError;

/// How far [`random_solution`](super::random_solution) has got, passed to its callback.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    /// Pairs of queens that attack each other along a diagonal (columns
    /// never clash); 0 once the board is a solution. While a start is
    /// being built, the pairs are not counted yet, and this is instead the
    /// number of queens placed so far that attack an earlier one.
    pub conflicts: u64,
    /// Steps made so far, over every restart: each queen placed while
    /// building a start is one step, and so is each swap tried (or stale
    /// entry dropped) while repairing.
    pub steps: u64,
}

/// The callback hears from the search this often, in steps: rarely enough
/// to cost nothing, often enough (a few milliseconds) to stop promptly.
const REPORT_EVERY: u64 = 1 << 16;

/// Random columns tried per row of a start before settling for an
/// attacked one. Measured on a million queens: 8 tries leave some 50 000
/// attacking pairs to repair, 32 about 50, 64 usually none; more would
/// only slow the last rows, where free diagonals are rare.
const START_TRIES: u32 = 64;

/// Swaps tried without an improvement, per row, before the start is
/// abandoned. A tiny board has few swaps, so after a few dozen tries per
/// row one that helps is unlikely to exist and a fresh start is cheaper.
const STALL_PER_ROW: u64 = 64;

/// The most swaps tried without an improvement, whatever n: a last
/// conflict on a huge board needs a few hundred tries at worst, so this
/// only ends a real dead end.
const STALL_MAX: u64 = 50_000;

/// The state of one search; the vectors are reused across restarts.
pub(super) struct Search<'a> {
    n: usize,
    rng: Pcg64Mcg,
    columns: Vec<u32>,
    diagonals: Diagonals,
    occupied: Occupied,
    /// Columns not yet used while building a start.
    free: Vec<u32>,
    /// Rows that may hold an attacked queen: every attacked queen's row is
    /// here, along with some that have since been freed.
    suspects: Vec<u32>,
    steps: u64,
    progress: &'a mut dyn FnMut(Progress) -> bool,
}

impl<'a> Search<'a> {
    /// A search of an n×n board, n ≥ 2, drawing from `seed`.
    pub(super) fn new(n: usize, seed: u64, progress: &'a mut dyn FnMut(Progress) -> bool) -> Self {
        Search {
            n,
            rng: Pcg64Mcg::seed_from_u64(seed),
            columns: Vec::with_capacity(n),
            diagonals: Diagonals::new(n),
            occupied: Occupied::new(n),
            free: Vec::with_capacity(n),
            suspects: Vec::new(),
            steps: 0,
            progress,
        }
    }

    /// Starts afresh until a start repairs into a solution.
    pub(super) fn run(mut self) -> Result<Vec<u32>, HugeError> {
        loop {
            self.build_start()?;
            if self.repair()? {
                // The search is over, so a false here changes nothing.
                let _ = self.report(0);
                return Ok(self.columns);
            }
        }
    }

    /// A uniform index in `0..len` (len ≥ 1), by multiply-and-shift rather
    /// than the rand crate's samplers, whose exact draws may change between
    /// versions. The bias, under len / 2⁶⁴, is far below anything visible.
    fn below(&mut self, len: usize) -> usize {
        ((u128::from(self.rng.next_u64()) * len as u128) >> 64) as usize
    }

    /// Counts one step, and lets the callback see the progress (and stop
    /// the search) every [`REPORT_EVERY`] steps.
    fn step(&mut self, conflicts: u64) -> Result<(), HugeError> {
        self.steps += 1;
        if self.steps.is_multiple_of(REPORT_EVERY) && !self.report(conflicts) {
            return Err(HugeError::Stopped {
                steps: self.steps,
                conflicts,
            });
        }
        Ok(())
    }

    /// Tells the callback where the search stands; false means stop.
    fn report(&mut self, conflicts: u64) -> bool {
        (self.progress)(Progress {
            conflicts,
            steps: self.steps,
        })
    }

    /// A random permutation placed greedily, row by row, on free diagonals
    /// where a few tries find them.
    fn build_start(&mut self) -> Result<(), HugeError> {
        self.columns.clear();
        self.occupied.clear();
        self.free.clear();
        self.free.extend(0..self.n as u32);
        let mut clashes = 0;
        for row in 0..self.n {
            let (column, clear) = self.start_column(row);
            self.columns.push(column);
            self.occupied.occupy(row, column);
            clashes += u64::from(!clear);
            self.step(clashes)?;
        }
        self.diagonals.recount(&self.columns);
        Ok(())
    }

    /// Takes a free column for `row`, preferring one off every occupied
    /// diagonal; the flag says whether it found one.
    fn start_column(&mut self, row: usize) -> (u32, bool) {
        for _ in 0..START_TRIES {
            let index = self.below(self.free.len());
            if self.occupied.is_free(row, self.free[index]) {
                return (self.free.swap_remove(index), true);
            }
        }
        let index = self.below(self.free.len());
        let column = self.free.swap_remove(index);
        (column, self.occupied.is_free(row, column))
    }

    /// Swaps attacked queens with random others while that lowers the
    /// attacking pairs: true once none are left, false on a dead end.
    fn repair(&mut self) -> Result<bool, HugeError> {
        self.suspects.clear();
        let stall = (STALL_PER_ROW * self.n as u64).min(STALL_MAX);
        let mut fruitless = 0;
        while self.diagonals.pairs() > 0 {
            if fruitless > stall {
                return Ok(false);
            }
            if self.suspects.is_empty() {
                self.gather_suspects();
            }
            let index = self.below(self.suspects.len());
            let row = self.suspects[index] as usize;
            if !self.diagonals.is_attacked(row, self.columns[row]) {
                self.suspects.swap_remove(index);
            } else if self.try_swap(row) {
                fruitless = 0;
            } else {
                fruitless += 1;
            }
            self.step(self.diagonals.pairs())?;
        }
        Ok(true)
    }

    /// Lists every attacked queen's row: at the start, and when swaps have
    /// freed every listed queen while attacking queens not yet listed.
    fn gather_suspects(&mut self) {
        for (row, &column) in self.columns.iter().enumerate() {
            if self.diagonals.is_attacked(row, column) {
                self.suspects.push(row as u32);
            }
        }
    }

    /// Swaps the columns of `row` and a random other row if that lowers the
    /// attacking pairs. The move is scored by making it on the counts and
    /// undoing it if it did not help, which stays right even when the two
    /// queens share or swap onto each other's diagonals.
    fn try_swap(&mut self, row: usize) -> bool {
        let other = self.below(self.n);
        if other == row {
            // Not a move, and the counts below would drop the queen twice.
            return false;
        }
        let (mine, theirs) = (self.columns[row], self.columns[other]);
        let before = self.diagonals.pairs();
        self.move_pair(row, mine, other, theirs);
        if self.diagonals.pairs() >= before {
            self.move_pair(row, theirs, other, mine);
            return false;
        }
        self.columns.swap(row, other);
        if self.diagonals.is_attacked(other, mine) {
            self.suspects.push(other as u32);
        }
        true
    }

    /// On the counts only: moves the queen of `row` from column `from` to
    /// `to`, and the queen of `other` the opposite way.
    fn move_pair(&mut self, row: usize, from: u32, other: usize, to: u32) {
        self.diagonals.remove(row, from);
        self.diagonals.remove(other, to);
        self.diagonals.add(row, to);
        self.diagonals.add(other, from);
    }
}
