//! `nqueens`: place n queens on an n×n board so that no two share a row, a
//! column or a diagonal.
//!
//! The crate is the engine behind the `nqueens` command-line tool. It does no
//! I/O: solutions are pushed into a caller-supplied [`Sink`] as they are found,
//! so enumerating millions of boards takes constant memory.
//!
//! - [`board`]: the board size, a solution, glyphs, the eight symmetries.
//! - [`enumerate`]: every solution in lexicographic order, on one thread or
//!   several ([`solve`], [`solve_parallel`]).
//! - [`count`](mod@count): total and unique counts, as plans of units run by a driver
//!   on a kernel ([`count()`] is the fastest exact count).
//! - [`constraint`]: check a placement (the attacking pairs, the line
//!   each shares) and complete a partly filled board.
//! - [`algorithm`]: the five teaching algorithms, their statistics and the
//!   trace of their search.
//!
//! ```
//! use nqueens::{solve, BoardSize, Solution};
//!
//! let size = BoardSize::new(4)?;
//! let mut found: Vec<Solution> = Vec::new();
//! solve(size, &mut found)?;
//! assert_eq!(found[0].columns(), &[1, 3, 0, 2]);
//! assert_eq!(found[1].columns(), &[2, 0, 3, 1]);
//! assert_eq!(nqueens::count(size).total, 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]
#![deny(clippy::undocumented_unsafe_blocks)]

pub mod algorithm;
pub mod board;
pub mod constraint;
pub mod count;
pub mod enumerate;
mod error;
pub mod huge;
mod leetcode;
mod named;
mod sink;
mod stats;
mod words;

pub use algorithm::{Algorithm, CodeStyle, Event, GivenSearch, Listing, Solver, Square, Step};
pub use algorithm::{UnknownAlgorithm, UnknownCodeStyle};
pub use board::{representative_class_size, BoardSize, Glyph, Glyphs, Solution, Symmetry, MAX_N};
pub use count::{count, Counts};
pub use count::{CountError, DeviceLost, KernelError, ShardError, ThreadsError, UnknownMethod};
pub use enumerate::{solve, solve_parallel, Summary};
pub use error::{
    GivenError, GlyphError, ImpossibleTally, PlacementError, PlanError, SizeError, TooLarge,
};
pub use leetcode::{solve_n_queens, total_n_queens};
pub use named::Named;
pub use sink::{from_fn, FnSink, Sink};
pub use stats::{Reason, Rejected, Stats};
pub use words::plural;

/// The README's example of the library, compiled and run as a doctest so
/// that it keeps to the API.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeExample;
