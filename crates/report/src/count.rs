//! The report of a count: what `count --json`, `/api/count` and
//! Python's `Counts.to_dict()` print, made in one place from the count's
//! summary ([`nqueens::count::CountSummary`]) or a teaching algorithm's
//! enumeration ([`Enumerated`]).

use crate::schema::{CountReport, StatsReport};
use nqueens::count::{CountSummary, Enumerated, NodesKind};

impl From<CountSummary> for CountReport {
    fn from(summary: CountSummary) -> CountReport {
        let CountSummary {
            n,
            counts,
            outcome,
            seconds,
            peak_bytes,
        } = summary;
        let stats = (outcome.stats)
            .map(|made| StatsReport::of_plan(made.stats, made.units, made.plain_tree_nodes));
        CountReport {
            n,
            total: counts.total,
            unique: counts.unique,
            nodes: counts.nodes,
            nodes_kind: outcome.method.nodes_kind(),
            seconds,
            threads: outcome.threads,
            method: Some(outcome.method.name().to_string()),
            peak_bytes,
            stats,
            device: outcome.device,
            device_lost: outcome.device_lost.map(|lost| lost.reason),
        }
    }
}

impl CountReport {
    /// The report of a teaching algorithm's count of an n×n board, with
    /// its search's statistics where `stats`.
    pub fn enumerated(n: usize, counted: Enumerated, stats: bool) -> CountReport {
        CountReport {
            n,
            total: counted.counts.total,
            unique: counted.counts.unique,
            nodes: counted.counts.nodes,
            nodes_kind: NodesKind::SearchTree,
            seconds: counted.seconds,
            threads: 1,
            method: None,
            peak_bytes: nqueens::count::peak_bytes(),
            stats: stats.then(|| StatsReport::of_search(counted.search)),
            device: None,
            device_lost: None,
        }
    }
}

/// Why the server and Python count no shard: a shard's tally is no
/// board's count, and only the command line writes the checked record
/// that `nqueens merge` adds up.
pub const SHARDS_BY_THE_COMMAND_LINE: &str = "a shard's tally is not the board's count: \
     count shards with the command line (`nqueens count N --shard I/K --out FILE`) \
     and add their records up with `nqueens merge`";
