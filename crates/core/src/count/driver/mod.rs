//! The one driver that runs a plan's units: on a thread pool or a
//! device, with a kernel, reporting each finished unit to a callback.
//! Progress bars, checkpoints and shards are callbacks and lists of unit
//! ids; what a unit is, the method's worker knows.

mod memory;

use crate::count::device::{Device, DeviceSlot, LossHook, OnLoss};
use crate::count::kernel::Kernel;
use crate::count::method::Worker;
use crate::count::tally::{OnUnit, UnitDone};
use crate::count::{Counts, Plan, Tally};
use crate::count::{DeviceLost, KernelError};
use crate::Stats;
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// The most threads a driver is asked to run on (`--threads`, Python's
/// `threads=`): past it, a typo would start thousands of threads.
pub const MAX_THREADS: usize = 1024;

/// Runs plans: which kernel, on how many threads, on which device.
///
/// ```
/// use nqueens::count::{Driver, Kernel, Method, Plan};
/// use nqueens::BoardSize;
/// let plan = Plan::new(BoardSize::new(10)?, Method::Backtrack)?;
/// let driver = Driver::new().kernel(Kernel::SCALAR)?.threads(2)?;
/// let counts = driver.count(&plan, &|_done| {});
/// assert_eq!((counts.total, counts.unique), (724, 92));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Driver {
    kernel: Kernel,
    pool: Option<Arc<rayon::ThreadPool>>,
    /// The threads its memory is reckoned for, where it has no pool of
    /// its own yet ([`Driver::reckoning`]).
    reckoned_threads: Option<usize>,
    /// The most working memory one of its threads has held in a run.
    peak: Arc<AtomicU64>,
    /// A device that runs the units instead of the CPU's threads.
    pub(super) device: Option<DeviceSlot>,
    /// The most memory a count may take, where the user bounds it.
    pub(super) max_memory: Option<u64>,
}

impl Default for Driver {
    fn default() -> Self {
        Driver::new()
    }
}

impl Driver {
    /// The best kernel, on the current rayon pool (by default one thread
    /// per core).
    pub fn new() -> Driver {
        Driver {
            kernel: Kernel::best(),
            pool: None,
            reckoned_threads: None,
            peak: Arc::new(AtomicU64::new(0)),
            device: None,
            max_memory: None,
        }
    }

    /// Counts within `bytes` of memory: a method that can (the join) works
    /// in less, more slowly; the count is refused if even that is more.
    pub fn max_memory(self, bytes: u64) -> Driver {
        Driver {
            max_memory: Some(bytes),
            ..self
        }
    }

    /// Runs `kernel`, if this CPU can.
    pub fn kernel(self, kernel: Kernel) -> Result<Driver, KernelError> {
        Ok(Driver {
            kernel: kernel.require()?,
            ..self
        })
    }

