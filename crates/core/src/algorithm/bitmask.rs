//! `bitmask`: the fast algorithm. Columns, ↘ and ↗ attacks are three
//! bitmasks (the board's one attack state); a row's free squares are one
//! expression and the lowest set bit is the next column to try.

use super::walk::{backtrack, Tracker};
use crate::board::Attacks;
use crate::{enumerate, BoardSize, Reason, Sink, Stats};

/// Enumerates with the bitmask search, or, when the sink traces, with the
/// row-by-row walk on the same attack state so that each square is told.
pub(crate) fn enumerate<S: Sink>(size: BoardSize, sink: S) -> Result<Stats, S::Error> {
    if sink.traces() {
        return backtrack::<BitmaskRows, S>(size, sink);
    }
    let mut stats = Stats::new(size.get());
    let summary = enumerate::solve_below(size, &[], sink, &mut stats)?;
    stats.solutions = summary.solutions;
    Ok(stats)
}

/// The attacks on each row down to the current one: placing a queen adds
/// the next row's state, lifting it drops that state again.
pub(crate) struct BitmaskRows {
    rows: Vec<Attacks>,
}

impl Tracker for BitmaskRows {
    fn new(_n: usize) -> Self {
        BitmaskRows {
            rows: vec![Attacks::default()],
        }
    }

    fn conflict(&self, _queens: &[u32], row: usize, col: usize) -> Option<Reason> {
        self.rows[row].reason(1 << col)
    }

    fn place(&mut self, row: usize, col: usize) {
        debug_assert_eq!(self.rows.len(), row + 1, "rows placed in order");
        self.rows.push(self.rows[row].place(1 << col));
    }

    fn lift(&mut self, row: usize, _col: usize) {
        debug_assert_eq!(self.rows.len(), row + 2, "the last queen lifted first");
        self.rows.pop();
    }

    fn is_clear(&self) -> bool {
        self.rows.len() == 1
    }
}
