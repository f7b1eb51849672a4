//! What the searching methods (backtracking and the plain tree) share:
//! units that are searches below a placement of the first rows, under the
//! rules their method gives; their costs, their worker and their sampled
//! pieces. A method gives its prefixes and rules ([`Search`]) and is a
//! [`Way`] through them. A board too small to split is one unit searched
//! whole.

mod pieces;

use pieces::SearchPieces;

use super::way::{Pieces, Sampler, Way, Worker};
use crate::board::Attacks;
use crate::count::kernel::{scalar, Kernel, Scratch};
use crate::count::per_thread::PerThread;
use crate::count::rules::{Rules, ONE_BOARD};
use crate::count::unit::{Unit, UnitStart};
use crate::count::{Plan, Planned, Tally};
use crate::{enumerate, from_fn, BoardSize, Stats};
use std::convert::Infallible;

/// Boards below this size are one unit searched whole: their border rows
/// overlap, and there is nothing worth sharing out.
const SMALLEST_SPLIT: usize = 5;

/// A search method's units: below each placement of the first rows that
/// `prefixes` makes for n, or the whole board below [`SMALLEST_SPLIT`].
fn starts(size: BoardSize, prefixes: impl FnOnce(usize) -> Vec<Vec<u8>>) -> Vec<UnitStart> {
    let n = size.get();
    match n < SMALLEST_SPLIT {
        true => vec![UnitStart::Columns(Box::default())],
        false => (prefixes(n).into_iter())
            .map(|prefix| UnitStart::Columns(prefix.into()))
            .collect(),
    }
}

/// The placements two rows below each unit's prefix (one row on the
/// board's second-last row, where a search has only one row left), under
/// the rules `rules_of` gives.
fn costs(size: BoardSize, starts: &[UnitStart], rules_of: impl Fn(&[u8]) -> Rules) -> Vec<u64> {
    let columns = |start: &UnitStart| start.columns().unwrap_or_default().to_vec();
    (starts.iter().map(columns))
        .map(|prefix| match prefix.is_empty() {
            true => 1,
            false => cost(size.get(), &rules_of(&prefix), &prefix),
        })
        .collect()
}

fn cost(n: usize, rules: &Rules, prefix: &[u8]) -> u64 {
    let row = prefix.len();
    let attacks = Attacks::of(prefix);
    let mut free = attacks.free(rules.allowed[row]);
    if row + 1 >= n {
        return u64::from(free.count_ones()).max(1);
    }
    let mut cost = 0;
    while free != 0 {
        let bit = free & free.wrapping_neg();
        free ^= bit;
        cost += u64::from(attacks.place(bit).free(rules.allowed[row + 1]).count_ones());
    }
    cost.max(1)
}

/// Runs search units on a kernel under the rules of their method (its
/// [`Way`]), each thread in its own scratch.
struct SearchWorker {
    way: &'static dyn Way,
    size: BoardSize,
    kernel: Kernel,
    scratch: PerThread<Scratch>,
}

impl Worker for SearchWorker {
    fn tally(&self, unit: &Unit) -> Tally {
        match self.way.rules(self.size, unit.start()) {
            Some(rules) => {
                let prefix = unit.start().columns().unwrap_or_default();
                (self.scratch).with(|scratch| self.kernel.tally(&rules, prefix, scratch))
            }
            None => whole_board(self.size).0,
        }
    }

    fn tally_with_stats(&self, unit: &Unit) -> (Tally, Stats) {
        let Some(rules) = self.way.rules(self.size, unit.start()) else {
            return whole_board(self.size);
        };
        let mut stats = Stats::empty(self.size.get());
        let prefix = unit.start().columns().unwrap_or_default();
        let tally = scalar::tally(&rules, prefix, &mut stats);
        (tally, stats)
    }
}

