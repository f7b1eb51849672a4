//! Counting: the total and unique solutions of a board, as fast as this
//! machine can.
//!
//! A count is a [`Plan`] — the ordered, versioned list of a board's units
//! of work, made by a [`Method`] — run by the [`Driver`], which hands each
//! unit to the method's worker on a thread pool (or a [`Device`]), with a
//! [`Kernel`], and reports every finished unit with its [`Tally`].
//! Tallies add up in any order and split, so progress, checkpoints and
//! shards are just callbacks and lists of unit ids. A [`CountRequest`]
//! is what the front ends ask for: resolved once, it runs through one
//! loop that reports to a [`CountSink`].
//!
//! ```
//! use nqueens::BoardSize;
//! let counts = nqueens::count(BoardSize::new(8)?);
//! assert_eq!((counts.total, counts.unique), (92, 12));
//! # Ok::<(), nqueens::SizeError>(())
//! ```

mod burnside;
mod device;
mod driver;
mod estimate;
mod kernel;
mod method;
mod per_thread;
mod plan;
mod request;
mod rules;
mod tally;
mod unit;

pub use device::{Device, DeviceLost, LossHook, OnCpu, OnLoss};
pub use device::{SearchRules, Split, Start};
pub use driver::{Driver, ThreadsError, MAX_THREADS};
pub use estimate::{
    estimate_nodes, project, project_telling, CpuStopwatch, NoMargin, PieceForecast, Projection,
    MAX_SAMPLE_SECONDS, MIN_PIECES, SAMPLE_SECONDS, SAMPLE_SEED,
};
pub use kernel::{Kernel, KernelError, HIDE_FEATURES_VAR};
pub use method::{Method, NodesKind, UnknownMethod, JOIN_FROM_EVEN, JOIN_FROM_ODD, JOIN_MAX_N};
pub use plan::Plan;
pub(crate) use plan::Planned;
pub use plan::{Shard, ShardError, MAX_SHARDS};
pub use request::{
    advised_mib, enumerate_count, every_core, machine_bytes, parse_memory, peak_bytes, Conflict,
    CountEnd, CountError, CountOutcome, CountRequest, CountSink, CountStart, CountSummary,
    DeviceChoice, DeviceError, Devices, Enumerated, LimitSource, MemoryLimit, MemoryRefusal,
    Opener, Quiet, RefusalWords, Resolved, ResolvedCount, Setting, StartedCount, StatsOutcome,
    UnknownDevice, WayOut,
};
pub use tally::{Counts, OnUnit, Tally, UnitDone};
pub use unit::{Unit, UnitStart};

use crate::BoardSize;

/// Counts total and unique solutions (OEIS A000170 and A002562) with the
/// fastest exact method ([`Method::fastest`]) and kernel, on the current
/// rayon pool (by default one thread per core).
///
/// ```
/// use nqueens::{count, BoardSize};
/// assert_eq!(count(BoardSize::new(0)?).total, 1);
/// assert_eq!(count(BoardSize::new(12)?).unique, 1787);
/// # Ok::<(), nqueens::SizeError>(())
/// ```
pub fn count(size: BoardSize) -> Counts {
    let plan = Plan::new(size, Method::fastest(size))
        .expect("the fastest method is one that counts the board");
    Driver::new().count(&plan, &|_| {})
}
