//! A finished unit's row: written with a checksum that binds its counts
//! to its unit and its run, read back only when it still matches.

use crate::checksum::checksum;
use nqueens::count::{Tally, UnitDone};
use rusqlite::{Connection, Row, Statement};

/// The statement [`write`] runs.
pub(super) const INSERT: &str = "INSERT INTO nqueens_unit VALUES (?1, ?2, ?3, ?4, ?5)";

/// Writes `done`'s row with `insert`, a statement of [`INSERT`], bound to
/// the run `binding` names.
pub(super) fn write(
    insert: &mut Statement,
    done: &UnitDone,
    binding: &str,
) -> rusqlite::Result<()> {
    let (thirds, nodes) = (done.tally.thirds(), done.tally.nodes());
    insert.execute(rusqlite::params![
        done.id as i64,
        thirds.to_string(),
        nodes.to_string(),
        done.seconds,
        row_checksum(binding, done.id as i64, thirds, nodes, done.seconds),
    ])?;
    Ok(())
}

/// What binds a row: the run, the unit, its counts and its time.
fn row_checksum(binding: &str, id: i64, thirds: u128, nodes: u128, seconds: f64) -> String {
    checksum(&[
        b"nqueens-unit",
        binding.as_bytes(),
        &id.to_le_bytes(),
        &thirds.to_le_bytes(),
        &nodes.to_le_bytes(),
        &seconds.to_bits().to_le_bytes(),
    ])
}

/// The rows of a checkpoint: those that hold, and those that do not.
#[derive(Default)]
pub(super) struct Rows {
    /// Sound rows of units of the run, in id order.
    pub done: Vec<UnitDone>,
    /// The others: their row id, and what is wrong with each.
    pub damaged: Vec<(i64, String)>,
}

/// Every row of the checkpoint, checked: each must be one of `ids`
/// (sorted), with counts that parse and match its checksum for the run
/// `binding` names. A unit found twice makes the whole file doubtful: an
/// error, as is anything SQLite cannot read.
pub(super) fn read(connection: &Connection, ids: &[usize], binding: &str) -> Result<Rows, String> {
    let unreadable = |err: rusqlite::Error| format!("its units cannot be read ({err})");
    let mut select = connection
        .prepare(
            "SELECT rowid, id, total_thirds, nodes, seconds, checksum FROM nqueens_unit \
             ORDER BY rowid",
        )
        .map_err(unreadable)?;
    let mut rows = select.query([]).map_err(unreadable)?;
    let mut found = Rows::default();
    let mut seen = std::collections::HashSet::new();
    while let Some(row) = rows.next().map_err(unreadable)? {
        let rowid: i64 = row.get(0).map_err(unreadable)?;
        match unit(row, binding) {
            Ok(unit) if ids.binary_search(&unit.id).is_err() => found
                .damaged
                .push((rowid, format!("unit {} is not a unit of this run", unit.id))),
            Ok(unit) if !seen.insert(unit.id) => {
                return Err(format!("unit {} has two rows", unit.id))
            }
            Ok(unit) => found.done.push(unit),
            Err(why) => found.damaged.push((rowid, why)),
        }
    }
    found.done.sort_by_key(|done| done.id);
    Ok(found)
}

/// One row, or what is wrong with it.
fn unit(row: &Row, binding: &str) -> Result<UnitDone, String> {
    let id: i64 = row
        .get(1)
        .map_err(|err| format!("a unit's id is unreadable ({err})"))?;
    let damaged = |err: rusqlite::Error| format!("unit {id}'s row is unreadable ({err})");
    let count = |index: usize| -> Result<u128, String> {
        let text: String = row.get(index).map_err(damaged)?;
        text.parse()
            .map_err(|_| format!("unit {id}'s count {text:?} is not a whole number"))
    };
    let (thirds, nodes) = (count(2)?, count(3)?);
    let seconds: f64 = row.get(4).map_err(damaged)?;
    let stored: String = row.get(5).map_err(damaged)?;
    if id < 0 || stored != row_checksum(binding, id, thirds, nodes, seconds) {
        return Err(format!(
            "unit {id}'s row does not match its checksum (the row was changed)"
        ));
    }
    Ok(UnitDone {
        id: id as usize,
        tally: Tally::new(thirds, nodes),
        seconds,
    })
}

/// Deletes the damaged rows `rowids`, so that their units are counted
/// again.
pub(super) fn drop_rows(connection: &Connection, rowids: &[i64]) -> rusqlite::Result<()> {
    let transaction = connection.unchecked_transaction()?;
    {
        let mut delete = transaction.prepare("DELETE FROM nqueens_unit WHERE rowid = ?1")?;
        for rowid in rowids {
            delete.execute([rowid])?;
        }
    }
    transaction.commit()
}
