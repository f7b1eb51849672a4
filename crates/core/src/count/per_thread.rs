//! Working memory of one run's threads: a slot for each, owned by the
//! run and freed with it, so that nothing a count kept outlives it (a
//! thread-local would live as long as the thread: in a Python session,
//! as long as the interpreter).

use std::sync::{Mutex, MutexGuard, PoisonError};

/// One `T` for each thread of a run's pool, made on first use.
#[derive(Debug)]
pub(crate) struct PerThread<T> {
    slots: Vec<Mutex<Option<T>>>,
}

impl<T: Default> PerThread<T> {
    /// Slots for a pool of `threads` threads.
    pub fn new(threads: usize) -> PerThread<T> {
        PerThread {
            slots: (0..threads.max(1)).map(|_| Mutex::new(None)).collect(),
        }
    }

    /// Calls `work` with the calling thread's `T`. Each pool thread has a
    /// slot of its own, so the lock is never waited for; a thread outside
    /// the pool (or a pool larger than promised) shares one, correctly.
    pub fn with<R>(&self, work: impl FnOnce(&mut T) -> R) -> R {
        let index = rayon::current_thread_index().unwrap_or(0) % self.slots.len();
        let mut slot = lock(&self.slots[index]);
        work(slot.get_or_insert_with(T::default))
    }
}

/// A slot, even if a thread panicked holding it: its contents are scratch
/// that every use starts over.
fn lock<T>(slot: &Mutex<T>) -> MutexGuard<'_, T> {
    slot.lock().unwrap_or_else(PoisonError::into_inner)
}
