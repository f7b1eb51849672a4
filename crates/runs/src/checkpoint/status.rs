//! `nqueens status FILE`: how far a checkpointed count has got, read
//! while it runs (the write-ahead log lets readers in beside the writer)
//! or after, without changing the file.

use super::identity::{Found, Identity};
use super::inspect::{self, Sniffed};
use super::{corrupted, file, identify, not_ours, open_to_read, recorder::now, rows, sound};
use crate::{hex, CheckpointError};
use nqueens::count::{Method, Plan, Shard, Tally};
use nqueens::BoardSize;
use nqueens_report::runs::StatusReport;
use std::path::Path;

/// The status of the checkpoint at `path`.
pub fn status(path: &Path) -> Result<StatusReport, CheckpointError> {
    if std::fs::metadata(path).is_err() {
        return Err(CheckpointError::Missing {
            path: path.to_owned(),
        });
    }
    file::refuse_other_kinds(path)?;
    match inspect::sniff(path)? {
        Sniffed::New => {
            return Err(CheckpointError::Empty {
                path: path.to_owned(),
            })
        }
        // Refused here unless ours: only then is it opened the usual way.
        Sniffed::Known(found) => drop(identity_of(found, path)?),
        Sniffed::Ours => {}
    }
    let connection = open_to_read(path)?;
    let identity = identity_of(identify(&connection, path)?, path)?;
    sound(&connection, path)?;
    let (plan, ids) = run_of(&identity).map_err(|why| not_ours(path, why))?;
    let rows =
        rows::read(&connection, &ids, &identity.binding()).map_err(|what| corrupted(path, what))?;
    let (threads, last_commit, ended): (i64, f64, Option<f64>) = connection
        .query_row(
            "SELECT threads, last_commit, ended FROM nqueens_session ORDER BY id DESC LIMIT 1",
            [],
            |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)),
        )
        .unwrap_or((1, f64::NAN, None));
    let since = (now() - last_commit).max(0.0);
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
        unique: counts.as_ref().map(|counts| counts.unique),
        unit_seconds: done.iter().map(|unit| unit.seconds).sum(),
        eta_seconds: eta(&plan, &ids, done, threads.max(1) as usize),
        threads: threads.max(1) as usize,
        seconds_since_last_commit: since,
        running: file::is_locked(path).unwrap_or(ended.is_none() && since < RECENT),
    })
}

/// The plan and unit ids `identity` names, from this build of nqueens;
/// an error when this build makes another plan.
fn run_of(identity: &Identity) -> Result<(Plan, Vec<usize>), String> {
    let method: Method = identity.method.parse().map_err(|err| format!("{err}"))?;
    let size = BoardSize::new(identity.n).map_err(|err| err.to_string())?;
    let plan =
        Plan::new(size, method).map_err(|err| format!("{err} in this version of nqueens"))?;
    if hex(plan.fingerprint()) != identity.plan_hash {
        return Err(format!(
            "it was made by another version of nqueens (plan {} {}; this one makes plan {} {})",
            identity.plan_version,
            identity.plan_hash,
            plan.version(),
            hex(plan.fingerprint())
        ));
    }
    let ids = match identity.shard.as_str() {
        "all" => (0..plan.units().len()).collect(),
        shard => plan.shard(shard.parse::<Shard>().map_err(|err| err.to_string())?),
    };
    Ok((plan, ids))
}

/// The run of a checkpoint of ours; anything else refused.
fn identity_of(found: Found, path: &Path) -> Result<Identity, CheckpointError> {
    match found {
        Found::Ours(identity) => Ok(identity),
        Found::Damaged(what) => Err(corrupted(path, what)),
        Found::NotOurs(why) => Err(not_ours(path, why)),
    }
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
