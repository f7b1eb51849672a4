//! Counting total and unique solutions with the full 8-fold symmetry: about
//! one board of each class is searched for (see [`crate::Subproblem`] for
//! which), and the subproblems run in parallel on rayon's thread pool.
//!
//! Counts are `u128`: no board up to 32×32 has more than 32! < 2^118
//! solutions, so a sum of them cannot overflow.

use crate::burnside::unique_from_total;
use crate::canonical::Search;
use crate::engine::{Bitmask, Engine};
use crate::probe::Probe;
use crate::subproblem::{Rules, SMALLEST_SPLIT};
use crate::{from_fn, subproblems, BoardSize, Stats, Subproblem, MAX_N};
use rayon::prelude::*;
use std::convert::Infallible;
use std::ops::Add;

/// What a set of subproblems found: solutions, in thirds of a board (a
/// board found may stand for 8, 4, 8/3 or 2 boards of its class), and the
/// search nodes visited. Tallies of disjoint sets of subproblems add up.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    /// Solutions found, weighted, times 3.
    pub thirds: u128,
    /// Search nodes visited: queens placed below the subproblems' prefixes,
    /// each prefix counted once.
    pub nodes: u128,
}

impl Add for Tally {
    type Output = Tally;

    fn add(self, other: Tally) -> Tally {
        Tally {
            thirds: self.thirds + other.thirds,
            nodes: self.nodes + other.nodes,
        }
    }
}

/// The counts of a whole board.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    /// All solutions (OEIS A000170).
    pub total: u128,
    /// Solutions up to rotation and reflection (OEIS A002562).
    pub unique: u128,
    /// Search nodes visited.
    pub nodes: u128,
}

impl Counts {
    /// The counts of the board from the tally of all its subproblems (the
    /// unique count by Burnside's lemma: see the `burnside` module).
    pub fn from_tally(size: BoardSize, tally: Tally) -> Counts {
        debug_assert_eq!(
            tally.thirds % 3,
            0,
            "the weights must add up to whole boards"
        );
        let total = tally.thirds / 3;
        Counts {
            total,
            unique: unique_from_total(size.get(), total),
            nodes: tally.nodes,
        }
    }
}

/// Counts total and unique solutions on all threads of the current rayon
/// pool (by default one per core).
///
/// ```
/// use nqueens::{count_unique, BoardSize};
/// let counts = count_unique(BoardSize::new(8)?);
/// assert_eq!((counts.total, counts.unique), (92, 12));
/// # Ok::<(), nqueens::SizeError>(())
/// ```
pub fn count_unique(size: BoardSize) -> Counts {
    let list = subproblems(size);
    let mut tally = count_subproblems(size, &list, &|| {});
    tally.nodes += prefix_nodes(&list);
    Counts::from_tally(size, tally)
}

/// The nodes above a whole list of subproblems: the root and each distinct
/// shorter prefix once (a subproblem's own prefix is counted with it).
pub fn prefix_nodes(list: &[Subproblem]) -> u128 {
    1 + shorter_prefixes(list).iter().sum::<u128>()
}

/// For each depth 1, 2, ... below the subproblems' prefix length, how many
/// distinct prefixes of that length the list has (it is sorted by prefix).
fn shorter_prefixes(list: &[Subproblem]) -> Vec<u128> {
    let depth = list.first().map_or(0, |s| s.prefix.len());
    (1..depth)
        .map(|shorter| {
            let mut heads: Vec<&[u8]> = list.iter().map(|s| &s.prefix[..shorter]).collect();
            heads.dedup();
            heads.len() as u128
        })
        .collect()
}

/// Counts the given subproblems of the board in parallel, calling
/// `on_done` as each one finishes (from whichever thread ran it).
pub fn count_subproblems(
    size: BoardSize,
    list: &[Subproblem],
    on_done: &(dyn Fn() + Sync),
) -> Tally {
    // One task per subproblem: their sizes differ by orders of magnitude,
    // so the threads must be able to steal them one at a time.
    list.par_iter()
        .with_max_len(1)
        .map(|subproblem| {
            let tally = subproblem.tally(size);
            on_done();
            tally
        })
        .reduce(Tally::default, Tally::add)
}

impl Subproblem {
    /// Counts this subproblem's share of the board's solutions.
    pub fn tally(&self, size: BoardSize) -> Tally {
        self.tally_probed(size, &mut ())
    }

    pub(crate) fn tally_probed<P: Probe>(&self, size: BoardSize, probe: &mut P) -> Tally {
        let n = size.get();
        if n < SMALLEST_SPLIT || self.prefix.is_empty() {
            return whole_board(size).0;
        }
        let rules = Rules::new(n, &self.prefix);
        #[cfg(target_arch = "x86_64")]
        if !P::RECORDS && crate::wave::available() {
            return crate::wave::tally(&rules, &self.prefix);
        }
        let mut search = Search {
            rules: &rules,
            columns: [0; MAX_N],
            placed: [0; MAX_N],
            tally: Tally {
                nodes: 1,
                ..Tally::default()
            },
            probe,
        };
        search.columns[..self.prefix.len()].copy_from_slice(&self.prefix);
        search.run(self.prefix.len());
        search.tally
    }
}

/// [`count_unique`] with the statistics of what was visited: the root and
/// the prefix rows' nodes once each, and every node below them.
pub fn count_unique_with_stats(size: BoardSize) -> (Counts, Stats) {
    let n = size.get();
    let list = subproblems(size);
    if n < SMALLEST_SPLIT {
        let (mut found, stats) = whole_board(size);
        found.nodes = stats.nodes; // with the root, as for larger boards
        return (Counts::from_tally(size, found), stats);
    }
    let (mut tally, mut stats) = list
        .par_iter()
        .map(|subproblem| {
            let mut stats = empty_stats(n);
            (subproblem.tally_probed(size, &mut stats), stats)
        })
        .reduce(
            || (Tally::default(), empty_stats(n)),
            |(t1, mut s1), (t2, s2)| {
                s1.merge(&s2);
                (t1 + t2, s1)
            },
        );
    stats.merge(&Stats::new(n));
    stats.solutions = stats.profile[n];
    // The prefixes' own rows: each distinct partial prefix once.
    for (depth, heads) in shorter_prefixes(&list).into_iter().enumerate() {
        stats.placed(depth + 1, heads as u32);
    }
    tally.nodes = stats.nodes;
    (Counts::from_tally(size, tally), stats)
}

/// Boards below 5×5: every solution, each counted whole, and what the
/// search visited.
fn whole_board(size: BoardSize) -> (Tally, Stats) {
    let mut tally = Tally::default();
    let sink = from_fn(|_| {
        tally.thirds += 3;
        Ok::<_, Infallible>(true)
    });
    let Ok(stats) = (Bitmask { symmetry: false }).enumerate(size, sink);
    tally.nodes = stats.nodes - 1;
    (tally, stats)
}

/// Statistics with no node at all, to add searches to.
fn empty_stats(n: usize) -> Stats {
    let mut stats = Stats::new(n);
    stats.nodes = 0;
    stats.profile[0] = 0;
    stats
}
