//! Completing a partly filled board: a depth-first search that fills the
//! open row with the fewest free squares first (so forced squares are
//! taken at once and dead rows found early), and gives up on a branch as
//! soon as a row or a column can no longer be filled; and every
//! completion, in lexicographic order up to n = 32 (rows filled top to
//! bottom).

use super::conflict::{check_squares, conflicts, Conflict};
use super::frontier::Frontier;
use crate::{PlacementError, Sink, Solution, Square, MAX_N};

/// The widest board [`complete`] searches: its attack state is one
/// 64-bit word per line family.
pub const COMPLETE_MAX_N: usize = 64;

/// How often (in nodes) the search asks whether to give up.
const ASK_EVERY: u64 = 1 << 12;

/// A board to complete: its size, the queens already standing, and the
/// squares no queen may take.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Partial {
    n: usize,
    queens: Vec<Square>,
    blocked: Vec<Square>,
}

impl Partial {
    /// Checks that every square is on an n×n board with n ≤
    /// [`COMPLETE_MAX_N`], none given twice and no queen on a blocked
    /// square. Queens that attack each other are accepted here and
    /// reported by [`complete`].
    pub fn new(
        n: usize,
        queens: Vec<Square>,
        blocked: Vec<Square>,
    ) -> Result<Partial, PlacementError> {
        if n > COMPLETE_MAX_N {
            return Err(PlacementError::TooWide {
                n,
                max: COMPLETE_MAX_N,
            });
        }
        check_squares(n, &queens)?;
        check_squares(n, &blocked)?;
        if let Some(both) = queens.iter().find(|q| blocked.contains(q)) {
            return Err(PlacementError::QueenOnBlocked { at: *both });
        }
        Ok(Partial { n, queens, blocked })
    }

    /// The board size.
    pub fn n(&self) -> usize {
        self.n
    }
}

/// What [`complete`] found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Completion {
    /// A solution keeping every given queen: the column of each row.
    Found(Vec<u32>),
    /// No solution keeps the given queens and avoids the blocked squares.
    Impossible,
    /// Given queens attack each other: these pairs.
    Conflicts(Vec<Conflict>),
    /// `give_up` said stop before the search ended.
    GaveUp,
}

/// Completes `partial` to a solution, asking `give_up` every few thousand
/// nodes whether to stop (a deadline, a client gone).
///
/// ```
/// use nqueens::constraint::{complete, Completion, Partial};
/// use nqueens::Square;
/// let partial = Partial::new(4, vec![Square { row: 0, col: 1 }], vec![])?;
/// assert_eq!(complete(&partial, &|| false), Completion::Found(vec![1, 3, 0, 2]));
/// let corner = Partial::new(4, vec![Square { row: 0, col: 0 }], vec![])?;
/// assert_eq!(complete(&corner, &|| false), Completion::Impossible);
/// # Ok::<(), nqueens::PlacementError>(())
/// ```
pub fn complete(partial: &Partial, give_up: &dyn Fn() -> bool) -> Completion {
    let clashes = conflicts(&partial.queens);
    if !clashes.is_empty() {
        return Completion::Conflicts(clashes);
    }
    let mut first = None;
    let mut keep = |columns: &[u32]| {
        first = Some(columns.to_vec());
        false
    };
    match Search::new(partial, give_up, &mut keep).fill() {
        End::Stopped => Completion::Found(first.unwrap_or_default()),
        End::Exhausted => Completion::Impossible,
        End::GaveUp => Completion::GaveUp,
    }
}

/// How a search for every completion ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    /// Every completion was found.
    Exhausted,
    /// The sink said stop.
    Stopped,
    /// `give_up` said stop.
    GaveUp,
}

/// What [`completions`] did: the completions handed to the sink, and how
/// the search ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Completions {
    /// Completions handed to the sink.
    pub found: u128,
    /// Why the search stopped.
    pub end: End,
}

/// Hands every completion of `partial` to `sink`, asking `give_up` every
/// few thousand nodes whether to stop. Given queens that attack each
/// other have no completion ([`complete`] names the pairs).
///
/// Up to n = [`MAX_N`] they come in lexicographic order of their columns,
/// the order of `solve`: rows are filled top to bottom, as `solve`
/// searches, with dead branches cut as in [`complete`]. Wider boards are
/// filled tightest row first, in that search's order: in row order, the
/// first completion of a 64×64 board can take longer than anyone waits
/// (minutes, in testing, for one this search completes in a millisecond).
///
/// ```
/// use nqueens::constraint::{completions, End, Partial};
/// use nqueens::{Solution, Square};
/// let corner_blocked = Partial::new(6, vec![], vec![Square { row: 0, col: 1 }])?;
/// let mut found: Vec<Solution> = Vec::new();
/// let done = completions(&corner_blocked, &mut found, &|| false).unwrap();
/// assert_eq!((done.found, done.end), (3, End::Exhausted)); // 4 solutions, one has (0, 1)
/// assert_eq!(found[0].columns(), [2, 5, 1, 4, 0, 3]);
/// # Ok::<(), nqueens::PlacementError>(())
/// ```
pub fn completions<S: Sink>(
    partial: &Partial,
    sink: &mut S,
    give_up: &dyn Fn() -> bool,
) -> Result<Completions, S::Error> {
    let mut done = Completions {
        found: 0,
        end: End::Exhausted,
    };
    if !conflicts(&partial.queens).is_empty() {
        return Ok(done);
    }
    let (mut solution, mut failed) = (Solution::from_columns(vec![]), None);
    let mut hand_on = |columns: &[u32]| {
        solution = Solution::from_columns(columns.to_vec());
        done.found += 1;
        sink.solution(&solution).unwrap_or_else(|err| {
            failed = Some(err);
            false
        })
    };
    let mut search = Search::new(partial, give_up, &mut hand_on);
    let end = match partial.n <= MAX_N {
        true => search.fill_in_order(),
        false => search.fill(),
    };
    match failed {
        Some(err) => Err(err),
        None => Ok(Completions { end, ..done }),
    }
}

