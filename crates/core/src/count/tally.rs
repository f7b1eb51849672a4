//! What counting finds: a [`Tally`] per unit of work, and the [`Counts`]
//! of a whole board.
//!
//! Counts are `u128`: no board up to 32×32 has more than 32! < 2^118
//! solutions, so a sum of them cannot overflow.

use std::ops::{Add, AddAssign};

/// What one unit of a plan found, or any set of units: solutions in
/// thirds of a board (with symmetry, a board found may stand for 8, 4,
/// 8/3 or 2 boards of its class), and search nodes visited. Tallies of
/// disjoint sets of units add up; a whole plan's makes its [`Counts`]
/// through [`crate::count::Plan::counts`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Tally {
    thirds: u128,
    nodes: u128,
}

impl Tally {
    /// A tally of `thirds` thirds of a board and `nodes` nodes (as read
    /// back from a record of an earlier run).
    pub fn new(thirds: u128, nodes: u128) -> Tally {
        Tally { thirds, nodes }
    }

    /// Solutions found, weighted, times 3.
    pub fn thirds(&self) -> u128 {
        self.thirds
    }

    /// Search nodes visited: queens placed below the units' prefixes, each
    /// unit's own prefix counted once.
    pub fn nodes(&self) -> u128 {
        self.nodes
    }
}

impl Add for Tally {
    type Output = Tally;

    fn add(self, other: Tally) -> Tally {
        Tally {
            thirds: self.thirds + other.thirds,
            nodes: self.nodes + other.nodes,
        }
    }
}

impl AddAssign for Tally {
    #[inline(always)]
    fn add_assign(&mut self, other: Tally) {
        self.thirds += other.thirds;
        self.nodes += other.nodes;
    }
}

impl std::iter::Sum for Tally {
    fn sum<I: Iterator<Item = Tally>>(tallies: I) -> Tally {
        tallies.fold(Tally::default(), Add::add)
    }
}

/// The counts of a whole board.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Counts {
    /// All solutions (OEIS A000170).
    pub total: u128,
    /// Solutions up to rotation and reflection (OEIS A002562).
    pub unique: u128,
    /// Search nodes visited.
    pub nodes: u128,
}

/// Called as each unit finishes, from whichever thread ran it.
pub type OnUnit<'a> = dyn Fn(UnitDone) + Sync + 'a;

/// A unit that has just finished.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct UnitDone {
    /// Its id in the plan.
    pub id: usize,
    /// What it found.
    pub tally: Tally,
    /// Seconds its search took, on the thread that ran it.
    pub seconds: f64,
}
