//! The row-by-row backtracking search shared by the teaching algorithms:
//! one queen per row, each square of the row tested against what the
//! algorithm keeps track of; also from queens already standing (a
//! learner's), whose rows it passes over.

use super::event::attacker;
use crate::{BoardSize, Event, Reason, Sink, Solution, Square, Stats};

/// How an algorithm keeps track of what the queens on the board attack.
pub(crate) trait Tracker {
    /// The empty board.
    fn new(n: usize) -> Self;
    /// Why (row, col) is attacked, checking column, ↘ then ↗; `standing`
    /// holds every queen on the board (none in `row`).
    fn conflict(&self, standing: &[Square], row: usize, col: usize) -> Option<Reason>;
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
    backtrack_from::<A, S>(size, &[], sink)
}

/// The same search with queens already standing on `given` (on the board,
/// at most one per row, none attacking another: see
/// [`GivenSearch`](super::GivenSearch)): their rows are passed over, and
/// the squares they attack are refused like those of the queens placed.
pub(crate) fn backtrack_from<A: Tracker, S: Sink>(
    size: BoardSize,
    given: &[Square],
    sink: S,
) -> Result<Stats, S::Error> {
    let n = size.get();
    let mut walk = Walk {
        tracker: A::new(n),
        queens: Solution::from_columns(vec![0; n]),
        given: vec![false; n],
        standing: Vec::with_capacity(n),
        stats: Stats::new(n),
        traces: sink.traces(),
        sink,
    };
    for &at in given {
        walk.given[at.row] = true;
        walk.queens.columns_mut()[at.row] = at.col as u32;
        walk.tracker.place(at.row, at.col);
        walk.standing.push(at);
    }
    walk.row(0)?;
    for &at in given {
        walk.tracker.lift(at.row, at.col);
    }
    debug_assert!(
        walk.tracker.is_clear(),
        "attack state not empty after the search"
    );
    Ok(walk.stats)
}

struct Walk<A, S> {
    tracker: A,
    queens: Solution,
    /// Rows whose queen was given: the search passes over them.
    given: Vec<bool>,
    /// Every queen on the board: the given ones, then the search's.
    standing: Vec<Square>,
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
        if self.given[row] {
            return self.row(row + 1);
        }
        let mut placed = false;
        for col in 0..n {
            let at = Square { row, col };
            self.stats.tested += 1;
            emit!(self, row, Event::Try(at));
            if let Some(reason) = self.tracker.conflict(&self.standing, row, col) {
                self.stats.rejected.add(reason);
                if self.traces {
                    let by =
                        attacker(&self.standing, at, reason).expect("a conflict has an attacker");
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
        self.standing.push(at);
        let result = self.place_and_search(at);
        self.standing.pop();
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
