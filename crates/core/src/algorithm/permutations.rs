//! `permutations`: brute force. Every arrangement with one queen per row and
//! per column (a permutation of the columns, generated in lexicographic
//! order) is built in full, then checked for two queens on a diagonal,
//! |r1 − r2| = |c1 − c2|. n! arrangements: n is capped at 11.

use super::walk::emit;
use crate::{BoardSize, Event, Reason, Sink, Solution, Square, Stats};

/// Every arrangement, in lexicographic order; the valid ones to `sink`.
pub(crate) fn enumerate<S: Sink>(size: BoardSize, sink: S) -> Result<Stats, S::Error> {
    let n = size.get();
    let mut walk = Arrangements {
        queens: Solution::from_columns(vec![0; n]),
        used: 0,
        stats: Stats::new(n),
        traces: sink.traces(),
        sink,
    };
    walk.row(0)?;
    debug_assert_eq!(walk.used, 0, "columns still marked used after the search");
    Ok(walk.stats)
}

struct Arrangements<S> {
    queens: Solution,
    used: u64,
    stats: Stats,
    traces: bool,
    sink: S,
}

/// The first pair of queens on a common diagonal: (lower row, its reason).
fn first_attack(queens: &[u32]) -> Option<(Square, Reason, Square)> {
    let square = |row: usize| Square {
        row,
        col: queens[row] as usize,
    };
    (1..queens.len()).find_map(|r2| {
        (0..r2).find_map(|r1| {
            let (a, b) = (square(r1), square(r2));
            let reason = if b.col + r1 == a.col + r2 {
                Reason::Diagonal
            } else if b.col + r2 == a.col + r1 {
                Reason::AntiDiagonal
            } else {
                return None;
            };
            Some((b, reason, a))
        })
    })
}

impl<S: Sink> Arrangements<S> {
    fn row(&mut self, row: usize) -> Result<bool, S::Error> {
        let n = self.queens.n();
        if row == n {
            self.stats.solutions += 1;
            return self.sink.solution(&self.queens);
        }
        for col in 0..n {
            if self.used & (1 << col) != 0 {
                continue;
            }
            let at = Square { row, col };
            self.queens.columns_mut()[row] = col as u32;
            if row + 1 == n {
                // The arrangement is complete: test it as a whole.
                self.stats.tested += 1;
                emit!(self, row, Event::Try(at));
                if let Some((at, reason, by)) = first_attack(self.queens.columns()) {
                    self.stats.rejected.add(reason);
                    emit!(self, row, Event::Reject { at, reason, by });
                    continue;
                }
            }
            self.stats.node(row + 1);
            self.used |= 1 << col;
            let result = self.place_and_search(at);
            self.used &= !(1 << col);
            if !result? {
                return Ok(false);
            }
            emit!(self, row, Event::Lift(at));
        }
        Ok(true)
    }

    fn place_and_search(&mut self, at: Square) -> Result<bool, S::Error> {
        emit!(self, at.row, Event::Place(at));
        self.row(at.row + 1)
    }
}
