//! Estimation: how much work a plan is before it runs. Knuth's estimator
//! (1975) of its nodes is here: a random walk down a search tree that
//! multiplies the branching factors met on the way is, on average, the
//! number of nodes on the path's levels, and the average of many walks
//! estimates the tree's size. How long it takes is sampled (sample.rs),
//! with the machine's own steadiness (speed.rs), into a [`Projection`].

mod clock;
mod projection;
mod sample;
mod speed;
pub(crate) mod walk;

pub use clock::CpuStopwatch;
pub use projection::{NoMargin, Projection, MIN_PIECES};
pub use sample::{project, project_telling, PieceForecast};

use crate::count::{Plan, Unit};

/// The longest sample an estimate takes, in seconds, on every surface.
pub const MAX_SAMPLE_SECONDS: f64 = 3600.0;

/// How long an estimate samples where no length is asked for, in seconds.
pub const SAMPLE_SECONDS: f64 = 3.0;

/// The seed that picks an estimate's samples where none is given (the
/// command line's announcement of a long count samples with it too).
pub const SAMPLE_SEED: u64 = 1;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use walk::random_walk;

/// An estimate of the nodes each unit of `plan` visits (the unit's own
/// node and every queen placed below it), from `walks` random walks per
/// unit, the same every time; none for a plan whose units are no
/// searches (the join). Add [`Plan::nodes_above`] for the whole search.
///
/// ```
/// use nqueens::count::{estimate_nodes, Driver, Method, Plan};
/// use nqueens::BoardSize;
/// let plan = Plan::new(BoardSize::new(12)?, Method::Backtrack)?;
/// let walked = estimate_nodes(&plan, 200).unwrap();
/// let estimate = walked.iter().sum::<f64>() + plan.nodes_above() as f64;
/// let exact = Driver::new().count(&plan, &|_| {}).nodes as f64;
/// assert!((estimate / exact - 1.0).abs() < 0.2, "{estimate} against {exact}");
/// let join = Plan::new(BoardSize::new(12)?, Method::Join)?;
/// assert!(estimate_nodes(&join, 200).is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn estimate_nodes(plan: &Plan, walks: u32) -> Option<Vec<f64>> {
    let n = plan.size().get();
    let searched = |unit: &Unit| unit.start().columns().is_some();
    if !plan.units().iter().all(searched) {
        return None;
    }
    let walks = walks.max(1);
    let estimates = (plan.units().iter()).map(|unit| match plan.rules(unit) {
        Some(rules) => {
            let prefix = unit.start().columns().unwrap_or_default();
            let mut random = Pcg64Mcg::seed_from_u64(unit.id() as u64);
            let mut nodes = 0.0;
            for _ in 0..walks {
                random_walk(&rules, prefix, n, &mut random, |_, odds| nodes += odds);
            }
            nodes / f64::from(walks)
        }
        // A board too small to split: a few dozen nodes at most.
        None => (1u32 << n) as f64,
    });
    Some(estimates.collect())
}
