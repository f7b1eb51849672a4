//! What a run of a count did ([`CountOutcome`]), how it ended
//! ([`CountEnd`]: its plan, units and time), and the summary of a whole
//! board's count ([`CountSummary`]): what every front end reports.

use super::peak_bytes;
use crate::count::{Counts, Method, Plan, Tally};
use crate::{DeviceLost, ImpossibleTally, Stats};

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
    /// The tally of the run's units: those done before and those run.
    pub tally: Tally,
    /// Whether every unit of the run is in the tally (it was not stopped).
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
    /// The units an earlier run finished, taken into the tally.
    pub resumed_units: usize,
}

/// How a run ended: what it did, on which plan and units, in how long.
#[derive(Debug)]
pub struct CountEnd {
    /// The plan.
    pub plan: Plan,
    /// The units of the run: the plan's, or its shard's.
    pub ids: Vec<usize>,
    /// What the run did.
    pub outcome: CountOutcome,
    /// Wall-clock seconds from the first unit started to the last
    /// finished: the plan's making, the device's opening and the sink's
    /// start (a checkpoint read, an estimate announced) are not in it, on
    /// every surface alike.
    pub seconds: f64,
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
    /// Wall-clock seconds, as [`CountEnd::seconds`].
    pub seconds: f64,
    /// The most memory the process has held (Linux).
    pub peak_bytes: Option<u64>,
}

impl CountEnd {
    /// The summary of a complete run of a whole plan: its counts, checked
    /// where the tally took in units of an earlier run (one no board can
    /// have is refused).
    pub fn summary(self) -> Result<CountSummary, ImpossibleTally> {
        Ok(CountSummary {
            n: self.plan.size().get(),
            counts: self.outcome.counts(&self.plan)?,
            outcome: self.outcome,
            seconds: self.seconds,
            peak_bytes: peak_bytes(),
        })
    }
}

impl CountOutcome {
    /// The board's counts, from a complete run of a whole plan; a tally
    /// that took in units of an earlier run is checked first, and one no
    /// board can have is refused.
    pub fn counts(&self, plan: &Plan) -> Result<Counts, ImpossibleTally> {
        match self.resumed_units > 0 {
            true => plan.checked_counts(self.tally),
            false => Ok(plan.counts(self.tally)),
        }
    }
}
