//! Search statistics: the numbers that show why pruning and bitmasks win.

mod probe;

pub(crate) use probe::Probe;
#[cfg(test)]
pub(crate) use probe::ScalarOnly;
use serde::Serialize;

/// Why a square was refused: the first reason found, checked in this order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// A queen above stands in the same column.
    Column,
    /// A queen above stands on the same ↘ diagonal (r − c fixed).
    Diagonal,
    /// A queen above stands on the same ↗ anti-diagonal (r + c fixed).
    AntiDiagonal,
}

/// Squares refused, by reason.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct Rejected {
    /// Refused because the column was taken.
    pub column: u128,
    /// Refused because of a queen on the ↘ diagonal (column free).
    pub diagonal: u128,
    /// Refused because of a queen on the ↗ anti-diagonal (column and ↘ free).
    pub anti_diagonal: u128,
}

impl Rejected {
    /// All refused squares.
    pub fn total(&self) -> u128 {
        self.column + self.diagonal + self.anti_diagonal
    }

    pub(crate) fn add(&mut self, reason: Reason) {
        match reason {
            Reason::Column => self.column += 1,
            Reason::Diagonal => self.diagonal += 1,
            Reason::AntiDiagonal => self.anti_diagonal += 1,
        }
    }
}

/// What a search did, in the terms of Knuth's backtrack tree: the root is
/// the empty board at depth 0, and each queen placed is a node one deeper.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct Stats {
    /// Nodes visited: queens placed plus the root.
    pub nodes: u128,
    /// Nodes visited at each depth 0..=n.
    pub profile: Vec<u128>,
    /// Squares examined.
    pub tested: u128,
    /// Squares refused, each by its first reason.
    pub rejected: Rejected,
    /// Partial placements above depth n with no square left in the next row.
    pub dead_ends: u128,
    /// Complete placements found.
    pub solutions: u128,
}

impl Stats {
    /// Statistics of a search that has only visited the root of an n×n board.
    pub fn new(n: usize) -> Self {
        let mut profile = vec![0; n + 1];
        profile[0] = 1;
        Stats {
            nodes: 1,
            profile,
            ..Stats::default()
        }
    }

    /// Statistics with no node at all, to add searches to.
    pub(crate) fn empty(n: usize) -> Self {
        Stats {
            profile: vec![0; n + 1],
            ..Stats::default()
        }
    }

    /// Adds the counts of another search of the same board.
    pub fn merge(&mut self, other: &Stats) {
        self.nodes += other.nodes;
        for (mine, theirs) in self.profile.iter_mut().zip(&other.profile) {
            *mine += theirs;
        }
        self.tested += other.tested;
        self.rejected.column += other.rejected.column;
        self.rejected.diagonal += other.rejected.diagonal;
        self.rejected.anti_diagonal += other.rejected.anti_diagonal;
        self.dead_ends += other.dead_ends;
        self.solutions += other.solutions;
    }

    /// Records a node at `depth`.
    pub(crate) fn node(&mut self, depth: usize) {
        self.nodes += 1;
        self.profile[depth] += 1;
    }
}
