//! A search that runs ahead of a Python iterator on a thread of its own,
//! handing what it finds over in batches through a bounded channel: memory
//! stays constant however long the search, the search waits while Python
//! is busy, and it stops as soon as the iterator is closed or dropped.

use crate::wait::{panicked, receive, TICK};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender};
use std::sync::{Arc, Mutex, MutexGuard, TryLockError};
use std::thread::{self, JoinHandle};

/// Batches the search may run ahead of the reader.
const BATCHES_AHEAD: usize = 2;

/// Items handed over between two looks at Python's signals: a look is
/// cheap, but not free beside handing over a tuple, and 64 items (trace
/// steps, the slowest, take some 50 µs each as dicts) are a few
/// milliseconds of work at most.
const SIGNALS_EVERY: u32 = 64;

/// The search's end of the channel.
pub struct Feed<T> {
    sender: SyncSender<Vec<T>>,
    batch: Vec<T>,
    size: usize,
    reading: Arc<AtomicBool>,
}

impl<T> Feed<T> {
    /// Whether the reader is still there: a push looks here first, since
    /// the channel only tells at the next whole batch, and a search that
    /// finds little to push looks between items too.
    pub fn reading(&self) -> impl Fn() -> bool + Send + 'static {
        let reading = self.reading.clone();
        move || reading.load(Ordering::Relaxed)
    }

    /// Hands `item` on; false once the reader is gone (the search stops).
    pub fn push(&mut self, item: T) -> bool {
        if !self.reading.load(Ordering::Relaxed) {
            return false;
        }
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
    /// Items handed over since the last look at the signals.
    unchecked: u32,
    /// Cleared when the stream is closed or dropped.
    reading: Arc<AtomicBool>,
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
            unchecked: 0,
            reading: Arc::new(AtomicBool::new(true)),
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
            reading: self.reading.clone(),
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
    /// (`KeyboardInterrupt`) before an item is taken, so the stream goes
    /// on after it without losing one. Signals are looked at every
    /// [`SIGNALS_EVERY`] items, not only while waiting: C code that
    /// drains an iterator (`max()`, `collections.deque()`) never returns
    /// to the interpreter's loop, which is where Python itself would look.
    pub fn next(&mut self, py: Python<'_>) -> PyResult<Option<T>> {
        self.start()?;
        self.unchecked += 1;
        if self.unchecked >= SIGNALS_EVERY {
            py.check_signals()?;
            self.unchecked = 0;
        }
        loop {
            if let Some(item) = self.current.next() {
                return Ok(Some(item));
            }
            let Some(batches) = self.batches.take() else {
                return Ok(None);
            };
            let (batches, got) = receive(py, batches, TICK);
            self.batches = Some(batches);
            match got {
                Ok(batch) => self.current = batch.into_iter(),
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => {
                    self.batches = None;
                    return self.ended();
                }
            }
            // Waiting for the search is where a drain spends its time
            // when the search is the slower side.
            py.check_signals()?;
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
        self.reading.store(false, Ordering::Relaxed);
        self.pending = None;
        self.batches = None;
        self.current = Vec::new().into_iter();
        self.worker = None;
    }
}

impl<T> Drop for Stream<T> {
    fn drop(&mut self) {
        self.reading.store(false, Ordering::Relaxed);
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
