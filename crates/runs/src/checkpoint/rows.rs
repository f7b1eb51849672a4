//! A finished unit's row: written with residues of its counts, read back
//! only when they still match.

use crate::residues;
use nqueens::count::{Tally, UnitDone};
use rusqlite::{Connection, Row, Statement};

/// Writes `done`'s row with `insert`, a statement of [`INSERT`].
pub(super) fn write(insert: &mut Statement, done: &UnitDone) -> rusqlite::Result<()> {
    let (thirds, nodes) = (done.tally.thirds(), done.tally.nodes());
    let [thirds13, thirds15] = residues(thirds);
    let [nodes13, nodes15] = residues(nodes);
    insert.execute(rusqlite::params![
        done.id as i64,
        thirds.to_string(),
        nodes.to_string(),
        done.seconds,
        thirds13,
        thirds15,
        nodes13,
        nodes15
    ])?;
    Ok(())
}

/// The statement [`write`] runs.
pub(super) const INSERT: &str = "INSERT INTO nqueens_unit VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)";

/// Every finished unit in the checkpoint, checked: each must be one of
/// `ids` (sorted), with counts that parse and match their residues.
pub(super) fn read(
    connection: &Connection,
    ids: &[usize],
) -> rusqlite::Result<Result<Vec<UnitDone>, String>> {
    let mut select = connection.prepare(
        "SELECT id, total_thirds, nodes, seconds, thirds_mod13, thirds_mod15, \
         nodes_mod13, nodes_mod15 FROM nqueens_unit ORDER BY id",
    )?;
    let mut rows = select.query([])?;
    let mut done = Vec::new();
    while let Some(row) = rows.next()? {
        match unit(row) {
            Ok(unit) if ids.binary_search(&unit.id).is_ok() => done.push(unit),
            Ok(unit) => return Ok(Err(format!("unit {} is not a unit of this run", unit.id))),
            Err(what) => return Ok(Err(what)),
        }
    }
    Ok(Ok(done))
}

/// One row, or what is wrong with it.
fn unit(row: &Row) -> Result<UnitDone, String> {
    let id: i64 = row
        .get(0)
        .map_err(|err| format!("a unit's id is unreadable ({err})"))?;
    let damaged = |err: rusqlite::Error| format!("unit {id}'s row is unreadable ({err})");
    let count = |index: usize| -> Result<u128, String> {
        let text: String = row.get(index).map_err(damaged)?;
        text.parse()
            .map_err(|_| format!("unit {id}'s count {text:?} is not a whole number"))
    };
    let (thirds, nodes) = (count(1)?, count(2)?);
    let stored: [i64; 4] = [4, 5, 6, 7].map(|index| row.get(index).unwrap_or(-1));
    let [t13, t15] = residues(thirds);
    let [n13, n15] = residues(nodes);
    if stored != [t13, t15, n13, n15].map(i64::from) || id < 0 {
        return Err(format!(
            "unit {id}'s counts do not match their residues mod 13 and 15 (the row was changed)"
        ));
    }
    let seconds = row.get(3).map_err(damaged)?;
    Ok(UnitDone {
        id: id as usize,
        tally: Tally::new(thirds, nodes),
        seconds,
    })
}
