//! One count, as every front end asks for it: the command line, the web
//! server and the Python module fill a [`CountJob`], prepare it (the
//! method resolved by the one rule, [`Method::resolve`]; the driver and
//! the plan made, or a refusal in the same words everywhere) and run it,
//! and print the one [`CountOutcome`].

use super::device::{Device, LossHook, OnLoss};
use super::{Counts, Driver, Kernel, Method, OnUnit, Plan, Shard, Tally, UnitDone};
use crate::{BoardSize, CountError, DeviceLost, ImpossibleTally, Stats};
use std::collections::HashSet;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// What a user asks of a count.
#[derive(Clone)]
pub struct CountJob {
    /// The board.
    pub size: BoardSize,
    /// The method, or none for the fastest where the count runs.
    pub method: Option<Method>,
    /// Threads, or none for the current pool (one per core by default).
    pub threads: Option<usize>,
    /// The kernel, or none for the best this CPU runs.
    pub kernel: Option<Kernel>,
    /// A device to run the units on, where the method runs on devices.
    pub device: Option<JobDevice>,
    /// Statistics of every node visited, on the scalar kernel.
    pub stats: bool,
    /// Only this shard's units.
    pub shard: Option<Shard>,
    /// The most memory the count may take.
    pub max_memory: Option<MemoryLimit>,
}

/// A device for a count, and what to do if it is lost.
#[derive(Clone)]
pub struct JobDevice {
    /// The device.
    pub device: Arc<dyn Device>,
    /// What the run does when it is lost.
    pub on_loss: OnLoss,
    /// Told when it is lost (the engine itself does no I/O).
    pub tell: Option<Arc<LossHook>>,
}

/// The most memory a count may take, and the name the user knows that
/// limit by (`--max-memory`, half this machine's memory).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MemoryLimit {
    /// Bytes.
    pub bytes: u64,
    /// Where the limit comes from, for the refusal.
    pub named: String,
    /// What the process already holds, counted against `bytes` so that
    /// the limit is the whole process's (the command line's is its peak
    /// resident memory before the count); 0 where it is the count's alone.
    pub held: u64,
}

impl CountJob {
    /// A count of `size` with every choice left to the engine.
    pub fn new(size: BoardSize) -> CountJob {
        CountJob {
            size,
            method: None,
            threads: None,
            kernel: None,
            device: None,
            stats: false,
            shard: None,
            max_memory: None,
        }
    }

    /// Resolves the method, makes the driver and checks the memory before
    /// the plan (which takes seconds for the join's largest boards), then
    /// makes the plan.
    pub fn prepare(self) -> Result<PreparedCount, CountError> {
        let device = self.device.clone().filter(|_| !self.stats);
        let on_device = device.is_some() && self.method.is_none_or(Method::runs_on_devices);
        let mut driver = self.driver()?;
        let method = self.fitting(&driver, on_device || self.stats)?;
        if let Some(choice) = device.filter(|_| method.runs_on_devices()) {
            driver = driver.device(choice.device, choice.on_loss);
            if let Some(tell) = choice.tell {
                driver = driver.on_device_lost(tell);
            }
        }
        let plan = Plan::new(self.size, method)?;
        let ids = match self.shard {
            Some(shard) => plan.shard(shard),
            None => (0..plan.units().len()).collect(),
        };
        Ok(PreparedCount {
            job: self,
            plan,
            driver,
            ids,
        })
    }

    /// The method the count would run by on the CPU, as [`prepare`]
    /// resolves it: what a front end asks before it looks for a device,
    /// which runs only the methods that search.
    ///
    /// [`prepare`]: CountJob::prepare
    pub fn method_on_cpu(&self) -> Result<Method, CountError> {
        self.fitting(&self.driver()?, self.stats)
    }

    /// The driver: its kernel, threads and the memory left to the count.
    fn driver(&self) -> Result<Driver, CountError> {
        let mut driver = Driver::new();
        if let Some(kernel) = self.kernel {
            driver = driver.kernel(kernel)?;
        }
        if let Some(threads) = self.threads {
            driver = driver.threads(threads)?;
        }
        if let Some(limit) = &self.max_memory {
            driver = driver.max_memory(limit.bytes.saturating_sub(limit.held));
        }
        Ok(driver)
    }
}

/// A count ready to run: its method resolved, its driver and plan made.
pub struct PreparedCount {
    job: CountJob,
    plan: Plan,
    driver: Driver,
    ids: Vec<usize>,
}

