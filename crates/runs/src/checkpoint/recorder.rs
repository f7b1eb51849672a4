//! The writer thread: finished units arrive over a channel from the
//! counting threads, which never wait on the disk, and are committed in
//! one transaction every [`COMMIT_EVERY`].

use super::rows;
use crate::CheckpointError;
use nqueens::count::UnitDone;
use rusqlite::Connection;
use std::fs::File;
use std::path::PathBuf;
use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::thread::JoinHandle;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// How often finished units are committed: well within the second the
/// checkpoint promises, rarely enough to cost nothing.
const COMMIT_EVERY: Duration = Duration::from_millis(250);

/// Records finished units into a checkpoint from any thread.
pub struct Recorder {
    sender: Sender<UnitDone>,
    writer: JoinHandle<Result<(), CheckpointError>>,
}

impl Recorder {
    /// Starts the writer on `connection`, as a new session of `threads`
    /// threads; `lock` is released when it ends.
    pub(super) fn start(
        path: PathBuf,
        connection: Connection,
        lock: File,
        threads: usize,
    ) -> Result<Recorder, CheckpointError> {
        let session = connection
            .execute(
                "INSERT INTO nqueens_session (started, threads, last_commit) VALUES (?1, ?2, ?1)",
                rusqlite::params![now(), threads as i64],
            )
            .map(|_| connection.last_insert_rowid());
        let session = session.map_err(|source| CheckpointError::Sqlite {
            path: path.clone(),
            source,
        })?;
        let (sender, arrivals) = mpsc::channel();
        let writer = std::thread::spawn(move || {
            let _lock = lock;
            write_until_closed(&connection, session, &arrivals)
                .map_err(|source| CheckpointError::Sqlite { path, source })
        });
        Ok(Recorder { sender, writer })
    }

    /// Hands `done` to the writer; false once the writer has failed (the
    /// run should then stop: its results could no longer be kept).
    pub fn record(&self, done: UnitDone) -> bool {
        self.sender.send(done).is_ok()
    }

    /// Commits what is left and closes the checkpoint.
    pub fn finish(self) -> Result<(), CheckpointError> {
        drop(self.sender);
        self.writer
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    }
}

/// Commits arrivals until every sender is gone.
fn write_until_closed(
    connection: &Connection,
    session: i64,
    arrivals: &mpsc::Receiver<UnitDone>,
) -> rusqlite::Result<()> {
    let mut batch = Vec::new();
    let mut due = Instant::now() + COMMIT_EVERY;
    loop {
        let closed = match arrivals.recv_timeout(due.saturating_duration_since(Instant::now())) {
            Ok(done) => {
                batch.push(done);
                false
            }
            Err(RecvTimeoutError::Timeout) => false,
            Err(RecvTimeoutError::Disconnected) => true,
        };
        if closed || Instant::now() >= due {
            commit(connection, session, &batch, closed)?;
            batch.clear();
            due = Instant::now() + COMMIT_EVERY;
        }
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
    batch: &[UnitDone],
    last: bool,
) -> rusqlite::Result<()> {
    let transaction = connection.unchecked_transaction()?;
    {
        let mut insert = transaction.prepare_cached(rows::INSERT)?;
        for done in batch {
            rows::write(&mut insert, done)?;
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
