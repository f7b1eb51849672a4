//! Time estimates for runs that would take long, said on stderr before
//! they start. A count by plan is projected by the engine's sampler, as
//! `nqueens estimate` projects it; a teaching algorithm's search from the
//! search tree's node profile (Knuth's random-walk estimate, or the exact
//! count of nodes up to the K-th solution) at the cost of a node measured
//! by a short run on a small board.

use nqueens::count::{CpuStopwatch, Driver, Method, Plan, SAMPLE_SEED};
use nqueens::{enumerate, Algorithm, BoardSize, Solution, Solver};
use std::io::{self, Write};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// Runs estimated to take longer than this are announced.
const SAY_AFTER: f64 = 10.0;

/// Boards this small finish in well under a second with any algorithm
/// but brute force: they are not estimated.
const SMALL_TEACHING: usize = 11;

/// The same for the bitmask counts (n = 17 takes about a second on two
/// cores), which are then not slowed by a calibration run either.
const SMALL_COUNT: usize = 17;

/// A calibration run lasts at least this long, so that its cost per node
/// is not mostly start-up.
const CALIBRATION: Duration = Duration::from_millis(30);

/// How long a count by plan is sampled to say what it takes.
const ANNOUNCE_SAMPLE: Duration = Duration::from_millis(300);

/// A count by plan is first glanced at this long: one the glance shows to
/// be short (under half of [`SAY_AFTER`]) is not sampled longer. Sampled
/// 0.3 s, `count 18 --method join --threads 1` took 2.4 s against 2.0 s
/// with `--quiet`.
const GLANCE: Duration = Duration::from_millis(30);

/// Seconds a run is expected to take, and whether that is only a floor.
#[derive(Debug, Clone, Copy)]
pub struct Estimate {
    pub seconds: f64,
    pub at_least: bool,
}

impl Estimate {
    /// "about 2 h 10 min", "more than 3 min".
    pub fn describe(&self) -> String {
        let lead = if self.at_least { "more than" } else { "about" };
        format!("{lead} {}", duration(self.seconds))
    }
}

/// The whole search of a teaching algorithm, on one thread.
pub fn whole_tree(solver: &Solver) -> Option<Estimate> {
    if is_small(solver) {
        return None;
    }
    let seconds = solver.estimate_nodes() * seconds_per_node(solver.algorithm());
    Some(Estimate {
        seconds,
        at_least: false,
    })
}

/// A search that stops at the `limit`-th solution: the bitmask search
/// counts the nodes before it (the same tree, the same order) for up to
/// about a second, and the rest is a floor.
pub fn until(solver: &Solver, limit: u64) -> Option<Estimate> {
    if is_small(solver) {
        return None;
    }
    let per_node = seconds_per_node(solver.algorithm());
    let budget = 300_000_000u128;
    match enumerate::nodes_before(solver.size(), u128::from(limit), budget) {
        Some(nodes) => Some(Estimate {
            seconds: nodes as f64 * per_node,
            at_least: false,
        }),
        None => Some(Estimate {
            seconds: (budget as f64).min(solver.estimate_nodes()) * per_node,
            at_least: true,
        }),
    }
}

/// Boards a teaching algorithm searches in well under a second.
fn is_small(solver: &Solver) -> bool {
    solver.size().get() <= SMALL_TEACHING && solver.algorithm() != Algorithm::Permutations
}

/// A count by plan on the CPU: its one-core time projected from a sample
/// of its work, by the sampler `nqueens estimate` uses (the same pieces
/// for the same seed), over the driver's threads.
pub fn plan(driver: &Driver, plan: &Plan) -> Option<Estimate> {
    if plan.size().get() <= SMALL_COUNT {
        return None;
    }
    let keep_going = AtomicBool::new(true);
    let on_the_threads = |budget| {
        let projection = nqueens::count::project(driver, plan, budget, SAMPLE_SEED, &keep_going);
        projection.seconds / driver.thread_count() as f64
    };
    let glance = on_the_threads(GLANCE);
    let seconds = match glance < SAY_AFTER / 2.0 {
        true => glance,
        false => on_the_threads(ANNOUNCE_SAMPLE),
    };
    Some(Estimate {
        seconds,
        at_least: false,
    })
}

/// Says on stderr what `what` will take, when that is long; `--quiet`
/// callers do not ask.
pub fn announce(what: &str, estimate: Option<Estimate>) {
    if let Some(estimate) = estimate.filter(|e| e.seconds > SAY_AFTER) {
        let _ = writeln!(
            io::stderr().lock(),
            "nqueens: {what} will take {} on this machine (projected from the CPU time of a sample of its work, as `nqueens estimate` does)",
            estimate.describe()
        );
    }
}

