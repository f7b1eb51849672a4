//! `nqueens count --algorithm A` for the teaching algorithms: the
//! engine's enumerating count (every solution found, each checked for
//! being the representative of its class), with a bar that follows the
//! search through the tree when the run is long.

use crate::estimate::{self, TreePosition};
use crate::progress::{with_progress, Work};
use nqueens::count::enumerate_count;
use nqueens::{from_fn, Solver};
use nqueens_report::schema::CountReport;
use std::convert::Infallible;

/// The count's report, with the search's statistics where `stats`.
pub fn run(solver: &Solver, stats: bool, quiet: bool) -> CountReport {
    let estimate = (!quiet).then(|| estimate::whole_tree(solver)).flatten();
    let what = format!("count {} --algorithm {}", solver.size(), solver.algorithm());
    estimate::announce(&what, estimate);
    let position = estimate.map(|_| TreePosition::new(solver.size()));
    let Ok(counted) = with_progress(Work::Tree, position.is_none(), |meter| {
        enumerate_count(
            solver,
            from_fn(|solution| {
                if let Some(position) = &position {
                    meter.reach(position.of(solution));
                }
                Ok::<_, Infallible>(true)
            }),
        )
    });
    CountReport::enumerated(solver.size().get(), counted, stats)
}
