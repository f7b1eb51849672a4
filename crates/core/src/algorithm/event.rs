//! The search told step by step: what a traced search reports to its sink.

use crate::Reason;

/// A square, by row and column.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Square {
    /// 0-based row.
    pub row: usize,
    /// 0-based column.
    pub col: usize,
}

/// One step of a row-by-row search. Solutions are not events: they reach
/// the sink through [`crate::Sink::solution`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event {
    /// A square is examined.
    Try(Square),
    /// The square is attacked by the queen on `by`, for `reason`.
    Reject {
        /// The refused square.
        at: Square,
        /// The first reason found (column, then ↘, then ↗).
        reason: Reason,
        /// The attacking queen.
        by: Square,
    },
    /// A queen is placed on the square.
    Place(Square),
    /// No square of `row` is free: the placement above it is a dead end.
    DeadEnd {
        /// The row with no free square.
        row: usize,
    },
    /// The queen on the square is taken back.
    Lift(Square),
    /// The bitmask algorithm reads a whole row at once: the columns taken
    /// and the squares on a ↘ or ↗ line of a queen above, one bit per
    /// column (bit c = column c, cut to the board). Every square they
    /// cover is refused in that one step; the others are free, and the
    /// search places its queens on them lowest bit first.
    Scan {
        /// The row read.
        row: usize,
        /// Columns taken.
        cols: u32,
        /// Squares on a ↘ diagonal of a queen above.
        diag: u32,
        /// Squares on a ↗ anti-diagonal of a queen above.
        anti: u32,
    },
}

/// The first queen among `standing` (none in `at`'s row) that attacks
/// `at` for `reason`.
pub(crate) fn attacker(standing: &[Square], at: Square, reason: Reason) -> Option<Square> {
    let (r, c) = (at.row as i64, at.col as i64);
    standing.iter().copied().find(|queen| {
        let (qr, qc) = (queen.row as i64, queen.col as i64);
        let hit = match reason {
            Reason::Column => qc == c,
            Reason::Diagonal => qr - qc == r - c,
            Reason::AntiDiagonal => qr + qc == r + c,
        };
        hit && qr != r
    })
}
