//! How long a plan takes on one core, before running it: a random,
//! reproducible sample of its work is timed and scaled up.
//!
//! A *piece* is the search below one node a few rows under a unit's
//! prefix, reached by a random walk from a unit picked at random. Its time
//! times the inverse of the chance of picking it (the units, times the
//! branching factors on the way down) is an unbiased estimate of the whole
//! plan's time; the mean of many gives the projection, and their spread
//! its error bar. Pieces are cut deep enough to take a millisecond or so,
//! so that a few seconds time thousands of them even for n = 28.

use super::projection::{Projection, MIN_PIECES};
use super::rules::Rules;
use super::{Driver, Method, Plan};
use crate::board::Attacks;
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;
use std::time::{Duration, Instant};

/// The nodes a piece should have on average: about a millisecond's search.
const PIECE_NODES: f64 = 5e5;

/// Walks that measure the tree's profile, to choose how deep pieces are.
const PROFILE_WALKS: u32 = 4000;

/// Above this size, the count of the boards that turns leave unchanged
/// (for the unique count, once per plan) is not timed: it takes minutes
/// from n = 24, still a vanishing share of the count.
const TIMED_FIXED_POINTS_MAX_N: usize = 20;

impl Driver {
    /// Times random pieces of `plan` on the calling thread for about
    /// `budget` and projects the whole plan's one-core time; `seed` picks
    /// the pieces, so the same seed times the same pieces.
    pub fn project(&self, plan: &Plan, budget: Duration, seed: u64) -> Projection {
        if plan.method() == Method::Join {
            return self.project_by_units(plan, budget, seed);
        }
        if plan.rules(&plan.units()[0]).is_none() {
            let started = Instant::now();
            std::hint::black_box(self.count(plan, &|_| {}));
            return Projection::whole(started.elapsed().as_secs_f64());
        }
        let mut pieces_of = Pieces::new(plan, seed);
        let piece_rows = pieces_of.rows;
        sample(plan, budget, piece_rows, || {
            let (piece, weight) = pieces_of.next_piece();
            let seconds = piece.map_or(0.0, |(rules, prefix)| {
                let started = Instant::now();
                std::hint::black_box(self.kernel_in_use().tally(&rules, &prefix));
                started.elapsed().as_secs_f64()
            });
            seconds * weight
        })
    }
}

/// Draws estimates of the plan's one-core time from `next` for about
/// `budget` (at least one, and [`MIN_PIECES`] when that takes at most
/// four times the budget), and projects their mean with its 95% error bar.
fn sample(
    plan: &Plan,
    budget: Duration,
    piece_rows: usize,
    mut next: impl FnMut() -> f64,
) -> Projection {
    let (mut mean, mut squares, mut pieces) = (0.0, 0.0, 0u64);
    let started = Instant::now();
    let more = |pieces: u64, elapsed: Duration| {
        pieces == 0 || pieces < MIN_PIECES && elapsed < budget * 4 || elapsed < budget
    };
    while more(pieces, started.elapsed()) {
        let estimate = next();
        // Welford's running mean and sum of squared deviations.
        pieces += 1;
        let delta = estimate - mean;
        mean += delta / pieces as f64;
        squares += delta * (estimate - mean);
    }
    let elapsed = started.elapsed();
    let extra = fixed_points_seconds(plan);
    Projection::of_sample((mean, squares, pieces), elapsed, piece_rows, extra)
}

