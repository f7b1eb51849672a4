//! The one driver that runs a plan's units: on a thread pool, with a
//! kernel, reporting each finished unit to a callback. Progress bars,
//! checkpoints and shards are callbacks and unit lists, not features of a
//! method or a kernel.

use super::device::DeviceSlot;
use super::kernel::{scalar, Kernel};
use super::rules::ONE_BOARD;
use super::{join, Counts, Method, Plan, Tally, Unit};
use crate::{enumerate, from_fn, KernelError, Stats, ThreadsError};
use rayon::prelude::*;
use std::convert::Infallible;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// The most threads a driver is asked to run on (`--threads`, Python's
/// `threads=`): past it, a typo would start thousands of threads.
pub const MAX_THREADS: usize = 1024;

/// Called as each unit finishes, from whichever thread ran it.
pub type OnUnit<'a> = dyn Fn(UnitDone) + Sync + 'a;

/// A unit that has just finished.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct UnitDone {
    /// Its id in the plan.
    pub id: usize,
    /// What it found.
    pub tally: Tally,
    /// Seconds its search took, on the thread that ran it.
    pub seconds: f64,
}

/// Runs plans: which kernel, on how many threads.
///
/// ```
/// use nqueens::count::{Driver, Kernel, Method, Plan};
/// use nqueens::BoardSize;
/// let plan = Plan::new(BoardSize::new(10)?, Method::Backtrack);
/// let driver = Driver::new().kernel(Kernel::Scalar)?.threads(2)?;
/// let counts = driver.count(&plan, &|_done| {});
/// assert_eq!((counts.total, counts.unique), (724, 92));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Driver {
    kernel: Kernel,
    pool: Option<Arc<rayon::ThreadPool>>,
    /// The most working memory one of its threads has held (the join's
    /// lists grow with the units; the searches' scratch is fixed).
    peak: Arc<AtomicU64>,
    /// A device that runs the units instead of the CPU's threads.
    pub(super) device: Option<DeviceSlot>,
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
            peak: Arc::new(AtomicU64::new(0)),
            device: None,
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
        self.pool
            .as_ref()
            .map_or_else(rayon::current_num_threads, |pool| {
                pool.current_num_threads()
            })
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
    /// units reported.
    pub fn run_while(
        &self,
        plan: &Plan,
        ids: &[usize],
        keep_going: &AtomicBool,
        on_unit: &OnUnit,
    ) -> Tally {
        match &self.device {
            Some(slot) if slot.lost().is_none() => slot.run(self, plan, ids, keep_going, on_unit),
            _ => self.run_on_cpu(plan, ids, keep_going, on_unit),
        }
    }

    /// [`Driver::run_while`] on the CPU's threads.
    pub(super) fn run_on_cpu(
        &self,
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
                    let tally = self.tally(plan, &plan.units()[id]);
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
    /// scalar kernel (the only one with probe points).
    pub fn count_with_stats(&self, plan: &Plan) -> (Counts, Stats) {
        let n = plan.size().get();
        let (tally, below) = self.install(|| {
            plan.units()
                .par_iter()
                .with_max_len(1)
                .map(|unit| probed(plan, unit))
                .reduce(|| (Tally::default(), no_nodes(n)), merge)
        });
        let mut stats = plan.above().clone();
        stats.merge(&below);
        stats.solutions = stats.profile[n];
        (plan.counts(tally), stats)
    }

    fn install<T: Send>(&self, work: impl FnOnce() -> T + Send) -> T {
        match &self.pool {
            Some(pool) => pool.install(work),
            None => work(),
        }
    }

    /// One unit's tally, on the calling thread.
    pub(super) fn tally(&self, plan: &Plan, unit: &Unit) -> Tally {
        if plan.method() == Method::Join {
            let rows = join::rows_of(unit.prefix());
            return join::tally(plan.size().get(), rows, self.kernel, &self.peak);
        }
        match plan.rules(unit) {
            Some(rules) => self.kernel.tally(&rules, unit.prefix()),
            None => whole_board(plan).0,
        }
    }
}

/// One unit on the scalar kernel, with its statistics.
fn probed(plan: &Plan, unit: &Unit) -> (Tally, Stats) {
    if plan.method() == Method::Join {
        // No tree: only the placements built, as nodes.
        let rows = join::rows_of(unit.prefix());
        let tally = join::tally(plan.size().get(), rows, Kernel::Scalar, &AtomicU64::new(0));
        let mut stats = no_nodes(plan.size().get());
        stats.nodes = tally.nodes();
        return (tally, stats);
    }
    let Some(rules) = plan.rules(unit) else {
        return whole_board(plan);
    };
    let mut stats = no_nodes(plan.size().get());
    let tally = scalar::tally(&rules, unit.prefix(), &mut stats);
    (tally, stats)
}

fn merge((t1, mut s1): (Tally, Stats), (t2, s2): (Tally, Stats)) -> (Tally, Stats) {
    s1.merge(&s2);
    (t1 + t2, s1)
}

/// A board too small to split: every solution, each one board, and the
/// statistics of every node but the root (which the plan counts above
/// its units).
fn whole_board(plan: &Plan) -> (Tally, Stats) {
    let mut found = 0u128;
    let sink = from_fn(|_| {
        found += 1;
        Ok::<_, Infallible>(true)
    });
    let mut stats = Stats::new(plan.size().get());
    let Ok(_) = enumerate::solve_below(plan.size(), &[], sink, &mut stats);
    stats.nodes -= 1;
    stats.profile[0] = 0;
    (
        Tally::new(found * u128::from(ONE_BOARD), stats.nodes),
        stats,
    )
}

/// Statistics with no node at all, to add searches to.
fn no_nodes(n: usize) -> Stats {
    let mut stats = Stats::new(n);
    stats.nodes = 0;
    stats.profile[0] = 0;
    stats
}
