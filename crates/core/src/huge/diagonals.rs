//! Which diagonals hold queens: bit sets while a start is being built,
//! counts and the number of attacking pairs while it is repaired.
//!
//! The local search keeps the columns a permutation, so queens only ever
//! clash along diagonals; these make checking a queen and scoring a move
//! O(1).

use super::bits::Bits;

/// The indexes of the ↘ diagonal (r − c, shifted by n − 1 so it is never
/// negative) and the ↗ diagonal (r + c) through (row, column).
fn lines(n: usize, row: usize, column: u32) -> (usize, usize) {
    let column = column as usize;
    (row + n - 1 - column, row + column)
}

/// The diagonals holding a queen, one bit each, for the greedy start. It
/// probes many random squares, and at ten million rows these sets, 32
/// times smaller than counts, stay in cache where counts would not.
pub(super) struct Occupied {
    n: usize,
    down: Bits,
    up: Bits,
}

impl Occupied {
    /// The sets of an empty n×n board.
    pub(super) fn new(n: usize) -> Self {
        let lines = (2 * n).saturating_sub(1);
        Occupied {
            n,
            down: Bits::new(lines),
            up: Bits::new(lines),
        }
    }

    /// Empties the board again, keeping the memory.
    pub(super) fn clear(&mut self) {
        self.down.clear();
        self.up.clear();
    }

    /// Whether a queen put on (row, column) would attack none.
    pub(super) fn is_free(&self, row: usize, column: u32) -> bool {
        let (down, up) = lines(self.n, row, column);
        !self.down.contains(down) && !self.up.contains(up)
    }

    /// Marks the diagonals of a queen put on (row, column).
    pub(super) fn occupy(&mut self, row: usize, column: u32) {
        let (down, up) = lines(self.n, row, column);
        self.down.insert(down);
        self.up.insert(up);
    }
}

/// Queen counts per ↘ and ↗ diagonal of an n×n board, with the running
/// number of attacking pairs.
pub(super) struct Diagonals {
    n: usize,
    down: Vec<u32>,
    up: Vec<u32>,
    /// Pairs of queens sharing a diagonal: two distinct squares never share
    /// both diagonals, so summing per diagonal counts each pair once.
    pairs: u64,
}

impl Diagonals {
    /// The counts of an empty n×n board.
    pub(super) fn new(n: usize) -> Self {
        let lines = (2 * n).saturating_sub(1);
        Diagonals {
            n,
            down: vec![0; lines],
            up: vec![0; lines],
            pairs: 0,
        }
    }

    /// Counts the board `columns` afresh. One pass of independent
    /// increments, which the processor overlaps far better than the same
    /// work spread over the start's probing loop.
    pub(super) fn recount(&mut self, columns: &[u32]) {
        self.down.fill(0);
        self.up.fill(0);
        self.pairs = 0;
        for (row, &column) in columns.iter().enumerate() {
            self.add(row, column);
        }
    }

    /// Pairs of queens that attack each other along a diagonal.
    pub(super) fn pairs(&self) -> u64 {
        self.pairs
    }

    /// Puts a queen on (row, column): it attacks every queen already on
    /// its two diagonals.
    pub(super) fn add(&mut self, row: usize, column: u32) {
        let (down, up) = lines(self.n, row, column);
        self.pairs += u64::from(self.down[down]) + u64::from(self.up[up]);
        self.down[down] += 1;
        self.up[up] += 1;
    }

    /// Takes the queen on (row, column) away, undoing [`Self::add`].
    pub(super) fn remove(&mut self, row: usize, column: u32) {
        let (down, up) = lines(self.n, row, column);
        self.down[down] -= 1;
        self.up[up] -= 1;
        self.pairs -= u64::from(self.down[down]) + u64::from(self.up[up]);
    }

    /// Whether the queen standing on (row, column) attacks another.
    pub(super) fn is_attacked(&self, row: usize, column: u32) -> bool {
        let (down, up) = lines(self.n, row, column);
        self.down[down] > 1 || self.up[up] > 1
    }
}
