//! What a checkpoint is of: the run it belongs to, stored once, compared
//! field by field on every start, and the layout of its tables, compared
//! whole with this version's. The file itself is first told apart by its
//! header (inspect.rs), so a database that is not ours is left as it was.

use super::schema::{Schema, SCHEMA};
use crate::hex;
use nqueens::count::{Plan, Shard};
use rusqlite::{Connection, OptionalExtension};

/// SQLite's application id of an nqueens checkpoint (`nqCk`).
pub(super) const APPLICATION_ID: i64 = 0x6e71_436b;
/// The layout of the tables this version writes and reads (SQLite's
/// user version). Layout 1 had no application id and no checksums.
const LAYOUT: i64 = 2;

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

/// What a database turned out to be.
pub(crate) enum Found {
    /// A checkpoint of this layout, of the run given.
    Ours(Identity),
    /// Somebody else's database, or one no longer read: why, in words.
    NotOurs(String),
    /// Ours, but what it says of its run cannot be read.
    Damaged(String),
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

    /// What differs between this run and `other`, in words: this one's
    /// value first.
    pub fn differences(&self, other: &Identity) -> String {
        let differ = |what: &str, ours: String, theirs: String| {
            (ours != theirs).then(|| format!("its {what} is {ours}, this count's {theirs}"))
        };
        let shard = |run: &Identity| match run.shard.as_str() {
            "all" => "the whole count".to_owned(),
            shard => format!("shard {shard}"),
        };
        let plan = |run: &Identity| format!("{} {}", run.plan_version, run.plan_hash);
        let mut said: Vec<String> = [
            differ(
                "board",
                format!("n = {}", self.n),
                format!("n = {}", other.n),
            ),
            differ("method", self.method.clone(), other.method.clone()),
            differ("part", shard(self), shard(other)),
        ]
        .into_iter()
        .flatten()
        .collect();
        // Another board, method or part has other units: that says nothing more.
        if said.is_empty() {
            said.extend(differ("plan", plan(self), plan(other)));
            said.extend(differ(
                "number of units",
                self.units.to_string(),
                other.units.to_string(),
            ));
        }
        said.join("; ")
    }

    /// The command that goes on with this run in the checkpoint at
    /// `path`; none when this nqueens makes another version of its plan
    /// (the command would be refused too).
    pub fn command(&self, path: &std::path::Path) -> Option<String> {
        let method: nqueens::count::Method = self.method.parse().ok()?;
        (method.plan_version() == self.plan_version).then_some(())?;
        let shard = match self.shard.as_str() {
            "all" => String::new(),
            shard => format!(" --shard {shard}"),
        };
        let file = crate::shell_quoted(&path.display().to_string());
        Some(format!(
            "nqueens count {} --method {}{shard} --checkpoint {file}",
            self.n, self.method
        ))
    }

    /// What every row's checksum binds it to: the run.
    pub fn binding(&self) -> String {
        let Identity { n, method, .. } = self;
        let (version, hash, shard) = (self.plan_version, &self.plan_hash, &self.shard);
        format!("{n} {method} {version} {hash} {shard}")
    }

    /// What the database `connection` is open on. Only reads.
    pub fn read(connection: &Connection) -> rusqlite::Result<Found> {
        let pragma = |name: &str| -> rusqlite::Result<i64> {
            connection.query_row(&format!("PRAGMA {name}"), [], |row| row.get(0))
        };
        let (application, layout) = (pragma("application_id")?, pragma("user_version")?);
        let schema = Schema::of(connection)?;
        let ours = ["nqueens_run", "nqueens_session", "nqueens_unit"];
        Ok(match (application, layout) {
            (0, 0) if schema.tables() == ours => Found::NotOurs(format!(
                "it was written by an older version of nqueens (checkpoint layout 1; \
                 this one reads layout {LAYOUT})"
            )),
            (APPLICATION_ID, LAYOUT) => match schema.differs_from(&Schema::ours()?) {
                None => match Identity::row(connection) {
                    Ok(found) => found,
                    Err(err) => Found::Damaged(format!("its run cannot be read ({err})")),
                },
                Some(what) => Found::Damaged(what),
            },
            (APPLICATION_ID, other) => Found::NotOurs(format!(
                "it was written by another version of nqueens (checkpoint layout {other}; \
                 this one reads layout {LAYOUT})"
            )),
            _ => Found::NotOurs(format!(
                "it is not an nqueens checkpoint (a SQLite database holding {})",
                schema.listed()
            )),
        })
    }

    /// The run table's one row.
    fn row(connection: &Connection) -> rusqlite::Result<Found> {
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
        Ok(match row {
            Some((identity, 1)) => Found::Ours(identity),
            _ => Found::Damaged("its run table must hold exactly one row".into()),
        })
    }

    /// Creates the tables of a new checkpoint of this run, and marks the
    /// file as ours.
    pub fn create(&self, connection: &Connection) -> rusqlite::Result<()> {
        let transaction = connection.unchecked_transaction()?;
        transaction.execute_batch(SCHEMA)?;
        transaction.execute_batch(&format!(
            "PRAGMA application_id = {APPLICATION_ID}; PRAGMA user_version = {LAYOUT};"
        ))?;
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
