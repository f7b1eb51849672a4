//! A search that runs ahead of a Python iterator on a thread of its own,
//! handing what it finds over in batches through a bounded channel: memory
//! stays constant however long the search, the search waits while Python
//! is busy, and it stops as soon as the iterator is closed or dropped.

use crate::wait::{panicked, receive, TICK};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender};
use std::sync::{Mutex, MutexGuard, TryLockError};
use std::thread::{self, JoinHandle};

/// Batches the search may run ahead of the reader.
const BATCHES_AHEAD: usize = 2;

/// The search's end of the channel.
pub struct Feed<T> {
    sender: SyncSender<Vec<T>>,
    batch: Vec<T>,
    size: usize,
}

impl<T> Feed<T> {
    /// Hands `item` on; false once the reader is gone (the search stops).
    pub fn push(&mut self, item: T) -> bool {
        self.batch.push(item);
        self.batch.len() < self.size || self.flush()
    }

    /// Hands the batch begun over now; false once the reader is gone.
    pub fn flush(&mut self) -> bool {
        if self.batch.is_empty() {
            return true;
        }
        let batch = std::mem::replace(&mut self.batch, Vec::with_capacity(self.size));
        self.sender.send(batch).is_ok()
    }
}

/// A search waiting for its first reader, and the size of its batches.
type Pending<T> = (usize, Box<dyn FnOnce(&mut Feed<T>) + Send>);

/// The reader's end: items one at a time, without the GIL while it waits.
/// The search starts when the first item is asked for, so that an
/// iterator never read costs no thread.
pub struct Stream<T> {
    pending: Option<Pending<T>>,
    /// None before the search starts, once it ended and every batch was
    /// read, and once the stream is closed.
    batches: Option<Receiver<Vec<T>>>,
    current: std::vec::IntoIter<T>,
    worker: Option<JoinHandle<()>>,
}

impl<T: Send + 'static> Stream<T> {
    /// A stream of what `search` feeds, in batches of `batch` items.
    pub fn new<F>(batch: usize, search: F) -> Stream<T>
    where
        F: FnOnce(&mut Feed<T>) + Send + 'static,
    {
        Stream {
            pending: Some((batch.max(1), Box::new(search))),
            batches: None,
            current: Vec::new().into_iter(),
            worker: None,
        }
    }

    /// Starts the search on a new thread, if it has not started.
    fn start(&mut self) -> PyResult<()> {
        let Some((size, search)) = self.pending.take() else {
            return Ok(());
        };
        let (sender, batches) = mpsc::sync_channel(BATCHES_AHEAD);
        let mut feed = Feed {
            sender,
            batch: Vec::with_capacity(size),
            size,
        };
        let worker = thread::Builder::new()
            .name("nqueens-search".into())
            .spawn(move || {
                search(&mut feed);
                feed.flush();
            })
            .map_err(|err| PyRuntimeError::new_err(format!("could not start a thread: {err}")))?;
        self.batches = Some(batches);
        self.worker = Some(worker);
        Ok(())
    }

    /// The next item; none at the end. A signal raises its exception
    /// (`KeyboardInterrupt`) while it waits; the stream goes on after it.
    pub fn next(&mut self, py: Python<'_>) -> PyResult<Option<T>> {
        self.start()?;
        loop {
            if let Some(item) = self.current.next() {
                return Ok(Some(item));
            }
            let Some(batches) = self.batches.take() else {
                return Ok(None);
            };
            let (batches, got) = receive(py, batches, TICK);
            match got {
                Ok(batch) => self.current = batch.into_iter(),
                Err(RecvTimeoutError::Timeout) => py.check_signals()?,
                Err(RecvTimeoutError::Disconnected) => return self.ended(),
            }
            self.batches = Some(batches);
        }
    }

    /// The search has sent its last batch: the end, or its panic.
    fn ended(&mut self) -> PyResult<Option<T>> {
        match self.worker.take().map(JoinHandle::join) {
            Some(Err(panic)) => Err(panicked(&*panic)),
            _ => Ok(None),
        }
    }

    /// Stops the search: it ends at its next item.
    pub fn close(&mut self) {
        self.pending = None;
        self.batches = None;
        self.current = Vec::new().into_iter();
        self.worker = None;
    }
}

/// A stream behind a lock, so that a Python object can hold it; a second
/// thread reading the same iterator at once is refused, as Python refuses
/// a generator that is already running.
pub struct Shared<T>(Mutex<Stream<T>>);

impl<T> Shared<T> {
    /// Shares `stream`.
    pub fn new(stream: Stream<T>) -> Shared<T> {
        Shared(Mutex::new(stream))
    }

    /// The stream, unless another thread is reading it.
    pub fn lock(&self) -> PyResult<MutexGuard<'_, Stream<T>>> {
        match self.0.try_lock() {
            Ok(stream) => Ok(stream),
            Err(TryLockError::Poisoned(poisoned)) => Ok(poisoned.into_inner()),
            Err(TryLockError::WouldBlock) => Err(PyRuntimeError::new_err(
                "the iterator is already being read by another thread",
            )),
        }
    }
}
