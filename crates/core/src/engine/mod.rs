//! The five classic algorithms behind one [`Engine`] trait, each in its own
//! file, and the [`Algorithm`] names that select them.

mod arrays;
mod backtrack;
mod bitmask;
mod naive;
mod permutations;
mod sets;

pub use bitmask::Bitmask;
pub use permutations::PERMUTATIONS_MAX_N;

use crate::{BoardSize, Sink, Stats};
use std::convert::Infallible;

/// A search strategy that can enumerate and count.
pub trait Engine {
    /// Pushes every solution into `sink`, in lexicographic order, and says
    /// what the search did. A sink that traces gets every step as well.
    fn enumerate<S: Sink>(&self, size: BoardSize, sink: S) -> Result<Stats, S::Error>;

    /// Counts the solutions.
    fn count(&self, size: BoardSize) -> Counted {
        let Ok(stats) = self.enumerate(size, crate::from_fn(|_| Ok::<_, Infallible>(true)));
        Counted {
            total: stats.solutions,
            stats,
        }
    }
}

/// The result of [`Engine::count`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Counted {
    /// The number of solutions of the board.
    pub total: u128,
    /// What the search visited (with symmetry, fewer nodes than the tree).
    pub stats: Stats,
}

macro_rules! row_by_row_engine {
    ($(#[$doc:meta])* $name:ident, $attacks:ty) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
        pub struct $name;

        impl Engine for $name {
            fn enumerate<S: Sink>(&self, size: BoardSize, sink: S) -> Result<Stats, S::Error> {
                backtrack::backtrack::<$attacks, S>(size, sink)
            }
        }
    };
}

row_by_row_engine!(
    /// Row-by-row backtracking that scans the board for each square: O(n) per check.
    Naive,
    naive::Naive
);
row_by_row_engine!(
    /// Row-by-row backtracking with hash sets of columns, r − c and r + c.
    Sets,
    sets::Sets
);
row_by_row_engine!(
    /// Row-by-row backtracking with boolean arrays of columns, r + c and r − c + n − 1.
    Arrays,
    arrays::Arrays
);

/// Brute force over all n! column permutations (n ≤ [`PERMUTATIONS_MAX_N`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Permutations;

impl Engine for Permutations {
    fn enumerate<S: Sink>(&self, size: BoardSize, sink: S) -> Result<Stats, S::Error> {
        permutations::permutations(size, sink)
    }
}
