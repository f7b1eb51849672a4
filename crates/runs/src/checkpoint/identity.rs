//! What a checkpoint is of: the run it belongs to, stored once, compared
//! field by field on every start.

use crate::hex;
use nqueens::count::{Plan, Shard};
use rusqlite::{Connection, OptionalExtension};

/// The tables of a checkpoint: the run, its finished units, and each
/// start of it (for the threads and the time of the last commit).
pub(super) const SCHEMA: &str = "
CREATE TABLE nqueens_run (
    n INTEGER NOT NULL, method TEXT NOT NULL, plan_version INTEGER NOT NULL,
    plan_hash TEXT NOT NULL, shard TEXT NOT NULL, units INTEGER NOT NULL,
    tool_version TEXT NOT NULL, created REAL NOT NULL);
CREATE TABLE nqueens_unit (
    id INTEGER PRIMARY KEY, total_thirds TEXT NOT NULL, nodes TEXT NOT NULL,
    seconds REAL NOT NULL, thirds_mod13 INTEGER NOT NULL, thirds_mod15 INTEGER NOT NULL,
    nodes_mod13 INTEGER NOT NULL, nodes_mod15 INTEGER NOT NULL);
CREATE TABLE nqueens_session (
    id INTEGER PRIMARY KEY, started REAL NOT NULL, threads INTEGER NOT NULL,
    last_commit REAL NOT NULL, ended REAL);
";

/// The run a checkpoint belongs to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Identity {
    pub n: usize,
    pub method: String,
    pub plan_version: u32,
    pub plan_hash: String,
    /// `I/K`, or `all`.
    pub shard: String,
    pub units: usize,
}

impl Identity {
    /// The run of `units` units of `plan` (all of them, or `shard`'s).
    pub fn of(plan: &Plan, shard: Option<Shard>, units: usize) -> Identity {
        Identity {
            n: plan.size().get(),
            method: plan.method().name().into(),
            plan_version: plan.version(),
            plan_hash: hex(plan.fingerprint()),
            shard: shard.map_or_else(|| "all".into(), |shard| shard.to_string()),
            units,
        }
    }

    /// The run, in words.
    pub fn describe(&self) -> String {
        let part = match self.shard.as_str() {
            "all" => String::new(),
            shard => format!(", shard {shard}"),
        };
        format!(
            "the count of n = {} by {} (plan {} {}{part})",
            self.n, self.method, self.plan_version, self.plan_hash
        )
    }

    /// The run of the checkpoint `connection` is open on: none for a new,
    /// empty database; an error for a database that is not a checkpoint.
    pub fn read(connection: &Connection) -> rusqlite::Result<Option<Result<Identity, String>>> {
        let tables: Vec<String> = connection
            .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")?
            .query_map([], |row| row.get(0))?
            .collect::<Result<_, _>>()?;
        if tables.is_empty() {
            return Ok(None);
        }
        let ours = ["nqueens_run", "nqueens_session", "nqueens_unit"];
        if tables != ours {
            let why = format!(
                "it is not an nqueens checkpoint (its tables: {})",
                tables.join(", ")
            );
            return Ok(Some(Err(why)));
        }
        let query = "SELECT n, method, plan_version, plan_hash, shard, units, \
                     (SELECT count(*) FROM nqueens_run) FROM nqueens_run";
        let row = connection
            .query_row(query, [], |row| {
                let identity = Identity {
                    n: row.get::<_, i64>(0)? as usize,
                    method: row.get(1)?,
                    plan_version: row.get(2)?,
                    plan_hash: row.get(3)?,
                    shard: row.get(4)?,
                    units: row.get::<_, i64>(5)? as usize,
                };
                Ok((identity, row.get::<_, i64>(6)?))
            })
            .optional()?;
        Ok(Some(match row {
            Some((identity, 1)) => Ok(identity),
            _ => Err("its run table must hold exactly one row".into()),
        }))
    }

    /// Creates the tables of a new checkpoint of this run.
    pub fn create(&self, connection: &Connection) -> rusqlite::Result<()> {
        let transaction = connection.unchecked_transaction()?;
        transaction.execute_batch(SCHEMA)?;
        transaction.execute(
            "INSERT INTO nqueens_run VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            rusqlite::params![
                self.n as i64,
                self.method,
                self.plan_version,
                self.plan_hash,
                self.shard,
                self.units as i64,
                env!("CARGO_PKG_VERSION"),
                super::recorder::now(),
            ],
        )?;
        transaction.commit()
    }
}
