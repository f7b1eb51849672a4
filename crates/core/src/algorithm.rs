//! Selecting an engine by name.

use crate::engine::{Arrays, Bitmask, Counted, Engine, Naive, Permutations, Sets};
use crate::{BoardSize, Sink, Stats, PERMUTATIONS_MAX_N};
use std::str::FromStr;
use thiserror::Error;

/// The five engines, in order from slowest to fastest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Algorithm {
    /// [`Permutations`]: brute force over n! arrangements.
    Permutations,
    /// [`Naive`]: backtracking that scans the board.
    Naive,
    /// [`Sets`]: backtracking with three hash sets.
    Sets,
    /// [`Arrays`]: backtracking with three boolean arrays.
    Arrays,
    /// [`Bitmask`]: backtracking with three bitmasks.
    Bitmask,
}

/// A board too large for the chosen algorithm.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[error("the {algorithm} algorithm accepts n up to {max} (it tries all n! arrangements), not {n}")]
pub struct TooLarge {
    /// The algorithm's name.
    pub algorithm: &'static str,
    /// The board size asked for.
    pub n: usize,
    /// The largest it accepts.
    pub max: usize,
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
    /// let search = Algorithm::Sets.on(BoardSize::new(6)?)?;
    /// assert_eq!(search.count(true).total, 4);
    /// let err = Algorithm::Permutations.on(BoardSize::new(12)?).unwrap_err();
    /// assert!(err.to_string().contains("up to 11"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn on(self, size: BoardSize) -> Result<Search, TooLarge> {
        if self == Algorithm::Permutations && size.get() > PERMUTATIONS_MAX_N {
            return Err(TooLarge {
                algorithm: self.name(),
                n: size.get(),
                max: PERMUTATIONS_MAX_N,
            });
        }
        Ok(Search {
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

impl FromStr for Algorithm {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        Algorithm::ALL
            .into_iter()
            .find(|a| a.name() == text)
            .ok_or_else(|| {
                "the algorithm must be one of permutations, naive, sets, arrays, bitmask".into()
            })
    }
}

/// An algorithm paired with a board it accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Search {
    algorithm: Algorithm,
    size: BoardSize,
}

impl Search {
    /// The algorithm.
    pub fn algorithm(&self) -> Algorithm {
        self.algorithm
    }

    /// The board.
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// Enumerates into `sink` (see [`Engine::enumerate`]).
    pub fn enumerate<S: Sink>(&self, sink: S) -> Result<Stats, S::Error> {
        let size = self.size;
        match self.algorithm {
            Algorithm::Permutations => Permutations.enumerate(size, sink),
            Algorithm::Naive => Naive.enumerate(size, sink),
            Algorithm::Sets => Sets.enumerate(size, sink),
            Algorithm::Arrays => Arrays.enumerate(size, sink),
            Algorithm::Bitmask => Bitmask { symmetry: false }.enumerate(size, sink),
        }
    }

    /// Counts; `symmetry` lets the bitmask engine count half the tree.
    pub fn count(&self, symmetry: bool) -> Counted {
        let size = self.size;
        match self.algorithm {
            Algorithm::Permutations => Permutations.count(size),
            Algorithm::Naive => Naive.count(size),
            Algorithm::Sets => Sets.count(size),
            Algorithm::Arrays => Arrays.count(size),
            Algorithm::Bitmask => Bitmask { symmetry }.count(size),
        }
    }
}
