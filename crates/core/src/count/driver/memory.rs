//! The memory a count needs, known before its plan is made.

use super::Driver;
use crate::count::Method;
use crate::{BoardSize, PlanError};

/// What each thread holds beside its kernel's scratch and its method's
/// working memory: the stack it touches and what the allocator keeps for
/// it. Without it, a count by backtracking held up to 0.3 MiB more than
/// reckoned on one thread, and the join 0.3 MiB at n = 17, at the least
/// memory each fits in.
const THREAD_BYTES: u64 = 512 << 10;

impl Driver {
    /// The memory a count of `size` by `method` takes: its plan's units,
    /// each thread's kernel scratch, and the method's working memory (for
    /// the join, each thread's parts of a unit's half boards and split,
    /// and the quadrant placements the threads keep), fitted to the
    /// driver's [`Driver::max_memory`] where the method can be.
    ///
    /// It takes no [`Plan`](crate::count::Plan), so that a count too big for the
    /// memory it may take is refused before its plan is made: the join's
    /// takes seconds from n = 22 (the figures that need it are tabled).
    pub fn memory_bytes(&self, size: BoardSize, method: Method) -> Result<u64, PlanError> {
        let fixed = self.fixed_bytes(size, method)?;
        let threads = self.thread_count();
        let room = self.max_memory.map(|limit| limit.saturating_sub(fixed));
        let memory = method.way().memory(size, threads, room);
        Ok(fixed + threads as u64 * memory.per_thread + memory.shared)
    }

    /// The least memory a count of `size` by `method` runs in on this
    /// driver's threads, for a method that fits itself to a limit (more
    /// slowly below what [`Driver::memory_bytes`] says without one); none
    /// for one that does not. The least `--max-memory` a refusal names is
    /// this and the process's own.
    pub fn least_memory_bytes(
        &self,
        size: BoardSize,
        method: Method,
    ) -> Result<Option<u64>, PlanError> {
        if !method.way().fits_to_memory() {
            return Ok(None);
        }
        let fixed = self.fixed_bytes(size, method)?;
        let threads = self.thread_count();
        let memory = method.way().memory(size, threads, Some(0));
        Ok(Some(
            fixed + threads as u64 * memory.per_thread + memory.shared,
        ))
    }

    /// What the method may take beyond the plan and the kernels' scratch,
    /// where the memory is bounded and the method fits itself to it.
    pub(in crate::count) fn room(&self, size: BoardSize, method: Method) -> Option<u64> {
        let limit = self.max_memory.filter(|_| method.way().fits_to_memory())?;
        let fixed = self.fixed_bytes(size, method).ok()?;
        Some(limit.saturating_sub(fixed))
    }

    /// The plan's units (and their ids in a run), and each thread's kernel
    /// scratch, stack and the allocator's own bookkeeping.
    fn fixed_bytes(&self, size: BoardSize, method: Method) -> Result<u64, PlanError> {
        if !method.counts(size) {
            return Err(PlanError::too_large(method, size));
        }
        let threads = self.thread_count() as u64;
        let each = self.kernel_in_use().scratch_bytes() + THREAD_BYTES;
        Ok(method.way().plan_bytes(size) + threads * each)
    }
}