impl Driver {
    /// [`Driver::project`] for a plan whose units are not searches (the
    /// join): whole units are the pieces, each picked with a chance in
    /// proportion to its cost and weighed by the inverse of that chance.
    /// Each is run once before it is timed: in a count, the quadrant
    /// placements a unit needs are mostly built already by its neighbours,
    /// which a random unit has not run.
    fn project_by_units(&self, plan: &Plan, budget: Duration, seed: u64) -> Projection {
        let mut random = Pcg64Mcg::seed_from_u64(seed);
        let mut ends = Vec::with_capacity(plan.units().len());
        let mut all = 0u64;
        for unit in plan.units() {
            all += unit.cost();
            ends.push(all);
        }
        sample(plan, budget, 0, || {
            let point = random.random_range(0..all);
            let unit = &plan.units()[ends.partition_point(|&end| end <= point)];
            std::hint::black_box(self.tally(plan, unit));
            let started = Instant::now();
            std::hint::black_box(self.tally(plan, unit));
            started.elapsed().as_secs_f64() * all as f64 / unit.cost() as f64
        })
    }
}

/// The time the plan's unique count adds once its units are counted,
/// when that is cheap to time.
fn fixed_points_seconds(plan: &Plan) -> f64 {
    if plan.size().get() > TIMED_FIXED_POINTS_MAX_N {
        return 0.0;
    }
    let started = Instant::now();
    std::hint::black_box(super::burnside::fixed_by_turns(plan.size().get()));
    started.elapsed().as_secs_f64()
}

/// Random pieces of a plan, each with the number of nodes at its depth
/// it stands for.
pub(crate) struct Pieces<'a> {
    plan: &'a Plan,
    random: Pcg64Mcg,
    /// Rows placed above each piece.
    pub rows: usize,
}