/// Where in the whole tree the search is once it has found `solution`,
/// in thousandths: the estimated share of the units of the plain tree
/// that come before it in lexicographic order.
pub struct TreePosition {
    prefixes: Vec<Vec<u32>>,
    thousandths_before: Vec<u64>,
}

impl TreePosition {
    pub fn new(size: BoardSize) -> TreePosition {
        let plan = Plan::new(size, Method::PlainTree).expect("the plain tree counts every board");
        let nodes = nqueens::count::estimate_nodes(&plan, 16).unwrap_or_default();
        let total: f64 = nodes.iter().sum::<f64>().max(1.0);
        let mut before = 0.0;
        let thousandths_before = nodes
            .iter()
            .map(|&unit| {
                let share = (before / total * 1000.0) as u64;
                before += unit;
                share
            })
            .collect();
        let prefixes = plan
            .units()
            .iter()
            .map(|u| u.start().key().into_iter().map(u32::from).collect())
            .collect();
        TreePosition {
            prefixes,
            thousandths_before,
        }
    }

    /// Thousandths of the tree searched before `solution`'s unit.
    pub fn of(&self, solution: &Solution) -> u64 {
        let columns = solution.columns();
        let index = self
            .prefixes
            .partition_point(|prefix| prefix.as_slice() <= columns)
            .saturating_sub(1);
        self.thousandths_before.get(index).copied().unwrap_or(0)
    }
}

/// The cost of one node of `algorithm`'s search, measured on the smallest
/// board from 7×7 up whose search takes [`CALIBRATION`].
fn seconds_per_node(algorithm: Algorithm) -> f64 {
    calibrate(7, nqueens::algorithm::PERMUTATIONS_MAX_N, |n| {
        let solver = algorithm.on(BoardSize::new(n).ok()?).ok()?;
        Some(solver.count().nodes)
    })
}

/// Seconds per node of `run` (which returns the nodes it visited) on the
/// first board from `smallest` up to `largest` that takes
/// [`CALIBRATION`] of this thread's CPU time: the machine's load does not
/// inflate it (a load-inflated cost once had `compare 11` skip a run of
/// 5 s as "about 1 min").
fn calibrate(smallest: usize, largest: usize, run: impl Fn(usize) -> Option<u128>) -> f64 {
    for n in smallest..=largest.max(smallest) {
        let started = CpuStopwatch::start();
        let Some(nodes) = run(n) else { break };
        let spent = started.elapsed();
        if spent >= CALIBRATION || n == largest {
            return spent.as_secs_f64() / nodes.max(1) as f64;
        }
    }
    0.0
}

/// "about 12 min", or "under a second".
pub fn about(seconds: f64) -> String {
    match seconds < 1.0 {
        true => "under a second".into(),
        false => format!("about {}", duration(seconds)),
    }
}

/// A duration for people: "45 s", "12 min", "2 h 10 min", "3.5 days",
/// "4.2 years".
pub fn duration(seconds: f64) -> String {
    const MINUTE: f64 = 60.0;
    const DAY: f64 = 86400.0;
    const YEAR: f64 = 365.25 * DAY;
    match seconds {
        s if s < 1.0 => "under a second".into(),
        // Rounded first, so that 59.6 s is "1 min", never "60 s".
        s if s.round() < MINUTE => format!("{s:.0} s"),
        s if (s / MINUTE).round() < 60.0 => format!("{:.0} min", s / MINUTE),
        s if (s / MINUTE).round() < 24.0 * 60.0 => {
            let minutes = (s / MINUTE).round();
            format!(
                "{:.0} h {:.0} min",
                (minutes / 60.0).floor(),
                minutes % 60.0
            )
        }
        s if s < YEAR => format!("{:.1} days", s / DAY),
        s if s < 1000.0 * YEAR => format!("{:.1} years", s / YEAR),
        s => format!("{:.1e} years", s / YEAR),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_as_people_say_them() {
        assert_eq!(duration(45.2), "45 s");
        assert_eq!(duration(12.0 * 60.0), "12 min");
        assert_eq!(duration(2.0 * 3600.0 + 600.0), "2 h 10 min");
        assert_eq!(duration(3.5 * 86400.0), "3.5 days");
        assert_eq!(duration(1e12), "3.2e4 years");
        assert_eq!(duration(2.3676e8), "7.5 years");
        // Rounding never says 60 of a unit.
        assert_eq!(duration(59.6), "1 min");
        assert_eq!(duration(3599.0), "1 h 0 min");
        assert_eq!(duration(7199.0), "2 h 0 min");
        assert_eq!(duration(86_399.0), "1.0 days");
    }
}
