//! The row-by-row backtracking search shared by the teaching algorithms:
//! one queen per row, each square of the row tested against what the
//! algorithm keeps track of.

use super::event::attacker;
use crate::{BoardSize, Event, Reason, Sink, Solution, Square, Stats};

/// How an algorithm keeps track of what the queens on the board attack.
pub(crate) trait Tracker {
    /// The empty board.
    fn new(n: usize) -> Self;
    /// Why (row, col) is attacked, checking column, ↘ then ↗; `queens`
    /// holds the columns of the rows above.
    fn conflict(&self, queens: &[u32], row: usize, col: usize) -> Option<Reason>;
    /// A queen now stands on (row, col).
    fn place(&mut self, row: usize, col: usize);
    /// The queen on (row, col) is taken back.
    fn lift(&mut self, row: usize, col: usize);
    /// True when no queen is recorded: the debug self-check at the end.
    fn is_clear(&self) -> bool;
}

/// Runs the search with tracker `A`, pushing solutions (and, when the
/// sink traces, every step) into `sink`.
pub(crate) fn backtrack<A: Tracker, S: Sink>(size: BoardSize, sink: S) -> Result<Stats, S::Error> {
    let n = size.get();
    let mut walk = Walk {
        tracker: A::new(n),
        queens: Solution::from_columns(vec![0; n]),
        stats: Stats::new(n),
        traces: sink.traces(),
        sink,
    };
    walk.row(0)?;
    debug_assert!(
        walk.tracker.is_clear(),
        "attack state not empty after the search"
    );
    Ok(walk.stats)
}

struct Walk<A, S> {
    tracker: A,
    queens: Solution,
    stats: Stats,
    traces: bool,
    sink: S,
}

/// Returns `Ok(false)` from the enclosing function when the sink says stop.
macro_rules! emit {
    ($walk:expr, $row:expr, $event:expr) => {
        if $walk.traces && !$walk.sink.event(&$event, &$walk.queens.columns()[..$row])? {
            return Ok(false);
        }
    };
}
pub(crate) use emit;

impl<A: Tracker, S: Sink> Walk<A, S> {
    /// Searches below a placement of rows `0..row`; false means stop.
    fn row(&mut self, row: usize) -> Result<bool, S::Error> {
        let n = self.queens.n();
        if row == n {
            self.stats.solutions += 1;
            return self.sink.solution(&self.queens);
        }
        let mut placed = false;
        for col in 0..n {
            let at = Square { row, col };
            self.stats.tested += 1;
            emit!(self, row, Event::Try(at));
            if let Some(reason) = self
                .tracker
                .conflict(&self.queens.columns()[..row], row, col)
            {
                self.stats.rejected.add(reason);
                if self.traces {
                    let by = attacker(&self.queens.columns()[..row], at, reason)
                        .expect("a conflict has an attacker");
                    emit!(self, row, Event::Reject { at, reason, by });
                }
                continue;
            }
            placed = true;
            if !self.descend(at)? {
                return Ok(false);
            }
        }
        if !placed {
            self.stats.dead_ends += 1;
            emit!(self, row, Event::DeadEnd { row });
        }
        Ok(true)
    }

    /// Places a queen on `at`, searches below it, and lifts it again (also
    /// when the search stops, so that the self-check sees a clear board).
    fn descend(&mut self, at: Square) -> Result<bool, S::Error> {
        self.stats.node(at.row + 1);
        self.queens.columns_mut()[at.row] = at.col as u32;
        self.tracker.place(at.row, at.col);
        let result = self.place_and_search(at);
        self.tracker.lift(at.row, at.col);
        if !result? {
            return Ok(false);
        }
        emit!(self, at.row, Event::Lift(at));
        Ok(true)
    }

    fn place_and_search(&mut self, at: Square) -> Result<bool, S::Error> {
        emit!(self, at.row, Event::Place(at));
        self.row(at.row + 1)
    }
}
