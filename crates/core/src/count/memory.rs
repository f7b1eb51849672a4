//! The memory a count needs, known before its plan is made.

use super::{Driver, Method, Unit};
use crate::{BoardSize, PlanError};

impl Driver {
    /// The memory a count of `size` by `method` needs: its plan's units,
    /// each thread's kernel scratch and the method's working memory (for
    /// the join, its half boards and buckets at the plan's costliest
    /// unit) and what the threads share (the join's quadrant placements).
    ///
    /// It takes no [`Plan`](super::Plan), so that a count too big for the
    /// memory it may take is refused before its plan is made: the join's
    /// takes seconds from n = 22 (the figures that need it are tabled).
    pub fn memory_bytes(&self, size: BoardSize, method: Method) -> Result<u64, PlanError> {
        if !method.counts(size) {
            return Err(PlanError::too_large(method, size));
        }
        let way = method.way();
        let units: usize = (way.starts(size).iter())
            .map(|start| std::mem::size_of::<Unit>() + start.key().len())
            .sum();
        let memory = way.memory(size);
        let threads = self.thread_count() as u64;
        let per_thread = self.kernel_in_use().scratch_bytes() + memory.per_thread;
        Ok(units as u64 + threads * per_thread + memory.shared)
    }
}