impl<'a> Pieces<'a> {
    /// The pieces `seed` picks, of a plan split into units.
    pub fn new(plan: &'a Plan, seed: u64) -> Pieces<'a> {
        let mut random = Pcg64Mcg::seed_from_u64(seed);
        let rows = piece_rows(plan, &mut random);
        Pieces { plan, random, rows }
    }

    /// The next piece (none when the walk to it met a dead end), and the
    /// inverse of the chance of picking it.
    pub fn next_piece(&mut self) -> (Option<(Rules, Vec<u8>)>, f64) {
        let units = self.plan.units();
        let unit = &units[self.random.random_range(0..units.len())];
        let rules = self.plan.rules(unit).expect("a split plan has rules");
        let (prefix, odds) = descend(&rules, unit.prefix(), self.rows, &mut self.random);
        (
            prefix.map(|prefix| (rules, prefix)),
            odds * units.len() as f64,
        )
    }
}

/// A random walk from `prefix` down to `rows` rows, and the number of
/// nodes at that depth it stands for (the product of the branching
/// factors met); none when it meets a dead end first.
fn descend(
    rules: &Rules,
    prefix: &[u8],
    rows: usize,
    random: &mut Pcg64Mcg,
) -> (Option<Vec<u8>>, f64) {
    let mut piece = prefix.to_vec();
    let mut odds = 1.0;
    let mut attacks = Attacks::of(prefix);
    while piece.len() < rows {
        let free = rules.free(piece.len(), attacks);
        if free == 0 {
            return (None, odds);
        }
        odds *= f64::from(free.count_ones());
        let bit = nth_bit(free, random.random_range(0..free.count_ones()));
        attacks = attacks.place(bit);
        piece.push(bit.trailing_zeros() as u8);
    }
    (Some(piece), odds)
}

/// The `n`-th lowest set bit of `mask`, alone.
fn nth_bit(mut mask: u32, n: u32) -> u32 {
    for _ in 0..n {
        mask &= mask - 1;
    }
    mask & mask.wrapping_neg()
}

/// How many rows pieces fill: the fewest (from the units' own) at which a
/// node has about [`PIECE_NODES`] below it on average, as random walks of
/// the whole plan estimate. The kernels search below at most n − 2 rows.
fn piece_rows(plan: &Plan, random: &mut Pcg64Mcg) -> usize {
    let n = plan.size().get();
    let units = plan.units();
    let mut level = vec![0.0; n + 1];
    for _ in 0..PROFILE_WALKS {
        let unit = &units[random.random_range(0..units.len())];
        let rules = plan.rules(unit).expect("a split plan has rules");
        let (mut attacks, mut row, mut odds) =
            (Attacks::of(unit.prefix()), unit.prefix().len(), 1.0);
        level[row] += odds;
        while row < n {
            let free = rules.free(row, attacks);
            if free == 0 {
                break;
            }
            odds *= f64::from(free.count_ones());
            let bit = nth_bit(free, random.random_range(0..free.count_ones()));
            attacks = attacks.place(bit);
            row += 1;
            level[row] += odds;
        }
    }
    let first = units[0].prefix().len();
    (first..=n - 2)
        .find(|&rows| {
            let below: f64 = level[rows..].iter().sum();
            below / level[rows].max(f64::MIN_POSITIVE) <= PIECE_NODES
        })
        .unwrap_or(n - 2)
        .max(first)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::NoMargin;
    use crate::BoardSize;

    /// The nodes `rows` deep below every unit of `plan`, counted.
    fn nodes_at(plan: &Plan, rows: usize) -> u64 {
        fn below(rules: &Rules, attacks: Attacks, row: usize, rows: usize) -> u64 {
            if row == rows {
                return 1;
            }
            let mut free = rules.free(row, attacks);
            let mut found = 0;
            while free != 0 {
                let bit = free & free.wrapping_neg();
                free ^= bit;
                found += below(rules, attacks.place(bit), row + 1, rows);
            }
            found
        }
        (plan.units().iter())
            .map(|unit| {
                let rules = plan.rules(unit).unwrap();
                below(
                    &rules,
                    Attacks::of(unit.prefix()),
                    unit.prefix().len(),
                    rows,
                )
            })
            .sum()
    }

    #[test]
    fn pieces_stand_for_every_node_at_their_depth_on_average() {
        for method in Method::SEARCHES {
            let plan = Plan::new(BoardSize::new(11).unwrap(), method);
            let mut pieces = Pieces::new(&plan, 7);
            pieces.rows = 7;
            let draws = 40_000;
            let sum: f64 = (0..draws)
                .map(|_| match pieces.next_piece() {
                    (Some(_), weight) => weight,
                    (None, _) => 0.0,
                })
                .sum();
            let exact = nodes_at(&plan, 7) as f64;
            let mean = sum / f64::from(draws);
            assert!(
                (mean / exact - 1.0).abs() < 0.05,
                "{method}: {mean} against {exact}"
            );
        }
    }

    #[test]
    fn the_same_seed_picks_the_same_pieces() {
        let plan = Plan::new(BoardSize::new(20).unwrap(), Method::Backtrack);
        let draw = |seed| {
            let mut pieces = Pieces::new(&plan, seed);
            let drawn: Vec<_> = (0..50).map(|_| pieces.next_piece()).collect();
            (
                pieces.rows,
                drawn
                    .into_iter()
                    .map(|(piece, weight)| (piece.map(|p| p.1), weight))
                    .collect::<Vec<_>>(),
            )
        };
        assert_eq!(draw(3), draw(3));
        assert_ne!(draw(3).1, draw(4).1);
        assert!(
            draw(3).0 > plan.units()[0].prefix().len(),
            "n = 20 is cut below its units"
        );
    }

    /// However short the budget, a piece is timed: a projection of none
    /// would be no projection (it was the unique count's time alone).
    #[test]
    fn a_budget_too_short_for_any_piece_still_times_one() {
        let driver = Driver::new();
        for method in [Method::Backtrack, Method::Join] {
            let plan = Plan::new(BoardSize::new(16).unwrap(), method);
            let projection = driver.project(&plan, Duration::ZERO, 1);
            assert!(projection.pieces >= 1, "{method}");
            assert!(projection.seconds.is_finite() && projection.seconds > 0.0);
            assert!(matches!(
                projection.margin,
                Err(NoMargin::TooFewPieces { .. })
            ));
        }
    }
}
