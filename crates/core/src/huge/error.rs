//! Why a huge board could not be produced.

use thiserror::Error;

/// A board that [`construct()`](super::construct()) or
/// [`random_solution`](super::random_solution) could not produce.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum HugeError {
    /// Boards of 2 and 3 have no solution at all.
    #[error(
        "n = {n} has no solution: boards of 2 and 3 have none, every other n from 0 up has one"
    )]
    NoSolution {
        /// The size asked for, 2 or 3.
        n: usize,
    },
    /// The board would not fit the memory or time this method allows.
    #[error("n = {n} is too large for the {method}: n must be from 0 to {max}")]
    TooLarge {
        /// The size asked for.
        n: usize,
        /// The largest size the method accepts.
        max: usize,
        /// The method's name, as it reads in the message.
        method: &'static str,
    },
    /// The progress callback asked the search to stop before it was done.
    #[error(
        "the search was stopped after {}, with {} left",
        crate::plural(steps, "step"),
        crate::plural(conflicts, "attacking pair")
    )]
    Stopped {
        /// Steps made before stopping, as [`Progress::steps`](super::Progress::steps) counts them.
        steps: u64,
        /// Attacking pairs still on the board, as
        /// [`Progress::conflicts`](super::Progress::conflicts) counts them.
        conflicts: u64,
    },
}
