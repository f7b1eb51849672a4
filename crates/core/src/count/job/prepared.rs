//! A count ready to run, what a run of it did ([`CountOutcome`]), and its
//! summary ([`CountSummary`]): what every front end reports.

use super::{peak_bytes, CountJob};
use crate::count::DeviceLost;
use crate::count::{Counts, Driver, Method, OnLoss, OnUnit, Plan, Tally, UnitDone};
use crate::{ImpossibleTally, Stats};
use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};

/// A count ready to run: its method resolved, its driver and plan made.
pub struct PreparedCount {
    job: CountJob,
    plan: Plan,
    driver: Driver,
    ids: Vec<usize>,
}

/// The statistics of a count that reported them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatsOutcome {
    /// Every node visited, with its profile by depth.
    pub stats: Stats,
    /// The plan's units.
    pub units: usize,
    /// The plain tree's nodes, for a method that searches less of it.
    pub plain_tree_nodes: Option<u128>,
}

/// What a run of a count did.
#[derive(Debug, Clone)]
pub struct CountOutcome {
    /// The method it counted by.
    pub method: Method,
    /// The tally of the job's units: those done before and those run.
    pub tally: Tally,
    /// Whether every unit of the job is in the tally (it was not stopped).
    pub complete: bool,
    /// Statistics, when asked for.
    pub stats: Option<StatsOutcome>,
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

/// A finished count of a whole board, as every front end reports it.
#[derive(Debug, Clone)]
pub struct CountSummary {
    /// The board size.
    pub n: usize,
    /// Its counts, checked where the tally took in an earlier run's.
    pub counts: Counts,
    /// How the run went.
    pub outcome: CountOutcome,
    /// Wall-clock seconds, as the front end timed it.
    pub seconds: f64,
    /// The most memory the process has held (Linux).
    pub peak_bytes: Option<u64>,
}

impl PreparedCount {
    pub(super) fn new(job: CountJob, plan: Plan, driver: Driver, ids: Vec<usize>) -> Self {
        PreparedCount {
            job,
            plan,
            driver,
            ids,
        }
    }

    /// The plan.
    pub fn plan(&self) -> &Plan {
        &self.plan
    }

    /// The units this job runs: the plan's, or its shard's.
    pub fn ids(&self) -> &[usize] {
        &self.ids
    }

    /// Whether it counts the whole board (not a shard of it).
    pub fn whole(&self) -> bool {
        self.job.shard.is_none()
    }

    /// The driver.
    pub fn driver(&self) -> &Driver {
        &self.driver
    }

    /// Runs the job's units but those in `done` (finished by an earlier
    /// run, which a count with statistics never has: the job refuses
    /// them with a checkpoint), calling `on_unit` as each finishes and
    /// starting no more once `keep_going` turns false.
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
        let stopped_with_device = lost.is_some() && self.job.on_loss() == OnLoss::Stop;
        let stopped_for_stats = self.job.stats && stats.is_none();
        let going = keep_going.load(Ordering::Relaxed);
        CountOutcome {
            method: self.plan.method(),
            tally,
            complete: going && !stopped_with_device && !stopped_for_stats,
            stats,
            threads: self.driver.thread_count(),
            device: (self.driver.device_in_use())
                .or_else(|| lost.as_ref().map(|lost| lost.device.clone())),
            device_lost: lost,
            peak_thread_bytes: self.driver.peak_thread_bytes(),
            resumed: !done.is_empty(),
        }
    }

    /// The summary of a complete run of the whole plan, timed at
    /// `seconds`: its counts (checked where the tally took in units of an
    /// earlier run; one no board can have is refused).
    pub fn report(
        &self,
        outcome: CountOutcome,
        seconds: f64,
    ) -> Result<CountSummary, ImpossibleTally> {
        Ok(CountSummary {
            n: self.plan.size().get(),
            counts: outcome.counts(&self.plan)?,
            outcome,
            seconds,
            peak_bytes: peak_bytes(),
        })
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
    /// them when the method searches less of it; no statistics when
    /// stopped.
    fn run_with_stats(&self, keep_going: &AtomicBool) -> (Tally, Option<StatsOutcome>) {
        let Some((counts, stats)) = self.driver.count_with_stats(&self.plan, keep_going) else {
            return (Tally::default(), None);
        };
        let plain = match self.plan.method() {
            Method::PlainTree => None,
            _ => match self.plain_tree_nodes(keep_going) {
                Some(nodes) => Some(nodes),
                None => return (Tally::default(), None),
            },
        };
        // The counts back as the tally of every unit, which `counts` turns
        // into them again: whole boards, without the nodes above the units.
        let thirds = counts.total * u128::from(crate::count::rules::ONE_BOARD);
        let tally = Tally::new(thirds, counts.nodes - self.plan.nodes_above());
        let units = self.plan.units().len();
        let stats = StatsOutcome {
            stats,
            units,
            plain_tree_nodes: plain,
        };
        (tally, Some(stats))
    }

    /// The nodes of the plain tree of the board; none when stopped.
    fn plain_tree_nodes(&self, keep_going: &AtomicBool) -> Option<u128> {
        let whole =
            Plan::new(self.job.size, Method::PlainTree).expect("the plain tree counts every board");
        let ids: Vec<usize> = (0..whole.units().len()).collect();
        let tally = self.driver.run_while(&whole, &ids, keep_going, &|_| {});
        keep_going
            .load(Ordering::Relaxed)
            .then(|| whole.counts(tally).nodes)
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
