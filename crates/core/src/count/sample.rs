//! How long a plan takes on one core, before running it: random pieces
//! of its work, as its method cuts them, are timed and scaled up. Each
//! piece's time, times the inverse of the chance of picking it, is an
//! unbiased estimate of the whole plan's time; the mean of many gives
//! the projection, and their spread its error bar. The pre-run
//! announcement of `nqueens count` and `nqueens estimate` both project
//! with this one sampler.

use super::projection::{Projection, MIN_PIECES};
use super::{Driver, Plan};
use std::time::{Duration, Instant};

/// Above this size, the count of the boards that turns leave unchanged
/// (for the unique count, once per plan) is not timed: it takes minutes
/// from n = 24, still a vanishing share of the count.
const TIMED_FIXED_POINTS_MAX_N: usize = 20;

impl Driver {
    /// Times random pieces of `plan` on the calling thread, with this
    /// driver's kernel, for about `budget` and projects the whole plan's
    /// one-core time; `seed` picks the pieces, so the same seed times the
    /// same pieces.
    pub fn project(&self, plan: &Plan, budget: Duration, seed: u64) -> Projection {
        let way = plan.method().way();
        let kernel = self.kernel_in_use();
        let room = self.room(plan.size(), plan.method());
        let run = (self.thread_count(), room);
        let Some(mut pieces) = way.pieces(plan.size(), plan.units(), kernel, seed, run) else {
            let started = Instant::now();
            std::hint::black_box(self.count(plan, &|_| {}));
            return Projection::whole(started.elapsed().as_secs_f64());
        };
        let rows = pieces.rows();
        let (sample, elapsed) = sample(budget, || pieces.next_estimate());
        Projection::of_sample(sample, elapsed, rows, fixed_points_seconds(plan))
    }
}

/// Draws estimates from `next` for about `budget` (at least one, and
/// [`MIN_PIECES`] when that takes at most four times the budget): their
/// mean, sum of squared deviations and number, and the time taken.
fn sample(budget: Duration, mut next: impl FnMut() -> f64) -> ((f64, f64, u64), Duration) {
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
    ((mean, squares, pieces), started.elapsed())
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::{Method, NoMargin};
    use crate::BoardSize;

    /// However short the budget, a piece is timed: a projection of none
    /// would be no projection (it was the unique count's time alone).
    #[test]
    fn a_budget_too_short_for_any_piece_still_times_one() {
        let driver = Driver::new();
        for method in [Method::Backtrack, Method::Join] {
            let plan = Plan::new(BoardSize::new(16).unwrap(), method).unwrap();
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