/// Counts the completions of `partial`, in no order: faster than
/// [`completions`] when they are not wanted one by one.
pub fn count_completions(partial: &Partial, give_up: &dyn Fn() -> bool) -> Completions {
    let mut found = 0;
    let mut count = |_: &[u32]| {
        found += 1;
        true
    };
    let end = match conflicts(&partial.queens).is_empty() {
        true => Search::new(partial, give_up, &mut count).fill(),
        false => End::Exhausted,
    };
    Completions { found, end }
}

/// A depth-first search that hands each completion to `found`, which says
/// whether to go on.
struct Search<'a> {
    board: Frontier,
    columns: Vec<u32>,
    nodes: u64,
    give_up: &'a dyn Fn() -> bool,
    found: &'a mut dyn FnMut(&[u32]) -> bool,
}

impl<'a> Search<'a> {
    fn new(
        partial: &Partial,
        give_up: &'a dyn Fn() -> bool,
        found: &'a mut dyn FnMut(&[u32]) -> bool,
    ) -> Search<'a> {
        let blocked: Vec<(usize, usize)> = partial.blocked.iter().map(|s| (s.row, s.col)).collect();
        let mut search = Search {
            board: Frontier::new(partial.n, &blocked),
            columns: vec![0; partial.n],
            nodes: 0,
            give_up,
            found,
        };
        for queen in &partial.queens {
            search.board.place(queen.row, queen.col);
            search.columns[queen.row] = queen.col as u32;
        }
        search
    }

    fn fill(&mut self) -> End {
        self.nodes += 1;
        if self.nodes.is_multiple_of(ASK_EVERY) && (self.give_up)() {
            return End::GaveUp;
        }
        let Some((row, mut free)) = self.tightest_row() else {
            return match self.board.open_rows() == 0 && !(self.found)(&self.columns) {
                true => End::Stopped,
                false => End::Exhausted,
            };
        };
        while free != 0 {
            let col = free.trailing_zeros() as usize;
            free &= free - 1;
            self.board.place(row, col);
            self.columns[row] = col as u32;
            let end = self.fill();
            self.board.lift(row, col);
            if end != End::Exhausted {
                return end;
            }
        }
        End::Exhausted
    }

    /// Fills the open rows top to bottom, each with its free columns left
    /// to right, so that completions come in lexicographic order; a
    /// branch ends, as in [`Search::fill`], once a row or a column can no
    /// longer be filled.
    fn fill_in_order(&mut self) -> End {
        self.nodes += 1;
        if self.nodes.is_multiple_of(ASK_EVERY) && (self.give_up)() {
            return End::GaveUp;
        }
        let open = self.board.open_rows();
        if open == 0 {
            return match (self.found)(&self.columns) {
                true => End::Exhausted,
                false => End::Stopped,
            };
        }
        if self.tightest_row().is_none() {
            return End::Exhausted;
        }
        let row = open.trailing_zeros() as usize;
        let mut free = self.board.free(row);
        while free != 0 {
            let col = free.trailing_zeros() as usize;
            free &= free - 1;
            self.board.place(row, col);
            self.columns[row] = col as u32;
            let end = self.fill_in_order();
            self.board.lift(row, col);
            if end != End::Exhausted {
                return end;
            }
        }
        End::Exhausted
    }

    /// The open row with the fewest free squares and those squares; None
    /// when every row is filled, or when some open row or open column has
    /// no free square left (the branch is dead).
    fn tightest_row(&self) -> Option<(usize, u64)> {
        let mut rows = self.board.open_rows();
        let (mut best, mut reach) = (None::<(usize, u64)>, 0u64);
        while rows != 0 {
            let row = rows.trailing_zeros() as usize;
            rows &= rows - 1;
            let free = self.board.free(row);
            if free == 0 {
                return None;
            }
            reach |= free;
            if best.is_none_or(|(_, b)| free.count_ones() < b.count_ones()) {
                best = Some((row, free));
            }
        }
        (reach == self.board.open_cols()).then_some(best).flatten()
    }
}
