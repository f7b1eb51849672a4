//! Enumeration: every solution handed to a [`Sink`] in lexicographic order
//! of the queens' columns, on one thread or several.

mod budget;
mod parallel;
mod search;

pub use budget::nodes_before;
pub use parallel::solve_parallel;
pub(crate) use search::solve_below;

use crate::{BoardSize, Sink};

/// How an enumeration ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Summary {
    /// Solutions handed to the sink.
    pub solutions: u128,
    /// True when the whole tree was searched; false when the sink stopped it.
    pub complete: bool,
}

impl Summary {
    pub(crate) fn new(solutions: u128, complete: bool) -> Summary {
        Summary {
            solutions,
            complete,
        }
    }
}

/// Pushes every solution of the board into `sink`, in lexicographic order of
/// their column vectors (row 0 first), until the sink says stop.
///
/// Memory is constant: one frame per row and one reused [`crate::Solution`].
///
/// ```
/// use nqueens::{solve, BoardSize, Solution};
/// let mut all: Vec<Solution> = Vec::new();
/// let summary = solve(BoardSize::new(6)?, &mut all)?;
/// assert_eq!(summary.solutions, 4);
/// assert!(summary.complete);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve<S: Sink>(size: BoardSize, sink: S) -> Result<Summary, S::Error> {
    solve_below(size, &[], sink, &mut ())
}
