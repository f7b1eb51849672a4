//! Counting N-Queens solutions on a GPU.
//!
//! One WGSL compute kernel, run through wgpu on Vulkan, Metal or DX12, so
//! the same code counts on NVIDIA, AMD, Intel and Apple GPUs, and on
//! lavapipe (Vulkan on the CPU) in tests. [`Gpu`] is a
//! [`nqueens::count::Device`]: a [`nqueens::count::Driver`] given one runs
//! the same plans, unit by unit, as on the CPU, so progress, checkpoints
//! and shards work unchanged, and a checkpoint begun on a GPU can be
//! finished on a CPU.
//!
//! Each unit is cut a few rows deeper into *starts* ([`Split::of`](nqueens::count::Split::of));
//! each invocation of the kernel searches one start to the bottom with an
//! explicit stack of 32-bit masks, and the tallies of a unit's starts add
//! up, on the CPU, to the unit's.
//!
//! ```no_run
//! use nqueens::count::{Driver, Method, OnLoss, Plan};
//! use nqueens::BoardSize;
//! use nqueens_gpu::{Choice, Gpu};
//! use std::sync::Arc;
//! let gpu = Gpu::open(Choice::Hardware)?;
//! let driver = Driver::new().device(Arc::new(gpu), OnLoss::ContinueOnCpu);
//! let plan = Plan::new(BoardSize::new(16)?, Method::Backtrack)?;
//! assert_eq!(driver.count(&plan, &|_| {}).total, 14_772_512);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]

mod adapters;
mod batch;
mod dispatch;
mod error;
mod opener;
mod summary;

pub use adapters::{adapters, Choice};
pub use error::GpuError;
pub use opener::GpuOpener;
pub use summary::AdapterSummary;

use batch::Batch;
use dispatch::Pipeline;
use nqueens::count::{Device, OnCpu, OnUnit, Plan, Split};
use nqueens::DeviceLost;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

/// Rows each start leaves its invocation to search, by default: starts on
/// row n − 14, 1.9 million of them at n = 20, 22 million at n = 21 and 288
/// million at n = 22.
pub const ROWS_PER_START: usize = 14;

/// The most rows a unit is cut below its prefix: at most a few hundred
/// thousand starts a unit however big the board (a batch holds whole
/// units), bigger starts instead on boards past n = 22.
const MOST_ROWS_CUT: usize = 4;

/// The smallest board that `--device auto` counts on a GPU: below it, a
/// count on the CPU is over in about the time a GPU takes to start (tens
/// to hundreds of milliseconds for the driver and the shader).
pub const AUTO_FROM_N: usize = 18;

/// Starts in the first batch; later batches grow or shrink toward
/// [`BATCH_SECONDS`].
const FIRST_BATCH: usize = 1 << 12;

/// How long a batch should run: long enough to keep the device busy, short
/// enough for progress, for a stop to be quick, and for desktop drivers
/// that reset a GPU held longer than about two seconds.
const BATCH_SECONDS: f64 = 0.25;

/// A GPU that counts: the kernel compiled on one adapter.
#[derive(Debug)]
pub struct Gpu {
    adapter: AdapterSummary,
    pipeline: Pipeline,
    rows_per_start: usize,
    /// Starts in the next batch.
    batch: AtomicUsize,
    /// Why it was lost, once it was.
    lost: Mutex<Option<String>>,
    /// For tests: lose the device before this batch.
    lose_at_batch: Option<usize>,
    batches: AtomicUsize,
    /// Starts the kernel could not finish in one go, run again cut deeper.
    reworked: AtomicUsize,
}

impl Gpu {
    /// The best adapter `choice` allows, opened.
    pub fn open(choice: Choice) -> Result<Gpu, GpuError> {
        let adapter = adapters::pick(choice)?;
        let pipeline = Pipeline::new(&adapter)?;
        Ok(Gpu {
            adapter: summary::summary(&adapter),
            pipeline,
            rows_per_start: ROWS_PER_START,
            batch: AtomicUsize::new(FIRST_BATCH),
            lost: Mutex::new(None),
            lose_at_batch: None,
            batches: AtomicUsize::new(0),
            reworked: AtomicUsize::new(0),
        })
    }

    /// The adapter it runs on.
    pub fn adapter(&self) -> &AdapterSummary {
        &self.adapter
    }

    /// The starts so far that the kernel could not finish in one go and
    /// ran again cut deeper (llvmpipe stops a loop after 65535 turns; a
    /// GPU's driver does not).
    pub fn reworked_starts(&self) -> usize {
        self.reworked.load(Ordering::Relaxed)
    }

    /// Cuts units into starts that leave `rows` rows to search (at least
    /// 2; the default is [`ROWS_PER_START`]).
    pub fn rows_per_start(self, rows: usize) -> Gpu {
        Gpu {
            rows_per_start: rows.max(2),
            ..self
        }
    }

