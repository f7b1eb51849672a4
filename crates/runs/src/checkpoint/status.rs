//! `nqueens status FILE`: how far a checkpointed count has got, read
//! while it runs (the write-ahead log lets readers in beside the writer)
//! or after, without changing the file.

use super::stored::{self, Stored};
use super::{corrupted, file};
use crate::CheckpointError;
use nqueens::count::{Plan, Tally};
use nqueens_report::runs::StatusReport;
use std::path::Path;

/// The status of the checkpoint at `path`.
pub fn status(path: &Path) -> Result<StatusReport, CheckpointError> {
    let stored = stored::read(path)?;
    let Stored {
        identity,
        plan,
        ids,
        rows,
        threads,
        ..
    } = &stored;
    let done = &rows.done;
    let tally: Tally = done.iter().map(|unit| unit.tally).sum();
    let whole = identity.shard == "all" && done.len() == ids.len();
    let counts = match whole {
        true => Some(
            plan.checked_counts(tally)
                .map_err(|err| corrupted(path, err.to_string()))?,
        ),
        false => None,
    };
    let since = stored.since_last_commit;
    Ok(StatusReport {
        n: identity.n,
        method: identity.method.clone(),
        shard: (identity.shard != "all").then(|| identity.shard.clone()),
        done: done.len(),
        units: ids.len(),
        damaged: rows.damaged.len(),
        total_so_far: tally.thirds() / 3,
        nodes_so_far: match &counts {
            Some(counts) => counts.nodes,
            None => tally.nodes(),
        },
        nodes_kind: plan.method().nodes_kind(),
        unique: counts.as_ref().map(|counts| counts.unique),
        unit_seconds: done.iter().map(|unit| unit.seconds).sum(),
        eta_seconds: eta(plan, ids, done, *threads),
        threads: *threads,
        seconds_since_last_commit: since,
        running: file::is_locked(path).unwrap_or(!stored.ended && since < RECENT),
    })
}

/// Where no lock can be seen (not Linux), a count that has written this
/// recently and has not ended is taken to be running.
const RECENT: f64 = 5.0;

/// Seconds left: the units not done, at the finished units' seconds per
/// unit of estimated cost, shared over `threads`.
fn eta(
    plan: &Plan,
    ids: &[usize],
    done: &[nqueens::count::UnitDone],
    threads: usize,
) -> Option<f64> {
    let cost = |id: usize| plan.units()[id].cost() as f64;
    let done_cost: f64 = done.iter().map(|unit| cost(unit.id)).sum();
    if done.is_empty() || done_cost == 0.0 {
        return None;
    }
    let per_cost = done.iter().map(|unit| unit.seconds).sum::<f64>() / done_cost;
    let total_cost: f64 = ids.iter().map(|&id| cost(id)).sum();
    Some((total_cost - done_cost) * per_cost / threads.max(1) as f64)
}
