//! Where a count's run reports, as ripgrep's searcher reports to its
//! sink: the surfaces' progress bars, checkpoints, records and stops are
//! a [`CountSink`]; the run loop itself is one, in core (run.rs).

use crate::count::{Driver, Plan, UnitDone};

/// What a run has made before its first unit: the plan, the units this
/// run counts, and the driver (its threads and device).
pub struct CountStart<'a> {
    /// The plan.
    pub plan: &'a Plan,
    /// The units this run counts: the plan's, or its shard's.
    pub ids: &'a [usize],
    /// The driver that runs them.
    pub driver: &'a Driver,
}

/// Told of a count's run as it goes. Its hooks are called from the
/// run's worker threads, hence `Sync` and `&self` past the start.
pub trait CountSink: Sync {
    /// Why a sink stops a run (a checkpoint that cannot be used); a
    /// count's own refusal converts into it.
    type Error: From<super::CountError>;

    /// The plan is made and nothing has run yet: the units an earlier run
    /// finished (a checkpoint's), which this run skips; none by default.
    fn start(&mut self, start: &CountStart<'_>) -> Result<Vec<UnitDone>, Self::Error> {
        let _ = start;
        Ok(Vec::new())
    }

    /// A unit finished: whether the run goes on (false starts no more
    /// units: the results can no longer be kept, or nobody waits).
    fn unit(&self, done: UnitDone) -> bool {
        let _ = done;
        true
    }

    /// Whether the run goes on, asked as each unit finishes, also where
    /// no unit of the plan is reported (the plain tree counted beside a
    /// count's statistics): false when the caller gave up.
    fn going(&self) -> bool {
        true
    }
}

/// A sink that hears nothing: the run counts to its end.
#[derive(Debug, Default, Clone, Copy)]
pub struct Quiet;

impl CountSink for Quiet {
    type Error = super::CountError;
}
