//! The JSON reports every surface prints (the command line, and the web
//! server in crates/server), in one place, field by field. Counts are
//! integers of any size (serde_json writes a `u128` in full).

use nqueens::count::NodesKind;
use nqueens::{Event, Reason, Square, Stats};
use serde::Serialize;

/// One line of `solve --format ndjson`.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct SolutionLine<'a> {
    /// The board size.
    pub n: usize,
    /// The solution's place in the output, from 0.
    pub index: u64,
    /// The queen's column in each row, row 0 first, from 0.
    pub columns: &'a [u32],
    /// The board drawn one string per row with the chosen glyphs; absent
    /// above n = 1000 ([`crate::format::DRAWN_MAX_N`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board: Option<Vec<String>>,
    /// With `--unique`: how many boards the solution's symmetry class has
    /// (1, 2, 4 or 8); absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub class_size: Option<u8>,
}

/// `count --json`.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct CountReport {
    /// The board size.
    pub n: usize,
    /// All solutions (OEIS A000170).
    pub total: u128,
    /// Solutions up to rotation and reflection (OEIS A002562).
    pub unique: u128,
    /// The count's nodes: what they are is `nodes_kind`.
    pub nodes: u128,
    /// What `nodes` count: `search_tree` (the root and every queen placed
    /// of the search that ran) or `placements` (the join's half-board
    /// placements: no tree is searched).
    pub nodes_kind: NodesKind,
    /// Wall-clock seconds the count took.
    pub seconds: f64,
    /// Worker threads it ran on.
    pub threads: usize,
    /// The counting method (`backtrack`, `plain` or `join`), for the
    /// bitmask algorithm's counts.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub method: Option<String>,
    /// The most memory the process held, in bytes (Linux).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub peak_bytes: Option<u64>,
    /// With `--stats`: what the search did.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stats: Option<StatsReport>,
    /// The GPU that ran the units, when one did (`--device`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub device: Option<String>,
    /// Why that GPU was lost mid-run, when it was (the CPU ran the rest).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub device_lost: Option<String>,
}

/// `devices --json`: the GPUs found, and which a count would use.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct DevicesReport {
    /// Every adapter found, best first.
    pub adapters: Vec<AdapterReport>,
    /// The index of the adapter `--device gpu` uses, if any.
    pub gpu: Option<usize>,
    /// The index of the adapter `--device auto` uses from its smallest
    /// board on, if any (never a software one).
    pub auto: Option<usize>,
    /// The smallest board `--device auto` counts on a GPU.
    pub auto_from_n: usize,
}

/// One GPU adapter.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct AdapterReport {
    /// Its name, as its driver gives it.
    pub name: String,
    /// `vulkan`, `metal` or `dx12`.
    pub backend: String,
    /// `discrete`, `integrated`, `virtual`, `cpu` or `other`.
    pub kind: String,
    /// The driver and its version.
    pub driver: String,
}

/// `--stats`: the fields of [`nqueens::Stats`] — `nodes`, `profile`
/// (nodes by depth 0..=n), `tested` (squares examined), `rejected`
/// (`column`, `diagonal`, `anti_diagonal`: squares refused by their first
/// reason), `dead_ends` and `solutions` (boards found: with symmetry, one
/// per class or so, not the total) — and, for the bitmask counts, what
/// share of the plain backtrack tree was visited.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct StatsReport {
    /// The statistics themselves, flattened into this object.
    #[serde(flatten)]
    pub stats: Stats,
    /// The plan's units of work (bitmask counts only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub units: Option<usize>,
    /// Nodes of the whole backtrack tree (bitmask counts only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub plain_tree_nodes: Option<u128>,
    /// `nodes` over `plain_tree_nodes` (the ideal with symmetry is 1/8).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fraction_of_plain_tree: Option<f64>,
}

impl StatsReport {
    /// A teaching algorithm's whole search: its statistics alone.
    pub fn of_search(stats: Stats) -> StatsReport {
        StatsReport {
            stats,
            units: None,
            plain_tree_nodes: None,
            fraction_of_plain_tree: None,
        }
    }

    /// A bitmask count's plan of `units`, with the nodes of the plain tree
    /// when that was counted too (not when the plan is the plain tree).
    pub fn of_plan(stats: Stats, units: usize, plain_tree_nodes: Option<u128>) -> StatsReport {
        StatsReport {
            fraction_of_plain_tree: plain_tree_nodes.map(|plain| stats.nodes as f64 / plain as f64),
            stats,
            units: Some(units),
            plain_tree_nodes,
        }
    }
}

/// A square on a trace line.
#[derive(Debug, Clone, Copy, Serialize, schemars::JsonSchema)]
pub struct At {
    /// 0-based row.
    pub row: usize,
    /// 0-based column.
    pub col: usize,
}

impl From<Square> for At {
    fn from(s: Square) -> Self {
        At {
            row: s.row,
            col: s.col,
        }
    }
}

/// A line of `trace --json` for a step or a solution: its fields and
/// `"line"`, the line of the algorithm's listing (from 1) that it executes.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct TraceStep<'a> {
    /// The step.
    #[serde(flatten)]
    pub step: TraceLine<'a>,
    /// Its line in [`nqueens::Listing`], when the algorithm has one for it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
}