/// A board too small to split: every solution, each one board, and the
/// statistics of every node but the root (which the plan counts above
/// its units).
fn whole_board(size: BoardSize) -> (Tally, Stats) {
    let mut found = 0u128;
    let sink = from_fn(|_| {
        found += 1;
        Ok::<_, Infallible>(true)
    });
    let mut stats = Stats::new(size.get());
    let Ok(_) = enumerate::solve_below(size, &[], sink, &mut stats);
    stats.nodes -= 1;
    stats.profile[0] = 0;
    let tally = Tally::new(found * u128::from(ONE_BOARD), stats.nodes);
    (tally, stats)
}

/// A method that searches below a placement of the first rows: what it
/// cuts a board into, what it visits above its units, and the rules
/// below a prefix. Each such method is a [`Way`] through the impl below,
/// which gives it its units, costs, worker and pieces: a new searching
/// method is one file that implements this.
pub(super) trait Search: Sync + 'static {
    /// Its name (see [`Way::name`]).
    fn name(&self) -> &'static str;

    /// What it does, in a few words (see [`Way::summary`]).
    fn summary(&self) -> String;

    /// How it counts (see [`Way::counts_by`]).
    fn counts_by(&self) -> &'static str;

    /// Whether it weighs one board of each class (see
    /// [`Way::uses_symmetry`]).
    fn uses_symmetry(&self) -> bool {
        true
    }

    /// The prefixes of a board of n ≥ [`SMALLEST_SPLIT`], in the plan's
    /// order.
    fn prefixes(&self, n: usize) -> Vec<Vec<u8>>;

    /// The rules of the search below `prefix` (not empty).
    fn rules_below(&self, n: usize, prefix: &[u8]) -> Rules;

    /// What the search visits above the units `starts` (the root and the
    /// shorter prefixes).
    fn visited_above(&self, size: BoardSize, starts: &[UnitStart]) -> Stats;
}

impl<S: Search> Way for S {
    fn name(&self) -> &'static str {
        Search::name(self)
    }

    fn summary(&self) -> String {
        Search::summary(self)
    }

    fn counts_by(&self) -> &'static str {
        Search::counts_by(self)
    }

    fn on_devices(&self) -> bool {
        true
    }

    fn uses_symmetry(&self) -> bool {
        Search::uses_symmetry(self)
    }

    fn starts(&self, size: BoardSize) -> Vec<UnitStart> {
        starts(size, |n| self.prefixes(n))
    }

    fn costs(&self, size: BoardSize, starts: &[UnitStart]) -> (Vec<u64>, Option<Planned>) {
        let costs = costs(size, starts, |prefix| self.rules_below(size.get(), prefix));
        (costs, None)
    }

    fn above(&self, size: BoardSize, starts: &[UnitStart]) -> Stats {
        self.visited_above(size, starts)
    }

    fn rules(&self, size: BoardSize, start: &UnitStart) -> Option<Rules> {
        let prefix = start.columns().filter(|prefix| !prefix.is_empty())?;
        Some(self.rules_below(size.get(), prefix))
    }

    fn worker(
        &'static self,
        size: BoardSize,
        kernel: Kernel,
        threads: usize,
        _room: Option<u64>,
    ) -> Box<dyn Worker> {
        Box::new(SearchWorker {
            way: self,
            size,
            kernel,
            scratch: PerThread::new(threads),
        })
    }

    /// None for a board searched whole.
    fn sampler<'p>(
        &'static self,
        plan: &'p Plan,
        kernel: Kernel,
        _run: (usize, Option<u64>),
    ) -> Option<Box<dyn Sampler + 'p>> {
        self.rules(plan.size(), plan.units().first()?.start())?;
        Some(Box::new(SearchSampler {
            way: self,
            plan,
            kernel,
        }))
    }
}

/// A search plan's pieces: each thread's stream needs nothing shared.
struct SearchSampler<'p> {
    way: &'static dyn Way,
    plan: &'p Plan,
    kernel: Kernel,
}

impl Sampler for SearchSampler<'_> {
    fn pieces(&self, seed: u64) -> Box<dyn Pieces + '_> {
        let (size, units) = (self.plan.size(), self.plan.units());
        Box::new(SearchPieces::new(self.way, size, units, self.kernel, seed))
    }
}
