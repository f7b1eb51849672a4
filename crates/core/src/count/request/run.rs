//! The one run loop of every count: open the device and the thread pool
//! (open.rs), make the plan, tell the sink, then run every unit not yet
//! done, timed here, reporting each to the sink and stopping when it
//! says so. The command line, the server and Python all call it.

use super::{CountEnd, CountError, CountOutcome, CountSink, CountStart, Devices};
use super::{ResolvedCount, StatsOutcome};
use crate::count::{Driver, Method, OnLoss, OnUnit, Plan, Tally, UnitDone};
use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// A count whose driver and plan are made, ready to run; an estimate
/// samples it and an audit counts a few of its units again.
pub struct StartedCount {
    count: ResolvedCount,
    plan: Plan,
    driver: Driver,
    ids: Vec<usize>,
}

impl ResolvedCount {
    /// Opens the device and the thread pool and makes the plan.
    pub fn start(&self, devices: &Devices) -> Result<StartedCount, CountError> {
        let driver = self.driver(devices)?;
        let plan = Plan::new(self.size(), self.method())?;
        let ids = match self.shard() {
            Some(shard) => plan.shard(shard),
            None => (0..plan.units().len()).collect(),
        };
        Ok(StartedCount {
            count: self.clone(),
            plan,
            driver,
            ids,
        })
    }

    /// Starts the count and runs it through `sink` ([`StartedCount::run`]).
    pub fn run<S: CountSink>(&self, devices: &Devices, sink: &mut S) -> Result<CountEnd, S::Error> {
        self.start(devices)?.run(sink)
    }
}

impl StartedCount {
    /// The plan.
    pub fn plan(&self) -> &Plan {
        &self.plan
    }

    /// The units this count runs: the plan's, or its shard's.
    pub fn ids(&self) -> &[usize] {
        &self.ids
    }

    /// The driver.
    pub fn driver(&self) -> &Driver {
        &self.driver
    }

    /// The settings it runs by.
    pub fn count(&self) -> &ResolvedCount {
        &self.count
    }

    /// Tells `sink` the count starts, then runs every unit but those the
    /// sink says an earlier run finished, timed from the first unit to
    /// the last, each reported to the sink; no more start once it says
    /// stop. A count with statistics runs them all on the CPU's scalar
    /// kernel (and a checkpoint never gives it units done: the request
    /// refuses the two together).
    pub fn run<S: CountSink>(self, sink: &mut S) -> Result<CountEnd, S::Error> {
        let start = CountStart {
            plan: &self.plan,
            ids: &self.ids,
            driver: &self.driver,
        };
        let done = sink.start(&start)?;
        let sink = &*sink;
        // A caller that gave up before the first unit runs none.
        let keep_going = AtomicBool::new(sink.going());
        let on_unit = |unit: UnitDone| {
            if !sink.unit(unit) || !sink.going() {
                keep_going.store(false, Ordering::Relaxed);
            }
        };
        let started = Instant::now();
        let (tally, stats) = match self.count.stats() {
            true => self.run_with_stats(&keep_going, &on_unit, &|| sink.going()),
            false => (self.run_rest(&done, &keep_going, &on_unit), None),
        };
        let seconds = started.elapsed().as_secs_f64();
        let outcome = self.outcome(tally, stats, keep_going.load(Ordering::Relaxed), done.len());
        Ok(CountEnd {
            plan: self.plan,
            ids: self.ids,
            outcome,
            seconds,
        })
    }

    /// What the run did, from its tally and statistics.
    fn outcome(
        &self,
        tally: Tally,
        stats: Option<StatsOutcome>,
        going: bool,
        resumed_units: usize,
    ) -> CountOutcome {
        let lost = self.driver.device_lost();
        let stopped_with_device = lost.is_some() && self.count.on_loss() == OnLoss::Stop;
        let stopped_for_stats = self.count.stats() && stats.is_none();
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
            resumed_units,
        }
    }

    /// Runs only the units `ids` (of this count's), afresh, calling
    /// `on_unit` as each finishes: an audit counts a sample of stored
    /// units again with the count's driver, memory bound included.
    pub fn run_units(&self, ids: &[usize], keep_going: &AtomicBool, on_unit: &OnUnit) -> Tally {
        self.driver.run_while(&self.plan, ids, keep_going, on_unit)
    }

    fn run_rest(&self, done: &[UnitDone], keep_going: &AtomicBool, on_unit: &OnUnit) -> Tally {
        let finished: HashSet<usize> = done.iter().map(|unit| unit.id).collect();
        let rest: Vec<usize> = (self.ids.iter().copied())
            .filter(|id| !finished.contains(id))
            .collect();
        let before: Tally = done.iter().map(|unit| unit.tally).sum();
        before + self.run_units(&rest, keep_going, on_unit)
    }

    /// Every unit with its statistics, and the plain tree's nodes beside
    /// them when the method searches less of it; no statistics when
    /// stopped.
    fn run_with_stats(
        &self,
        keep_going: &AtomicBool,
        on_unit: &OnUnit,
        going: &Going,
    ) -> (Tally, Option<StatsOutcome>) {
        let driver = &self.driver;
        let Some((counts, stats)) =
            driver.count_with_stats_telling(&self.plan, keep_going, on_unit)
        else {
            return (Tally::default(), None);
        };
        let plain = match self.plan.method().uses_symmetry() {
            false => None,
            true => match self.plain_tree_nodes(keep_going, going) {
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
    fn plain_tree_nodes(&self, keep_going: &AtomicBool, going: &Going) -> Option<u128> {
        let plain = Method::without_symmetry();
        let whole = Plan::new(self.plan.size(), plain).expect("the plain tree counts every board");
        let ids: Vec<usize> = (0..whole.units().len()).collect();
        let tally = self.driver.run_while(&whole, &ids, keep_going, &|_| {
            if !going() {
                keep_going.store(false, Ordering::Relaxed);
            }
        });
        keep_going
            .load(Ordering::Relaxed)
            .then(|| whole.counts(tally).nodes)
    }
}

/// Whether a run goes on: the sink's [`CountSink::going`].
type Going<'a> = dyn Fn() -> bool + Sync + 'a;
