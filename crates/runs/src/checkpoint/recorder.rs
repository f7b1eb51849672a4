//! The writer thread: the counting threads drop finished units into a
//! shared list (a short, rarely contended lock; no wake-up, no disk), and
//! the writer commits whatever is there every [`COMMIT_EVERY`]. Waking
//! the writer per unit instead cost 5% of a count's time on two cores.

use super::rows;
use crate::CheckpointError;
use nqueens::count::UnitDone;
use rusqlite::Connection;
use std::fs::File;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// How often finished units are committed: well within the second the
/// checkpoint promises, rarely enough to cost nothing.
const COMMIT_EVERY: Duration = Duration::from_millis(250);

/// What the counting threads and the writer share.
#[derive(Default)]
struct Shared {
    pending: Mutex<Vec<UnitDone>>,
    closed: AtomicBool,
    failed: AtomicBool,
}

/// Records finished units into a checkpoint from any thread.
pub struct Recorder {
    shared: Arc<Shared>,
    /// None for a finished count read where it cannot be written: it has
    /// nothing left to record.
    writer: Option<JoinHandle<Result<(), CheckpointError>>>,
}

impl Recorder {
    /// Starts the writer on `connection`, as a new session of `threads`
    /// threads, binding each row to the run `binding` names; `lock` is
    /// released when it ends. With no connection, it records nothing.
    pub(super) fn start(
        path: PathBuf,
        connection: Option<Connection>,
        lock: File,
        binding: String,
        threads: usize,
    ) -> Result<Recorder, CheckpointError> {
        let shared = Arc::new(Shared::default());
        let Some(connection) = connection else {
            shared.failed.store(true, Ordering::Relaxed);
            return Ok(Recorder {
                shared,
                writer: None,
            });
        };
        let session = connection
            .execute(
                "INSERT INTO nqueens_session (started, threads, last_commit) VALUES (?1, ?2, ?1)",
                rusqlite::params![now(), threads as i64],
            )
            .map(|_| connection.last_insert_rowid());
        let session = session.map_err(super::sqlite_error(&path))?;
        let theirs = Arc::clone(&shared);
        let writer = std::thread::spawn(move || {
            let _lock = lock;
            let written = write_until_closed(&connection, session, &binding, &theirs);
            theirs.failed.store(written.is_err(), Ordering::Relaxed);
            written.map_err(super::sqlite_error(&path))
        });
        Ok(Recorder {
            shared,
            writer: Some(writer),
        })
    }

    /// Hands `done` to the writer; false once the writer has failed (the
    /// run should then stop: its results could no longer be kept).
    pub fn record(&self, done: UnitDone) -> bool {
        if self.shared.failed.load(Ordering::Relaxed) {
            return false;
        }
        let mut pending = self
            .shared
            .pending
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        pending.push(done);
        true
    }

    /// Commits what is left and closes the checkpoint.
    pub fn finish(self) -> Result<(), CheckpointError> {
        let Some(writer) = self.writer else {
            return Ok(());
        };
        self.shared.closed.store(true, Ordering::Release);
        writer.thread().unpark();
        writer
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    }
}

/// Commits what has arrived every [`COMMIT_EVERY`], until closed.
fn write_until_closed(
    connection: &Connection,
    session: i64,
    binding: &str,
    shared: &Shared,
) -> rusqlite::Result<()> {
    loop {
        std::thread::park_timeout(COMMIT_EVERY);
        // Read before taking the batch: what arrived before the close is in it.
        let closed = shared.closed.load(Ordering::Acquire);
        let batch = std::mem::take(&mut *shared.pending.lock().unwrap_or_else(|e| e.into_inner()));
        commit(connection, session, binding, &batch, closed)?;
        if closed {
            return Ok(());
        }
    }
}

/// One transaction: the batch's rows and the session's commit time (and
/// end, for the last).
fn commit(
    connection: &Connection,
    session: i64,
    binding: &str,
    batch: &[UnitDone],
    last: bool,
) -> rusqlite::Result<()> {
    let transaction = connection.unchecked_transaction()?;
    {
        let mut insert = transaction.prepare_cached(rows::INSERT)?;
        for done in batch {
            rows::write(&mut insert, done, binding)?;
        }
        transaction.execute(
            "UPDATE nqueens_session SET last_commit = ?1, ended = ?2 WHERE id = ?3",
            rusqlite::params![now(), last.then(now), session],
        )?;
    }
    transaction.commit()
}

/// Seconds since the Unix epoch.
pub(crate) fn now() -> f64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0.0, |since| since.as_secs_f64())
}