/// What a count did.
#[derive(Debug, Clone)]
pub struct CountOutcome {
    /// The method it counted by.
    pub method: Method,
    /// The tally of the job's units: those done before and those run.
    pub tally: Tally,
    /// Whether every unit of the job is in the tally (it was not stopped).
    pub complete: bool,
    /// Statistics, when asked for: every node, the plan's units, and the
    /// plain tree's nodes for a method that searches less of it.
    pub stats: Option<(Stats, usize, Option<u128>)>,
    /// The threads it ran on.
    pub threads: usize,
    /// The device that ran units (the one lost, if it was).
    pub device: Option<String>,
    /// Why the device was lost, if it was.
    pub device_lost: Option<DeviceLost>,
    /// The most working memory one thread held, beyond its kernel's.
    pub peak_thread_bytes: u64,
    resumed: bool,
}

impl PreparedCount {
    /// The plan.
    pub fn plan(&self) -> &Plan {
        &self.plan
    }

    /// The units this job runs: the plan's, or its shard's.
    pub fn ids(&self) -> &[usize] {
        &self.ids
    }

    /// The driver.
    pub fn driver(&self) -> &Driver {
        &self.driver
    }

    /// Runs the job's units but those in `done` (finished by an earlier
    /// run), calling `on_unit` as each finishes and starting no more once
    /// `keep_going` turns false.
    pub fn run(
        &self,
        done: &[UnitDone],
        keep_going: &AtomicBool,
        on_unit: &OnUnit,
    ) -> CountOutcome {
        let (tally, stats) = match self.job.stats {
            true => self.run_with_stats(keep_going),
            false => (self.run_rest(done, keep_going, on_unit), None),
        };
        let lost = self.driver.device_lost();
        let stopped_with_device = lost.is_some()
            && (self.job.device.as_ref()).is_some_and(|device| device.on_loss == OnLoss::Stop);
        let going = keep_going.load(std::sync::atomic::Ordering::Relaxed);
        CountOutcome {
            method: self.plan.method(),
            tally,
            complete: going && !stopped_with_device,
            stats,
            threads: self.driver.thread_count(),
            device: (self.driver.device_in_use())
                .or_else(|| lost.as_ref().map(|lost| lost.device.clone())),
            device_lost: lost,
            peak_thread_bytes: self.driver.peak_thread_bytes(),
            resumed: !done.is_empty(),
        }
    }

    /// Runs only the units `ids` (of this job's), afresh, calling
    /// `on_unit` as each finishes: an audit counts a sample of stored
    /// units again with the job's driver, memory bound included.
    pub fn run_units(&self, ids: &[usize], keep_going: &AtomicBool, on_unit: &OnUnit) -> Tally {
        self.driver.run_while(&self.plan, ids, keep_going, on_unit)
    }

    fn run_rest(&self, done: &[UnitDone], keep_going: &AtomicBool, on_unit: &OnUnit) -> Tally {
        let finished: HashSet<usize> = done.iter().map(|unit| unit.id).collect();
        let rest: Vec<usize> = (self.ids.iter().copied())
            .filter(|id| !finished.contains(id))
            .collect();
        let before: Tally = done.iter().map(|unit| unit.tally).sum();
        before
            + self
                .driver
                .run_while(&self.plan, &rest, keep_going, on_unit)
    }

    /// Every unit with its statistics, and the plain tree's nodes beside
    /// them when the method searches less of it.
    fn run_with_stats(
        &self,
        keep_going: &AtomicBool,
    ) -> (Tally, Option<(Stats, usize, Option<u128>)>) {
        let (counts, stats) = self.driver.count_with_stats(&self.plan);
        let plain = (self.plan.method() != Method::PlainTree).then(|| {
            let whole = Plan::new(self.job.size, Method::PlainTree)
                .expect("the plain tree counts every board");
            let ids: Vec<usize> = (0..whole.units().len()).collect();
            whole
                .counts(self.driver.run_while(&whole, &ids, keep_going, &|_| {}))
                .nodes
        });
        // The counts back as the tally of every unit, which `counts` turns
        // into them again: whole boards, without the nodes above the units.
        let thirds = counts.total * u128::from(super::rules::ONE_BOARD);
        let tally = Tally::new(thirds, counts.nodes - self.plan.nodes_above());
        (tally, Some((stats, self.plan.units().len(), plain)))
    }
}

impl CountOutcome {
    /// The board's counts, from a complete run of a whole plan; a tally
    /// that took in units of an earlier run is checked first, and one no
    /// board can have is refused.
    pub fn counts(&self, plan: &Plan) -> Result<Counts, ImpossibleTally> {
        match self.resumed {
            true => plan.checked_counts(self.tally),
            false => Ok(plan.counts(self.tally)),
        }
    }
}
