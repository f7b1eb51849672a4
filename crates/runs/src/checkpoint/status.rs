//! `nqueens status FILE`: how far a checkpointed count has got, read
//! while it runs (the write-ahead log lets readers in beside the writer).

use super::identity::Identity;
use super::{corrupted, is_not_a_database, recorder::now, rows, sqlite_error};
use crate::{hex, CheckpointError};
use nqueens::count::{Method, Plan, Shard, Tally};
use nqueens::BoardSize;
use nqueens_report::runs::StatusReport;
use rusqlite::{Connection, OpenFlags};
use std::path::Path;

/// The status of the checkpoint at `path`.
pub fn status(path: &Path) -> Result<StatusReport, CheckpointError> {
    if !path.is_file() {
        return Err(CheckpointError::Missing {
            path: path.to_owned(),
        });
    }
    let sqlite = sqlite_error(path);
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let connection = Connection::open_with_flags(path, flags).map_err(&sqlite)?;
    let identity = match Identity::read(&connection) {
        Ok(Some(Ok(identity))) => identity,
        Ok(Some(Err(what))) => return Err(corrupted(path, what)),
        Ok(None) => return Err(corrupted(path, "it is empty".into())),
        Err(err) if is_not_a_database(&err) => {
            return Err(corrupted(path, "it is not a SQLite database".into()))
        }
        Err(err) => return Err(sqlite(err)),
    };
    let (plan, ids) = run_of(&identity).map_err(|what| corrupted(path, what))?;
    let done = rows::read(&connection, &ids)
        .map_err(&sqlite)?
        .map_err(|what| corrupted(path, what))?;
    let (threads, last_commit): (i64, f64) = connection
        .query_row(
            "SELECT threads, last_commit FROM nqueens_session ORDER BY id DESC LIMIT 1",
            [],
            |row| Ok((row.get(0)?, row.get(1)?)),
        )
        .unwrap_or((1, f64::NAN));
    let tally: Tally = done.iter().map(|unit| unit.tally).sum();
    let unit_seconds: f64 = done.iter().map(|unit| unit.seconds).sum();
    let whole = identity.shard == "all" && done.len() == ids.len();
    Ok(StatusReport {
        n: identity.n,
        method: identity.method.clone(),
        shard: (identity.shard != "all").then(|| identity.shard.clone()),
        done: done.len(),
        units: ids.len(),
        total_so_far: tally.thirds() / 3,
        nodes_so_far: tally.nodes(),
        unique: whole.then(|| plan.counts(tally).unique),
        unit_seconds,
        eta_seconds: eta(&plan, &ids, &done, threads.max(1) as usize),
        threads: threads.max(1) as usize,
        seconds_since_last_commit: (now() - last_commit).max(0.0),
        running: is_locked(path),
    })
}

/// Whether a count holds the checkpoint's lock.
fn is_locked(path: &Path) -> bool {
    std::fs::File::open(path)
        .is_ok_and(|file| matches!(file.try_lock(), Err(std::fs::TryLockError::WouldBlock)))
}

/// The plan and unit ids `identity` names, from this build of nqueens;
/// an error when this build makes another plan.
fn run_of(identity: &Identity) -> Result<(Plan, Vec<usize>), String> {
    let method: Method = identity.method.parse().map_err(|err| format!("{err}"))?;
    let size = BoardSize::new(identity.n).map_err(|err| err.to_string())?;
    if !method.counts(size) {
        return Err(format!(
            "the {method} method counts no {size} board in this version of nqueens"
        ));
    }
    let plan = Plan::new(size, method);
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