    /// Runs on a pool of its own of `threads` threads (at least one).
    pub fn threads(self, threads: usize) -> Result<Driver, ThreadsError> {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads.max(1))
            .build()
            .map_err(|err| ThreadsError {
                threads,
                reason: err.to_string(),
            })?;
        Ok(Driver {
            pool: Some(Arc::new(pool)),
            ..self
        })
    }

    /// A driver that only reckons what a run on `threads` threads takes
    /// (its memory): it starts no thread, and runs, if asked, on the
    /// current pool. A count is resolved on one, so that resolving builds
    /// no thread pool; its run builds the pool ([`Driver::threads`]).
    pub fn reckoning(self, threads: usize) -> Driver {
        Driver {
            reckoned_threads: Some(threads.max(1)),
            ..self
        }
    }

    /// The kernel it runs.
    pub fn kernel_in_use(&self) -> Kernel {
        self.kernel
    }

    /// The most working memory one of its threads has held so far, in
    /// bytes, beyond the kernel's fixed scratch.
    pub fn peak_thread_bytes(&self) -> u64 {
        self.peak.load(Ordering::Relaxed)
    }

    /// The threads it runs on.
    pub fn thread_count(&self) -> usize {
        match (&self.pool, self.reckoned_threads) {
            (Some(pool), _) => pool.current_num_threads(),
            (None, Some(threads)) => threads,
            (None, None) => rayon::current_num_threads(),
        }
    }

    /// Runs the units of `plan` whose ids are `ids` and returns their
    /// tally, calling `on_unit` as each one finishes.
    ///
    /// # Panics
    /// If an id is not that of a unit of `plan`.
    pub fn run(&self, plan: &Plan, ids: &[usize], on_unit: &OnUnit) -> Tally {
        self.run_while(plan, ids, &AtomicBool::new(true), on_unit)
    }

    /// [`Driver::run`], except that units not yet started when
    /// `keep_going` turns false are skipped (a caller that can no longer
    /// record results stops the run early): the tally is then only of the
    /// units reported. What the method keeps between units lives as long
    /// as this call.
    pub fn run_while(
        &self,
        plan: &Plan,
        ids: &[usize],
        keep_going: &AtomicBool,
        on_unit: &OnUnit,
    ) -> Tally {
        let worker = self.worker(plan);
        let tally = match &self.device {
            Some(slot) if slot.lost().is_none() => {
                let on_cpu = |ids: &[usize], on_unit: &OnUnit| {
                    self.run_on_cpu(&*worker, plan, ids, keep_going, on_unit)
                };
                slot.run(plan, ids, keep_going, on_unit, &on_cpu)
            }
            _ => self.run_on_cpu(&*worker, plan, ids, keep_going, on_unit),
        };
        self.peak.fetch_max(worker.peak_bytes(), Ordering::Relaxed);
        tally
    }

    /// The method's worker for a run of `plan` on this driver.
    pub(super) fn worker(&self, plan: &Plan) -> Box<dyn Worker> {
        let room = self.room(plan.size(), plan.method());
        (plan.method().way()).worker(plan.size(), self.kernel, self.thread_count(), room)
    }

    /// Runs `ids` on the CPU's threads.
    fn run_on_cpu(
        &self,
        worker: &dyn Worker,
        plan: &Plan,
        ids: &[usize],
        keep_going: &AtomicBool,
        on_unit: &OnUnit,
    ) -> Tally {
        self.install(|| {
            // One task per unit: their sizes differ by orders of magnitude,
            // so the threads must be able to steal them one at a time.
            ids.par_iter()
                .with_max_len(1)
                .filter(|_| keep_going.load(Ordering::Relaxed))
                .map(|&id| {
                    let started = Instant::now();
                    let tally = worker.tally(&plan.units()[id]);
                    let seconds = started.elapsed().as_secs_f64();
                    on_unit(UnitDone { id, tally, seconds });
                    tally
                })
                .sum()
        })
    }

    /// Runs every unit of `plan`: the board's counts.
    pub fn count(&self, plan: &Plan, on_unit: &OnUnit) -> Counts {
        let ids: Vec<usize> = (0..plan.units().len()).collect();
        plan.counts(self.run(plan, &ids, on_unit))
    }

    /// [`Driver::count`] with the statistics of every node visited, on the
    /// CPU's scalar kernel (the only one with probe points); none when
    /// `keep_going` turned false before every unit ran.
    pub fn count_with_stats(
        &self,
        plan: &Plan,
        keep_going: &AtomicBool,
    ) -> Option<(Counts, Stats)> {
        self.count_with_stats_telling(plan, keep_going, &|_| {})
    }

    /// [`Driver::count_with_stats`], calling `on_unit` as each unit
    /// finishes.
    pub fn count_with_stats_telling(
        &self,
        plan: &Plan,
        keep_going: &AtomicBool,
        on_unit: &OnUnit,
    ) -> Option<(Counts, Stats)> {
        let n = plan.size().get();
        let worker = self.worker(plan);
        let (tally, below) = self.install(|| {
            (plan.units().par_iter().enumerate())
                .with_max_len(1)
                .filter(|_| keep_going.load(Ordering::Relaxed))
                .map(|(id, unit)| {
                    let started = Instant::now();
                    let (tally, stats) = worker.tally_with_stats(unit);
                    let seconds = started.elapsed().as_secs_f64();
                    on_unit(UnitDone { id, tally, seconds });
                    (tally, stats)
                })
                .reduce(|| (Tally::default(), Stats::empty(n)), merge)
        });
        if !keep_going.load(Ordering::Relaxed) {
            return None;
        }
        let mut stats = plan.above().clone();
        stats.merge(&below);
        stats.solutions = stats.profile[n];
        Some((plan.counts(tally), stats))
    }

    pub(super) fn install<T: Send>(&self, work: impl FnOnce() -> T + Send) -> T {
        match &self.pool {
            Some(pool) => pool.install(work),
            None => work(),
        }
    }
}

impl Driver {
    /// Runs units on `device` rather than on the CPU's threads (statistics
    /// are still counted on the CPU); if the device is lost mid-run, does
    /// what `on_loss` says.
    pub fn device(mut self, device: Arc<dyn Device>, on_loss: OnLoss) -> Driver {
        self.device = Some(DeviceSlot::new(device, on_loss));
        self
    }

    /// Calls `hook` when its device is lost, with the units of the run
    /// left (to tell the user; the driver itself does no I/O).
    pub fn on_device_lost(mut self, hook: Arc<LossHook>) -> Driver {
        if let Some(slot) = &mut self.device {
            slot.hook = Some(hook);
        }
        self
    }

    /// The name of the device it runs units on, while it has one.
    pub fn device_in_use(&self) -> Option<String> {
        let slot = self.device.as_ref().filter(|slot| slot.lost().is_none())?;
        Some(slot.device.name())
    }

    /// Why its device was lost, if it was.
    pub fn device_lost(&self) -> Option<DeviceLost> {
        self.device.as_ref().and_then(DeviceSlot::lost)
    }
}

fn merge((t1, mut s1): (Tally, Stats), (t2, s2): (Tally, Stats)) -> (Tally, Stats) {
    s1.merge(&s2);
    (t1 + t2, s1)
}

/// A thread pool that could not be started.
#[derive(Debug, thiserror::Error)]
#[error("could not start {threads} worker threads: {reason}")]
pub struct ThreadsError {
    /// The threads asked for.
    pub threads: usize,
    /// What the system said.
    pub reason: String,
}
