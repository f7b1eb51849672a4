//! One count, as every front end asks for it: the command line, the web
//! server and the Python module fill in a [`CountRequest`] and resolve it
//! once. Every rule of a count is kept here, so that each surface gives
//! the same answer and the same refusal: what cannot be asked together
//! (conflict.rs, from the methods' capabilities), the method (by the one
//! rule, [`Method::resolve`], within the memory it may take: memory.rs),
//! the one default device (device.rs) and memory limit. What resolving
//! gives is a [`ResolvedCount`] (resolved.rs): settings only, no thread
//! pool and no device. Its run (run.rs) opens them, makes the plan and
//! runs it through one loop, reporting to a [`CountSink`] (sink.rs).

mod conflict;
mod device;
mod enumerated;
mod machine;
mod memory;
mod open;
mod outcome;
mod refusal;
mod resolved;
mod run;
mod sink;
mod size;

pub use conflict::{Conflict, Setting};
pub use device::{DeviceChoice, DeviceError, Devices, Opener, UnknownDevice};
pub use enumerated::{enumerate_count, Enumerated};
pub use machine::{machine_bytes, peak_bytes};
pub use memory::{advised_mib, LimitSource, MemoryLimit, MemoryRefusal, WayOut};
pub use outcome::{CountEnd, CountOutcome, CountSummary, StatsOutcome};
pub use refusal::RefusalWords;
pub use resolved::{every_core, Resolved, ResolvedCount};
pub use run::StartedCount;
pub use sink::{CountSink, CountStart, Quiet};
pub use size::parse_memory;

use crate::count::{Kernel, KernelError, Method, Shard, ThreadsError};
use crate::{Algorithm, BoardSize, ImpossibleTally, PlanError, TooLarge};

/// What a user asks of a count, as given: every surface fills in the
/// same fields, and [`CountRequest::resolve`] applies every rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CountRequest {
    /// The board.
    pub size: BoardSize,
    /// The algorithm: the bitmask counts by a plan of units; the others
    /// count by enumerating every solution.
    pub algorithm: Algorithm,
    /// The method, or none for the fastest where the count runs.
    pub method: Option<Method>,
    /// Every board counted, no symmetry used: the method that uses none.
    pub no_symmetry: bool,
    /// Threads, or none for one per core.
    pub threads: Option<usize>,
    /// The kernel, or none for the best this CPU runs.
    pub kernel: Option<Kernel>,
    /// Where its units run.
    pub device: DeviceChoice,
    /// Statistics of every node visited, on the scalar kernel.
    pub stats: bool,
    /// Only this shard's units.
    pub shard: Option<Shard>,
    /// Its finished units are kept (in a checkpoint) for a later run to
    /// go on from: a lost device then stops the run rather than handing
    /// the rest to the CPU.
    pub checkpointed: bool,
    /// The most memory the whole process may take, in bytes; none for
    /// the default, half this machine's ([`MemoryLimit::half_machine`]).
    pub max_memory: Option<u64>,
}

impl CountRequest {
    /// A count of `size` by the bitmask algorithm, with every choice left
    /// to the engine, within the default memory limit.
    pub fn new(size: BoardSize) -> CountRequest {
        CountRequest {
            size,
            algorithm: Algorithm::Bitmask,
            method: None,
            no_symmetry: false,
            threads: None,
            kernel: None,
            device: DeviceChoice::default(),
            stats: false,
            shard: None,
            checkpointed: false,
            max_memory: None,
        }
    }

    /// Whether it counts by a plan of units (the bitmask algorithm); the
    /// others enumerate every solution.
    pub fn by_plan(&self) -> bool {
        self.algorithm == Algorithm::Bitmask
    }
}

/// Why a count cannot start or go on.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum CountError {
    /// The method does not count boards that large.
    #[error(transparent)]
    Plan(#[from] PlanError),
    /// The algorithm does not take boards that large.
    #[error(transparent)]
    TooLarge(#[from] TooLarge),
    /// The kernel asked for is not on this CPU.
    #[error(transparent)]
    Kernel(#[from] KernelError),
    /// The threads could not be started.
    #[error(transparent)]
    Threads(#[from] ThreadsError),
    /// The count would take more memory than it may.
    #[error(transparent)]
    Memory(#[from] MemoryRefusal),
    /// What was asked cannot be counted together.
    #[error(transparent)]
    Conflict(#[from] Conflict),
    /// The GPU asked for did not open.
    #[error(transparent)]
    Device(#[from] DeviceError),
    /// The units an earlier run kept add up to a count no board has.
    #[error(transparent)]
    Impossible(#[from] ImpossibleTally),
}

#[cfg(test)]
mod tests;