/// `GET /api/listing`: an algorithm's code in a style, one string per
/// line, and the line each kind of step executes.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct ListingReport {
    /// The algorithm's name.
    pub algorithm: &'static str,
    /// The style's name (`page`, whose lines the trace's `"line"` numbers,
    /// or `tutorial`).
    pub style: &'static str,
    /// The language the code is written in.
    pub language: &'static str,
    /// The lines, the first one numbered 1.
    pub lines: Vec<&'static str>,
    /// The line (from 1) of each kind of step the algorithm takes, by its
    /// tag: `try`, `reject_column`, `reject_diagonal`,
    /// `reject_anti_diagonal`, `place`, `dead_end`, `lift`, `scan`,
    /// `solution` (see [`nqueens::Step::tag`]).
    pub steps: std::collections::BTreeMap<&'static str, usize>,
    /// Every algorithm's name, the engine's list: what the page's menu
    /// holds.
    pub algorithms: Vec<&'static str>,
    /// Every style's name, the engine's list.
    pub styles: Vec<&'static str>,
}

/// One line of `trace --json`, tagged by `"type"`.
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum TraceLine<'a> {
    /// `{"type":"try","row","col"}`: a square is examined.
    Try(At),
    /// `{"type":"reject","row","col","reason","by"}`: the square is
    /// attacked; `reason` is `column`, `diagonal` (↘, r − c) or
    /// `anti_diagonal` (↗, r + c), the first found in that order; `by` is
    /// the attacking queen's square.
    Reject {
        /// The refused square's row.
        row: usize,
        /// The refused square's column.
        col: usize,
        /// Why it is refused.
        reason: Reason,
        /// The attacking queen.
        by: At,
    },
    /// `{"type":"place","row","col"}`: a queen is placed.
    Place(At),
    /// `{"type":"dead_end","row"}`: no square of the row is free.
    DeadEnd {
        /// The row with no free square.
        row: usize,
    },
    /// `{"type":"lift","row","col"}`: the queen is taken back.
    Lift(At),
    /// `{"type":"scan","row","cols","diag","anti"}`: the bitmask algorithm
    /// reads a whole row at once; the three masks (bit c = column c) cover
    /// the squares it refuses, the others are free.
    Scan {
        /// The row read.
        row: usize,
        /// Columns taken.
        cols: u32,
        /// Squares on a ↘ diagonal of a queen above.
        diag: u32,
        /// Squares on a ↗ anti-diagonal of a queen above.
        anti: u32,
    },
    /// `{"type":"solution","index","columns"}`: a solution (index from 0).
    Solution {
        /// Its number, from 0.
        index: u64,
        /// The queen's column in each row.
        columns: &'a [u32],
    },
    /// `{"type":"done", ...stats, "stopped"}`: the last line, with the
    /// statistics' fields and why the trace stopped early
    /// (`first_solution`, `max_events`) or `null`.
    Done {
        /// What the search did.
        #[serde(flatten)]
        stats: &'a Stats,
        /// Why the trace ended before the search did, if it did.
        stopped: Option<&'static str>,
    },
}

impl From<&Event> for TraceLine<'_> {
    fn from(event: &Event) -> Self {
        match *event {
            Event::Try(at) => TraceLine::Try(at.into()),
            Event::Reject { at, reason, by } => TraceLine::Reject {
                row: at.row,
                col: at.col,
                reason,
                by: by.into(),
            },
            Event::Place(at) => TraceLine::Place(at.into()),
            Event::DeadEnd { row } => TraceLine::DeadEnd { row },
            Event::Lift(at) => TraceLine::Lift(at.into()),
            Event::Scan {
                row,
                cols,
                diag,
                anti,
            } => TraceLine::Scan {
                row,
                cols,
                diag,
                anti,
            },
        }
    }
}

/// `compare --json`.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct CompareReport {
    /// The board size.
    pub n: usize,
    /// One row per algorithm, slowest first.
    pub algorithms: Vec<CompareRow>,
}

/// One algorithm in `compare --json`.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct CompareRow {
    /// The algorithm's name.
    pub name: &'static str,
    /// What happened, flattened into this object.
    #[serde(flatten)]
    pub outcome: CompareOutcome,
}

/// An algorithm that ran, or why it did not.
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(untagged)]
pub enum CompareOutcome {
    /// It searched the whole tree.
    Ran {
        /// Solutions found.
        solutions: u128,
        /// Nodes visited.
        nodes: u128,
        /// Squares examined.
        tested: u128,
        /// Wall-clock seconds.
        seconds: f64,
        /// Its time over bitmask's.
        relative: f64,
    },
    /// It was not run.
    Skipped {
        /// Why, with the estimated time when it would take too long.
        skipped: String,
    },
}

impl crate::stamp::Report for CountReport {
    const NAME: &'static str = "count";
}

impl crate::stamp::Report for CompareReport {
    const NAME: &'static str = "compare";
}

impl crate::stamp::Report for DevicesReport {
    const NAME: &'static str = "devices";
}
