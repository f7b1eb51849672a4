//! A request resolved once: every rule applied, in one pass, to settings
//! alone. [`ResolvedCount`] holds no thread pool and no device (its
//! fields are numbers and names), so resolving starts nothing; the run
//! builds both (run.rs).

use super::conflict::Conflict;
use super::memory::{FitError, Reckoning};
use super::{CountError, CountRequest, DeviceChoice, MemoryLimit};
use crate::count::{Kernel, Method, Shard, MAX_THREADS};
use crate::{BoardSize, Solver};

/// What a request resolves to: a count by a plan of units, or a
/// teaching algorithm's enumeration of every solution.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Resolved {
    /// The bitmask algorithm's count by plan.
    Plan(ResolvedCount),
    /// An algorithm that counts by enumerating, on one thread, with its
    /// search statistics where `stats`.
    Enumerate {
        /// The algorithm on its board.
        solver: Solver,
        /// Whether the statistics are asked for.
        stats: bool,
    },
}

/// A count by plan, every choice made: its method, threads, kernel,
/// device choice and memory limit. Settings only: see the module.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResolvedCount {
    size: BoardSize,
    method: Method,
    threads: usize,
    kernel: Kernel,
    device: DeviceChoice,
    stats: bool,
    shard: Option<Shard>,
    checkpointed: bool,
    memory_limit: Option<MemoryLimit>,
    auto: bool,
}

/// One thread per core, at most [`MAX_THREADS`]: every count runs on a
/// pool of its own this size unless told otherwise (rayon's global pool
/// is never a count's, so a process forked after one does not inherit a
/// pool without its threads).
pub fn every_core() -> usize {
    std::thread::available_parallelism().map_or(1, |cores| cores.get().min(MAX_THREADS))
}

impl CountRequest {
    /// Applies every rule, once: the conflicts, the algorithm's and the
    /// method's rules, no symmetry, the default device and memory limit,
    /// and the method that fits the memory (`auto` takes the fastest's
    /// low-memory alternative where only that fits). Starts nothing.
    pub fn resolve(&self) -> Result<Resolved, CountError> {
        Conflict::check(self)?;
        if !self.by_plan() {
            let solver = self.algorithm.on(self.size)?;
            let stats = self.stats;
            return Ok(Resolved::Enumerate { solver, stats });
        }
        let kernel = match self.kernel {
            Some(kernel) => kernel.require()?,
            None => Kernel::best(),
        };
        let named = match self.no_symmetry {
            true => Some(Method::without_symmetry()),
            false => self.method,
        };
        let searching = self.stats || self.device == DeviceChoice::Gpu;
        let method = Method::resolve(named, self.size, searching);
        let (size, threads) = (self.size, self.threads.unwrap_or_else(every_core));
        let memory_limit = MemoryLimit::given_or_default(self.max_memory);
        let reckoning = Reckoning {
            size,
            kernel,
            threads,
        };
        let method = match reckoning.fitting(method, named.is_none(), memory_limit.as_ref()) {
            Ok(method) => method,
            Err(FitError::Refused(refusal)) => return Err(refusal.into()),
            Err(FitError::Plan(err)) => return Err(err.into()),
        };
        Ok(Resolved::Plan(ResolvedCount {
            size,
            method,
            threads,
            kernel,
            device: self.device,
            stats: self.stats,
            shard: self.shard,
            checkpointed: self.checkpointed,
            memory_limit,
            auto: named.is_none(),
        }))
    }
}

impl Resolved {
    /// The count by plan; none for an enumeration.
    pub fn by_plan(self) -> Option<ResolvedCount> {
        match self {
            Resolved::Plan(count) => Some(count),
            Resolved::Enumerate { .. } => None,
        }
    }
}

impl ResolvedCount {
    /// The board.
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// The method it counts by on the CPU.
    pub fn method(&self) -> Method {
        self.method
    }

    /// The threads it runs on.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The kernel it runs.
    pub fn kernel(&self) -> Kernel {
        self.kernel
    }

    /// Where its units are asked to run.
    pub fn device(&self) -> DeviceChoice {
        self.device
    }

    /// Whether it reports the statistics of every node.
    pub fn stats(&self) -> bool {
        self.stats
    }

    /// The shard it counts, if only one.
    pub fn shard(&self) -> Option<Shard> {
        self.shard
    }

    /// Whether its finished units are kept for a later run.
    pub fn checkpointed(&self) -> bool {
        self.checkpointed
    }

    /// The memory it may take.
    pub fn memory_limit(&self) -> Option<&MemoryLimit> {
        self.memory_limit.as_ref()
    }

    /// Whether the method was `auto`'s choice.
    pub fn auto(&self) -> bool {
        self.auto
    }

    /// What its memory is reckoned on.
    pub(super) fn reckoning(&self) -> Reckoning {
        Reckoning {
            size: self.size,
            kernel: self.kernel,
            threads: self.threads,
        }
    }
}
