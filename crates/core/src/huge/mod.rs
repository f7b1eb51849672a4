//! Boards too large to search: one solution by an explicit construction,
//! and a random one by local search.
//!
//! A board is a `Vec<u32>` of columns, `columns[r]` the 0-based column of
//! the queen in row `r`: at these sizes a [`crate::Solution`] per board
//! would be wasteful, and the caller usually streams the columns out.
//!
//! - [`construct()`]: the classic closed-form solution, O(n), up to
//!   [`ONE_MAX_N`].
//! - [`random_solution`]: a random solution by min-conflicts swaps,
//!   reproducible from a seed, up to [`RANDOM_MAX_N`].
//! - [`is_solution`]: an O(n) check of any board.
//!
//! ```
//! use nqueens::huge::{construct, is_solution, random_solution};
//!
//! let board = construct(1000)?;
//! assert!(is_solution(&board));
//! let random = random_solution(1000, 7, &mut |_| true)?;
//! assert!(is_solution(&random));
//! assert!(construct(3).is_err());
//! # Ok::<(), nqueens::huge::HugeError>(())
//! ```

mod bits;
mod construct;
mod diagonals;
mod error;
mod min_conflicts;
mod search;
#[cfg(test)]
mod tests;

pub use construct::{construct, is_solution, ONE_MAX_N};
pub use error::HugeError;
pub use min_conflicts::{random_solution, RANDOM_MAX_N};
pub use search::Progress;
