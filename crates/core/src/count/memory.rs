//! The memory a count needs, known before its plan is made.

use super::{Driver, Method};
use crate::{BoardSize, PlanError};

impl Driver {
    /// The memory a count of `size` by `method` takes: its plan's units,
    /// each thread's kernel scratch, and the method's working memory (for
    /// the join, each thread's parts of a unit's half boards and split,
    /// and the quadrant placements the threads keep), fitted to the
    /// driver's [`Driver::max_memory`] where the method can be.
    ///
    /// It takes no [`Plan`](super::Plan), so that a count too big for the
    /// memory it may take is refused before its plan is made: the join's
    /// takes seconds from n = 22 (the figures that need it are tabled).
    pub fn memory_bytes(&self, size: BoardSize, method: Method) -> Result<u64, PlanError> {
        let fixed = self.fixed_bytes(size, method)?;
        let threads = self.thread_count();
        let room = self.max_memory.map(|limit| limit.saturating_sub(fixed));
        let memory = method.way().memory(size, threads, room);
        Ok(fixed + threads as u64 * memory.per_thread + memory.shared)
    }

    /// What the method may take beyond the plan and the kernels' scratch,
    /// where the memory is bounded and the method fits itself to it.
    pub(super) fn room(&self, size: BoardSize, method: Method) -> Option<u64> {
        let limit = self.max_memory.filter(|_| method.way().fits_to_memory())?;
        let fixed = self.fixed_bytes(size, method).ok()?;
        Some(limit.saturating_sub(fixed))
    }

    /// The plan's units (and their ids in a run), and each thread's kernel
    /// scratch.
    fn fixed_bytes(&self, size: BoardSize, method: Method) -> Result<u64, PlanError> {
        if !method.counts(size) {
            return Err(PlanError::too_large(method, size));
        }
        let threads = self.thread_count() as u64;
        Ok(method.way().plan_bytes(size) + threads * self.kernel_in_use().scratch_bytes())
    }
}
