//! What a count's `nodes` are: the same word means a different quantity
//! for a method that searches a tree and for the join, which builds half
//! boards and joins them without a tree.

use serde::Serialize;

/// What a count's `nodes` count, said in every report beside them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum NodesKind {
    /// Nodes of the search tree visited: the root and every queen placed
    /// (for `backtrack`, of the tree its symmetry leaves to search).
    SearchTree,
    /// Partial placements the join built for its half boards: no search
    /// tree is walked, so they compare with no tree's nodes.
    Placements,
}

impl NodesKind {
    /// Its name in JSON (`search_tree`, `placements`).
    pub fn name(self) -> &'static str {
        match self {
            NodesKind::SearchTree => "search_tree",
            NodesKind::Placements => "placements",
        }
    }

    /// What the nodes are, in a few words, for text reports.
    pub fn words(self) -> &'static str {
        match self {
            NodesKind::SearchTree => "nodes of the search tree visited",
            NodesKind::Placements => "placements the join built (no search tree)",
        }
    }
}
