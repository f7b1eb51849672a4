//! The five classic algorithms of the tutorials, for learning: each keeps
//! track of the attacks its own way, reports the same statistics, and can
//! narrate its search step by step through trace events. The fast
//! searches of [`crate::enumerate`] and [`crate::count`](mod@crate::count) report to the
//! same statistics through a probe (see the stats module).

mod arrays;
mod bitmask;
mod event;
mod given;
mod listing;
mod naive;
mod permutations;
mod sets;
mod walk;

pub use event::{Event, Square};
pub use given::GivenSearch;
pub use listing::{CodeStyle, Listing, Step, UnknownCodeStyle};

use crate::{BoardSize, Sink, Stats, TooLarge};
use std::convert::Infallible;

/// The largest board `permutations` accepts: 11! is 39,916,800 arrangements.
pub const PERMUTATIONS_MAX_N: usize = 11;

/// The five algorithms, in order from slowest to fastest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Algorithm {
    /// Brute force over all n! column permutations, each checked whole
    /// (n ≤ [`PERMUTATIONS_MAX_N`]).
    Permutations,
    /// Row-by-row backtracking that scans the queens above for each
    /// square: O(n) per check.
    Naive,
    /// Row-by-row backtracking with hash sets of columns, r − c and r + c.
    Sets,
    /// Row-by-row backtracking with boolean arrays of columns, r + c and
    /// r − c + n − 1.
    Arrays,
    /// Three bitmasks: a whole row's free squares in one expression.
    Bitmask,
}

impl Algorithm {
    /// All five, slowest first.
    pub const ALL: [Algorithm; 5] = [
        Algorithm::Permutations,
        Algorithm::Naive,
        Algorithm::Sets,
        Algorithm::Arrays,
        Algorithm::Bitmask,
    ];

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Permutations => "permutations",
            Algorithm::Naive => "naive",
            Algorithm::Sets => "sets",
            Algorithm::Arrays => "arrays",
            Algorithm::Bitmask => "bitmask",
        }
    }

    /// Checks that the algorithm accepts the board.
    ///
    /// ```
    /// use nqueens::{Algorithm, BoardSize};
    /// let solver = Algorithm::Sets.on(BoardSize::new(6)?)?;
    /// assert_eq!(solver.count().solutions, 4);
    /// let err = Algorithm::Permutations.on(BoardSize::new(12)?).unwrap_err();
    /// assert!(err.to_string().contains("up to 11"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn on(self, size: BoardSize) -> Result<Solver, TooLarge> {
        if self == Algorithm::Permutations && size.get() > PERMUTATIONS_MAX_N {
            return Err(TooLarge {
                algorithm: self.name(),
                n: size.get(),
                max: PERMUTATIONS_MAX_N,
            });
        }
        Ok(Solver {
            algorithm: self,
            size,
        })
    }
}

impl std::fmt::Display for Algorithm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

crate::named::named!(Algorithm, UnknownAlgorithm, &Algorithm::ALL);

/// An algorithm paired with a board it accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Solver {
    algorithm: Algorithm,
    size: BoardSize,
}

impl Solver {
    /// The algorithm.
    pub fn algorithm(&self) -> Algorithm {
        self.algorithm
    }

    /// The board.
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// Pushes every solution into `sink`, in lexicographic order, and says
    /// what the search did. A sink that traces gets every step as well.
    pub fn enumerate<S: Sink>(&self, sink: S) -> Result<Stats, S::Error> {
        let size = self.size;
        match self.algorithm {
            Algorithm::Permutations => permutations::enumerate(size, sink),
            Algorithm::Naive => walk::backtrack::<naive::ScanQueens, S>(size, sink),
            Algorithm::Sets => walk::backtrack::<sets::HashSets, S>(size, sink),
            Algorithm::Arrays => walk::backtrack::<arrays::BoolArrays, S>(size, sink),
            Algorithm::Bitmask => bitmask::enumerate(size, sink),
        }
    }

    /// An estimate of the nodes a whole search visits: for the row-by-row
    /// algorithms Knuth's backtrack tree (estimated by random walks, the
    /// same every time), for brute force every partial permutation.
    ///
    /// ```
    /// use nqueens::{Algorithm, BoardSize};
    /// let sets = Algorithm::Sets.on(BoardSize::new(10)?)?;
    /// let (estimate, exact) = (sets.estimate_nodes(), sets.count().nodes as f64);
    /// assert!((estimate / exact - 1.0).abs() < 0.1, "{estimate} against {exact}");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn estimate_nodes(&self) -> f64 {
        let n = self.size.get();
        if self.algorithm == Algorithm::Permutations {
            // 1 + n + n(n−1) + ... : the partial permutations of every length.
            let mut level = 1.0;
            return (0..n).fold(1.0, |sum, k| {
                level *= (n - k) as f64;
                sum + level
            });
        }
        let plan = crate::count::Plan::new(self.size, crate::count::Method::PlainTree)
            .expect("the plain tree counts every board");
        let walked = crate::count::estimate_nodes(&plan, 64).unwrap_or_default();
        walked.iter().sum::<f64>() + plan.nodes_above() as f64
    }

    /// The algorithm's code, with the line of each step of its trace.
    pub fn listing(&self) -> Listing {
        Listing::of(self.algorithm)
    }

    /// Searches the whole tree: the statistics, whose `solutions` is the
    /// number of solutions.
    pub fn count(&self) -> Stats {
        let Ok(stats) = self.enumerate(crate::from_fn(|_| Ok::<_, Infallible>(true)));
        stats
    }
}

/// A teaching algorithm's name that is not known.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown algorithm '{0}': the algorithm must be one of {algorithms}", algorithms = <Algorithm as crate::Named>::listed())]
pub struct UnknownAlgorithm(pub String);
