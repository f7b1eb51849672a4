//! `nqueens`: place n queens on an n×n board so that no two share a row, a
//! column or a diagonal.
//!
//! The crate is the engine behind the `nqueens` command-line tool. It does no
//! I/O: solutions are pushed into a caller-supplied [`Sink`] as they are found,
//! so enumerating millions of boards takes constant memory.
//!
//! ```
//! use nqueens::{solve, BoardSize, Solution};
//!
//! let size = BoardSize::new(4)?;
//! let mut found: Vec<Solution> = Vec::new();
//! solve(size, &mut found)?;
//! assert_eq!(found[0].columns(), &[1, 3, 0, 2]);
//! assert_eq!(found[1].columns(), &[2, 0, 3, 1]);
//! assert_eq!(nqueens::count(size), 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]

mod algorithm;
mod burnside;
mod canonical;
mod count;
pub mod engine;
mod enumerate;
mod error;
mod event;
mod leetcode;
mod parallel;
mod probe;
mod sink;
mod size;
mod solution;
mod stats;
mod subproblem;
mod symmetry;
mod tally;
#[cfg(target_arch = "x86_64")]
mod wave;

pub use algorithm::{Algorithm, Search, TooLarge};
pub use count::{count, count_plain, plain_tree_nodes};
pub use engine::{Counted, Engine, PERMUTATIONS_MAX_N};
pub use enumerate::{solve, Summary};
pub use error::SizeError;
pub use event::{attacker, Event, Square};
pub use leetcode::{solve_n_queens, total_n_queens};
pub use parallel::solve_parallel;
pub use sink::{from_fn, FnSink, Sink};
pub use size::{BoardSize, MAX_N};
pub use solution::{Glyphs, Solution};
pub use stats::{Reason, Rejected, Stats};
pub use subproblem::{subproblems, Subproblem};
pub use symmetry::{canonical_class_size, Symmetry};
pub use tally::{
    count_subproblems, count_unique, count_unique_with_stats, prefix_nodes, Counts, Tally,
};
