//! The report of a count by plan: what `count --json`, `/api/count` and
//! Python's `Counts.to_dict()` print, made in one place from what the
//! count job did ([`nqueens::count::CountOutcome`]).

use crate::schema::{CountReport, StatsReport};
use nqueens::count::CountOutcome;
use nqueens::Counts;

impl CountReport {
    /// The report of a count of an n×n board that found `counts`, as
    /// `outcome` says it ran, in `seconds`; `peak_bytes` is the process's
    /// most memory, where the front end can know it.
    pub fn of(
        n: usize,
        counts: Counts,
        outcome: &CountOutcome,
        seconds: f64,
        peak_bytes: Option<u64>,
    ) -> CountReport {
        let stats = (outcome.stats.clone())
            .map(|(stats, units, plain)| StatsReport::of_plan(stats, units, plain));
        CountReport {
            n,
            total: counts.total,
            unique: counts.unique,
            nodes: counts.nodes,
            seconds,
            threads: outcome.threads,
            method: Some(outcome.method.name().to_string()),
            peak_bytes,
            stats,
            device: outcome.device.clone(),
            device_lost: outcome.device_lost.as_ref().map(|lost| lost.reason.clone()),
        }
    }
}
