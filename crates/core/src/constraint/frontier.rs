//! The attack state of a board up to 64 columns wide, kept by absolute
//! lines so that a queen can be lifted as well as placed, in any order of
//! rows: what completion needs, where the counting searches' shifted
//! row-by-row masks ([`crate::board`]'s `Attacks`) cannot serve.

/// Columns, ↘ diagonals (bit c − r + n − 1) and ↗ anti-diagonals (bit
/// r + c) taken, blocked squares per row, and the rows still open.
#[derive(Debug, Clone)]
pub(crate) struct Frontier {
    n: usize,
    full: u64,
    cols: u64,
    diag: u128,
    anti: u128,
    blocked: Vec<u64>,
    open_rows: u64,
}

impl Frontier {
    /// An empty board of `n` ≤ 64 columns with `blocked` squares.
    pub(crate) fn new(n: usize, blocked: &[(usize, usize)]) -> Frontier {
        let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let mut rows = vec![0u64; n];
        for &(row, col) in blocked {
            rows[row] |= 1 << col;
        }
        Frontier {
            n,
            full,
            cols: 0,
            diag: 0,
            anti: 0,
            blocked: rows,
            open_rows: full,
        }
    }

    /// The columns of `row` that no queen attacks and no block covers.
    pub(crate) fn free(&self, row: usize) -> u64 {
        let anti = (self.anti >> row) as u64;
        let diag = (self.diag >> (self.n - 1 - row)) as u64;
        self.full & !(self.cols | self.blocked[row] | anti | diag)
    }

    /// The columns with no queen yet.
    pub(crate) fn open_cols(&self) -> u64 {
        self.full & !self.cols
    }

    /// The rows with no queen yet.
    pub(crate) fn open_rows(&self) -> u64 {
        self.open_rows
    }

    /// Places a queen on a free square.
    pub(crate) fn place(&mut self, row: usize, col: usize) {
        debug_assert!(self.free(row) >> col & 1 == 1, "({row}, {col}) is not free");
        self.toggle(row, col);
    }

    /// Lifts the queen [`Frontier::place`] put on the square: every line
    /// it took was free before, so flipping the bits back restores them.
    pub(crate) fn lift(&mut self, row: usize, col: usize) {
        self.toggle(row, col);
    }

    fn toggle(&mut self, row: usize, col: usize) {
        self.cols ^= 1 << col;
        self.diag ^= 1 << (col + self.n - 1 - row);
        self.anti ^= 1 << (row + col);
        self.open_rows ^= 1 << row;
    }
}
