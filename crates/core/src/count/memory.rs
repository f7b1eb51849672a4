//! The memory a count needs, known before its plan is made.

use super::{join, Driver, Method, Unit};
use crate::BoardSize;

impl Driver {
    /// The memory a count of `size` by `method` needs: its plan's units,
    /// each thread's kernel scratch and working memory (for the join, its
    /// half boards and buckets, measured on the plan's costliest unit) and
    /// what the threads share (the join's quadrant placements).
    ///
    /// It takes no [`Plan`](super::Plan), so that a count too big for the
    /// memory it may take is refused before its plan is made: the join's
    /// takes seconds from n = 22 (the figures that need it are tabled).
    ///
    /// # Panics
    /// If the method does not count boards of `size` ([`Method::counts`]).
    pub fn memory_bytes(&self, size: BoardSize, method: Method) -> u64 {
        assert!(
            method.counts(size),
            "the {method} method counts boards up to {}, not {size}",
            join::JOIN_MAX_N
        );
        let units: usize = (method.prefixes(size).iter())
            .map(|prefix| std::mem::size_of::<Unit>() + prefix.len())
            .sum();
        let (thread, shared) = match method {
            Method::Join => (
                join::thread_bytes(size.get()),
                join::shared_bytes(size.get()),
            ),
            _ => (0, 0),
        };
        let threads = self.thread_count() as u64;
        let per_thread = self.kernel_in_use().scratch_bytes() + thread;
        units as u64 + threads * per_thread + shared
    }
}
