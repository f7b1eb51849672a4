//! Completing a partly filled board: a depth-first search that fills the
//! open row with the fewest free squares first (so forced squares are
//! taken at once and dead rows found early), and gives up on a branch as
//! soon as a row or a column can no longer be filled; and every
//! completion, in lexicographic order up to n = 32 (rows filled top to
//! bottom).

use super::conflict::{conflicts, Conflict};
use super::partial::Partial;
use super::search::{End, Search};
use crate::{Sink, Solution, MAX_N};

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