    /// Loses the device, as a reset would, before its `batch`-th batch
    /// (from 0): for tests of what a run does then.
    #[doc(hidden)]
    pub fn lose_at_batch(self, batch: usize) -> Gpu {
        Gpu {
            lose_at_batch: Some(batch),
            ..self
        }
    }

    fn wait(&self, running: dispatch::InFlight) -> Result<(Vec<[u32; 4]>, f64), DeviceLost> {
        self.pipeline
            .wait(running)
            .map_err(|reason| self.lost(reason))
    }

    /// Adds `tallies` to the batch's units, and runs again, cut deeper,
    /// any start the kernel could not finish: the seconds that took.
    fn finish(&self, batch: &mut Batch, tallies: &[[u32; 4]]) -> Result<f64, DeviceLost> {
        let mut unfinished = batch.absorb(tallies);
        let mut seconds = 0.0;
        while !unfinished.is_empty() {
            self.reworked.fetch_add(unfinished.len(), Ordering::Relaxed);
            batch.rework(unfinished);
            let (tallies, more) = self.wait(self.pipeline.submit(batch))?;
            seconds += more;
            unfinished = batch.absorb(&tallies);
        }
        Ok(seconds)
    }

    fn lost(&self, reason: String) -> DeviceLost {
        let mut lost = self.lost.lock().unwrap_or_else(|err| err.into_inner());
        let reason = lost.get_or_insert(reason).clone();
        DeviceLost {
            device: self.name(),
            reason,
        }
    }

    /// The starts the next batch should hold, after one of `starts` took
    /// `seconds`.
    fn resize(&self, starts: usize, seconds: f64) {
        let next = match seconds {
            s if s < BATCH_SECONDS / 2.0 && starts >= self.batch.load(Ordering::Relaxed) => {
                starts * 2
            }
            s if s > BATCH_SECONDS * 2.0 => starts / 2,
            _ => starts,
        };
        self.batch.store(
            next.clamp(1 << 8, self.pipeline.max_starts),
            Ordering::Relaxed,
        );
    }
}

impl Device for Gpu {
    fn name(&self) -> String {
        self.adapter.to_string()
    }

    fn run(
        &self,
        plan: &Plan,
        ids: &[usize],
        keep_going: &AtomicBool,
        on_unit: &OnUnit,
        on_cpu: &OnCpu,
    ) -> Result<(), DeviceLost> {
        if let Some(reason) = self
            .lost
            .lock()
            .unwrap_or_else(|err| err.into_inner())
            .clone()
        {
            return Err(DeviceLost {
                device: self.name(),
                reason,
            });
        }
        // Units that are no search below a prefix (a board too small to
        // split) are the CPU's: the caller's threads and kernel.
        let (cut, whole): (Vec<usize>, Vec<usize>) =
            (ids.iter()).partition(|&&id| Split::of(plan, &plan.units()[id], 0).is_some());
        on_cpu(&whole, on_unit);
        self.run_cut(plan, cut, keep_going, on_unit)
    }
}

impl Gpu {
    /// Runs units that are searches below a prefix, batch by batch, each
    /// batch cut while the one before runs.
    fn run_cut(
        &self,
        plan: &Plan,
        ids: Vec<usize>,
        keep_going: &AtomicBool,
        on_unit: &OnUnit,
    ) -> Result<(), DeviceLost> {
        let row = self.start_row(plan);
        let mut ids = ids.into_iter();
        let mut next = |size| Batch::fill(plan, &mut ids, row, size);
        let mut batch = next(self.batch.load(Ordering::Relaxed));
        while !batch.is_empty() && keep_going.load(Ordering::Relaxed) {
            if self.lose_at_batch == Some(self.batches.fetch_add(1, Ordering::Relaxed)) {
                self.pipeline.lose();
            }
            let running = self.pipeline.submit(&batch);
            let following = next(self.batch.load(Ordering::Relaxed));
            let (tallies, seconds) = self.wait(running)?;
            self.resize(batch.starts.len(), seconds);
            let seconds = seconds + self.finish(&mut batch, &tallies)?;
            batch.done(seconds).into_iter().for_each(on_unit);
            batch = following;
        }
        Ok(())
    }

    /// The row a plan's units are cut on: [`Gpu::rows_per_start`] above
    /// the bottom, at most [`MOST_ROWS_CUT`] below the prefixes.
    fn start_row(&self, plan: &Plan) -> usize {
        let first = plan.units().first().and_then(|unit| unit.start().columns());
        let prefix = first.map_or(0, <[u8]>::len);
        let row = plan.size().get().saturating_sub(self.rows_per_start);
        row.min(prefix + MOST_ROWS_CUT)
    }
}
