//! A checkpoint's tables, compared whole with the ones this version
//! makes: a column renamed by a flipped byte, or a trigger, an index or a
//! view slipped in beside them, is found before anything is written.

use rusqlite::Connection;

/// The tables of a checkpoint: the run, its finished units (each bound to
/// the run, its id and its counts by a checksum), and each start of it
/// (for the threads and the time of the last commit).
pub(super) const SCHEMA: &str = "
CREATE TABLE nqueens_run (
    n INTEGER NOT NULL, method TEXT NOT NULL, plan_version INTEGER NOT NULL,
    plan_hash TEXT NOT NULL, shard TEXT NOT NULL, units INTEGER NOT NULL,
    tool_version TEXT NOT NULL, created REAL NOT NULL);
CREATE TABLE nqueens_unit (
    id INTEGER PRIMARY KEY, total_thirds TEXT NOT NULL, nodes TEXT NOT NULL,
    seconds REAL NOT NULL, checksum TEXT NOT NULL);
CREATE TABLE nqueens_session (
    id INTEGER PRIMARY KEY, started REAL NOT NULL, threads INTEGER NOT NULL,
    last_commit REAL NOT NULL, ended REAL);
";

/// The objects of a database's schema: type, name and the SQL that made
/// each, in order.
#[derive(PartialEq, Eq)]
pub(super) struct Schema(Vec<(String, String, Option<String>)>);

impl Schema {
    /// The schema of the database `connection` is open on.
    pub(super) fn of(connection: &Connection) -> rusqlite::Result<Schema> {
        let objects = connection
            .prepare(
                "SELECT type, name, sql FROM sqlite_master \
                 WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY type, name",
            )?
            .query_map([], |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)))?
            .collect::<Result<_, _>>()?;
        Ok(Schema(objects))
    }

    /// The schema this version creates, as SQLite writes it down.
    pub(super) fn ours() -> rusqlite::Result<Schema> {
        let connection = Connection::open_in_memory()?;
        connection.execute_batch(SCHEMA)?;
        Schema::of(&connection)
    }

    /// The names of its tables, in order.
    pub(super) fn tables(&self) -> Vec<&str> {
        let tables = self.0.iter().filter(|(kind, _, _)| kind == "table");
        tables.map(|(_, name, _)| name.as_str()).collect()
    }

    /// What in it is not as in `ours`, in words; none when nothing.
    pub(super) fn differs_from(&self, ours: &Schema) -> Option<String> {
        if self == ours {
            return None;
        }
        let changed = |(kind, name, sql): &(String, String, Option<String>)| {
            let same = |(k, n, _): &&(String, String, Option<String>)| k == kind && n == name;
            match ours.0.iter().find(same) {
                Some((_, _, theirs)) if theirs == sql => None,
                Some(_) => Some(format!("its {kind} {name} is not as nqueens made it")),
                None => Some(format!("it has a {kind} {name} that nqueens does not make")),
            }
        };
        let missing = (ours.0.iter())
            .find(|(kind, name, _)| !self.0.iter().any(|(k, n, _)| k == kind && n == name))
            .map(|(kind, name, _)| format!("its {kind} {name} is missing"));
        let what = self.0.iter().find_map(changed).or(missing);
        Some(what.unwrap_or_else(|| "its tables are not as nqueens made them".into()))
    }

    /// Its objects for a message, at most a few.
    pub(super) fn listed(&self) -> String {
        let named: Vec<String> = (self.0.iter())
            .map(|(kind, name, _)| format!("the {kind} {name}"))
            .collect();
        match named.len() {
            0 => "no tables".into(),
            1..=6 => named.join(", "),
            more => format!("{}, … ({more} in all)", named[..5].join(", ")),
        }
    }
}
