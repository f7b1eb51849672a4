//! `nqueens count --algorithm A` for the teaching algorithms: every
//! solution found, each checked for being the representative of its
//! class, with a bar that follows the search through the tree when the
//! run is long.

use crate::args::Count;
use crate::estimate::{self, TreePosition};
use crate::progress::{with_progress, Work};
use nqueens::count::NodesKind;
use nqueens::{from_fn, representative_class_size, Counts};
use nqueens_report::schema::{CountReport, StatsReport};
use std::convert::Infallible;
use std::time::Instant;

/// The count's report.
pub fn run(request: &Count) -> CountReport {
    let solver = &request.solver;
    let estimate = (!request.quiet)
        .then(|| estimate::whole_tree(solver))
        .flatten();
    let what = format!("count {} --algorithm {}", solver.size(), solver.algorithm());
    estimate::announce(&what, estimate);
    // The count's own time: what the estimate spent sampling is not in it.
    let started = Instant::now();
    let position = estimate.map(|_| TreePosition::new(solver.size()));
    let mut counts = Counts::default();
    let Ok(stats) = with_progress(Work::Tree, position.is_none(), |meter| {
        solver.enumerate(from_fn(|solution| {
            counts.total += 1;
            counts.unique += u128::from(representative_class_size(solution).is_some());
            if let Some(position) = &position {
                meter.reach(position.of(solution));
            }
            Ok::<_, Infallible>(true)
        }))
    });
    CountReport {
        n: solver.size().get(),
        total: counts.total,
        unique: counts.unique,
        nodes: stats.nodes,
        nodes_kind: NodesKind::SearchTree,
        seconds: started.elapsed().as_secs_f64(),
        threads: 1,
        method: None,
        peak_bytes: nqueens::count::peak_bytes(),
        stats: request.stats.then(|| StatsReport::of_search(stats)),
        device: None,
        device_lost: None,
    }
}
