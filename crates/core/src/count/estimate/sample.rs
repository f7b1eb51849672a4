//! How long a plan takes on one core, before running it: random pieces
//! of its work, as its method cuts them, are timed and scaled up. Each
//! piece's time, times the inverse of the chance of picking it, is an
//! unbiased estimate of the whole plan's time; the mean of many gives
//! the projection, and their spread its error bar. The pre-run
//! announcement of `nqueens count` and `nqueens estimate` both project
//! with this one sampler.
//!
//! Between pieces each thread also times one fixed search now and then
//! (speed.rs): the spread of those times is the machine's own, which the
//! pieces' spread does not show, and widens the error bar.
//!
//! Pieces are timed on as many threads as the run has, all at once: the
//! cores of a run slow one another (shared caches and memory bandwidth,
//! one clock), by 10 % at n = 21 on two threads, and a sample timed on an
//! otherwise idle machine misses it.

use super::projection::{Projection, MIN_PIECES};
use super::speed::SpeedReadings;
use super::CpuStopwatch;
use crate::count::method::Pieces;
use crate::count::{Driver, Plan};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Above this size, the count of the boards that turns leave unchanged
/// (for the unique count, once per plan) is not timed: it takes minutes
/// from n = 24, still a vanishing share of the count.
const TIMED_FIXED_POINTS_MAX_N: usize = 20;

/// A sample's mean, sum of squared deviations and number of estimates.
type Sample = (f64, f64, u64);

/// Times random pieces of `plan` on `driver`'s threads, with its
/// kernel, for about `budget` and projects the whole plan's one-core
/// time; `seed` picks the pieces, so the same seed times the same
/// pieces on each thread, in the same order. When `keep_going` turns
/// false (a caller interrupted), each thread stops after the piece in
/// hand, and the projection is of what was timed.
pub fn project(
    driver: &Driver,
    plan: &Plan,
    budget: Duration,
    seed: u64,
    keep_going: &AtomicBool,
) -> Projection {
    project_telling(driver, plan, budget, seed, keep_going, &|_| {})
}

/// A long piece's seconds, forecast while it runs.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PieceForecast {
    /// The sampling thread it runs on, from 0.
    pub thread: usize,
    /// Its seconds of CPU time in all, forecast.
    pub seconds: f64,
    /// The seconds of it timed when it was forecast.
    pub timed_seconds: f64,
    /// The share of it timed then.
    pub timed_share: f64,
}

/// [`project`], telling `tell` the seconds of each thread's first piece,
/// forecast while it runs, where it is long and its progress can be
/// read: the join's units made in parts (from n = 25 by default), which
/// take minutes at n = 27, are forecast once their first part is joined.
pub fn project_telling(
    driver: &Driver,
    plan: &Plan,
    budget: Duration,
    seed: u64,
    keep_going: &AtomicBool,
    tell: &(dyn Fn(PieceForecast) + Sync),
) -> Projection {
    let way = plan.method().way();
    let run = (
        driver.thread_count(),
        driver.room(plan.size(), plan.method()),
    );
    let Some(sampler) = way.sampler(plan, driver.kernel_in_use(), run) else {
        let started = Instant::now();
        std::hint::black_box(driver.count(plan, &|_| {}));
        return Projection::whole(started.elapsed().as_secs_f64());
    };
    let sampler = &*sampler;
    let mut pieces = sampler.pieces(seed);
    let rows = pieces.rows();
    let timed = std::thread::scope(|scope| {
        let others: Vec<_> = (1..run.0 as u64)
            .map(|thread| {
                scope.spawn(move || {
                    let mut pieces = sampler.pieces(seed.wrapping_add(thread));
                    let next = |first| estimate(&mut *pieces, first, thread as usize, tell);
                    sample(budget, keep_going, next)
                })
            })
            .collect();
        let next = |first| estimate(&mut *pieces, first, 0, tell);
        let mine = sample(budget, keep_going, next);
        let theirs = others.into_iter().map(|other| {
            other
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
        });
        theirs.fold(mine, |(all, longest, speed), (one, elapsed, theirs)| {
            (merged(all, one), longest.max(elapsed), speed.merged(theirs))
        })
    });
    let (sample, elapsed, speed) = timed;
    let extra = fixed_points_seconds(plan);
    Projection::of_sample(sample, elapsed, rows, extra, speed.spread())
}

/// The next piece's estimate, its seconds told to `tell` as forecast
/// where it is the `thread`'s `first`.
fn estimate(
    pieces: &mut dyn Pieces,
    first: bool,
    thread: usize,
    tell: &(dyn Fn(PieceForecast) + Sync),
) -> f64 {
    let mut told = |seconds, (timed_seconds, timed_share)| {
        tell(PieceForecast {
            thread,
            seconds,
            timed_seconds,
            timed_share,
        })
    };
    let told: &mut dyn FnMut(f64, (f64, f64)) = &mut told;
    pieces.next_estimate(first.then_some(told))
}

/// Two samples as one (Chan's parallel form of Welford's update).
fn merged((mean_a, squares_a, a): Sample, (mean_b, squares_b, b): Sample) -> Sample {
    let all = a + b;
    if all == 0 {
        return (0.0, 0.0, 0);
    }
    let delta = mean_b - mean_a;
    let mean = mean_a + delta * b as f64 / all as f64;
    let squares = squares_a + squares_b + delta * delta * (a * b) as f64 / all as f64;
    (mean, squares, all)
}

/// Draws estimates from `next` for about `budget` (at least one, and
/// [`MIN_PIECES`] when that takes at most four times the budget), or
/// until `keep_going` turns false after the first: their mean, sum of
/// squared deviations and number, the time taken, and the machine's
/// speed read between them. After the first, a piece is begun only when,
/// as long as the pieces so far on average, it ends within that time: a
/// sample of pieces of seconds or minutes each (the join's whole units
/// from n = 25) stops at its first piece rather than taking another as
/// long past `--seconds`.
fn sample(
    budget: Duration,
    keep_going: &AtomicBool,
    mut next: impl FnMut(bool) -> f64,
) -> (Sample, Duration, SpeedReadings) {
    let mut speed = SpeedReadings::default();
    let (mut mean, mut squares, mut pieces) = (0.0, 0.0, 0u64);
    let started = Instant::now();
    let more = |pieces: u64, elapsed: Duration| {
        let Some(each) = elapsed.checked_div(u32::try_from(pieces).unwrap_or(u32::MAX)) else {
            return true;
        };
        let ends = elapsed + each;
        let wanted = pieces < MIN_PIECES && ends <= budget * 4 || ends <= budget;
        wanted && keep_going.load(Ordering::Relaxed)
    };
    while more(pieces, started.elapsed()) {
        speed.maybe_read(budget);
        let estimate = next(pieces == 0);
        // Welford's running mean and sum of squared deviations.
        pieces += 1;
        let delta = estimate - mean;
        mean += delta / pieces as f64;
        squares += delta * (estimate - mean);
    }
    let elapsed = started.elapsed();
    speed.read();
    ((mean, squares, pieces), elapsed, speed)
}

/// The time the plan's unique count adds once its units are counted,
/// when that is cheap to time.
fn fixed_points_seconds(plan: &Plan) -> f64 {
    if plan.size().get() > TIMED_FIXED_POINTS_MAX_N {
        return 0.0;
    }
    let started = CpuStopwatch::start();
    std::hint::black_box(crate::count::burnside::fixed_by_turns(plan.size().get()));
    started.seconds()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::{Method, NoMargin};
    use crate::BoardSize;

    /// The threads' samples, merged, are the sample of all their estimates.
    #[test]
    fn merged_samples_are_the_sample_of_all_their_estimates() {
        let of = |values: &[f64]| -> Sample {
            let mean = values.iter().sum::<f64>() / values.len().max(1) as f64;
            let squares = values.iter().map(|v| (v - mean) * (v - mean)).sum();
            (mean, squares, values.len() as u64)
        };
        let all = [3.0, 5.0, 8.0, 13.0, 21.0, 34.0, 55.0];
        let whole = of(&all);
        for cut in 0..=all.len() {
            let (mean, squares, pieces) = merged(of(&all[..cut]), of(&all[cut..]));
            assert_eq!(pieces, whole.2, "cut at {cut}");
            assert!((mean - whole.0).abs() < 1e-9, "cut at {cut}: {mean}");
            assert!((squares - whole.1).abs() < 1e-9, "cut at {cut}: {squares}");
        }
    }

    /// A piece that can forecast itself.
    struct Telling;

    impl Pieces for Telling {
        fn rows(&self) -> usize {
            0
        }

        fn next_estimate(&mut self, tell: Option<&mut dyn FnMut(f64, (f64, f64))>) -> f64 {
            if let Some(tell) = tell {
                tell(2.0, (1.0, 0.5));
            }
            1.0
        }
    }

    /// Only a thread's first piece is forecast, as that thread's.
    #[test]
    fn the_first_piece_of_a_thread_is_forecast_as_its() {
        let told = std::sync::Mutex::new(Vec::new());
        let tell = |forecast| told.lock().unwrap().push(forecast);
        for first in [true, false, false] {
            assert_eq!(estimate(&mut Telling, first, 3, &tell), 1.0);
        }
        let expected = PieceForecast {
            thread: 3,
            seconds: 2.0,
            timed_seconds: 1.0,
            timed_share: 0.5,
        };
        assert_eq!(*told.lock().unwrap(), vec![expected]);
    }

    /// However short the budget, a piece is timed: a projection of none
    /// would be no projection (it was the unique count's time alone).
    #[test]
    fn a_budget_too_short_for_any_piece_still_times_one() {
        let driver = Driver::new();
        for method in [Method::Backtrack, Method::Join] {
            let plan = Plan::new(BoardSize::new(16).unwrap(), method).unwrap();
            let projection = project(&driver, &plan, Duration::ZERO, 1, &AtomicBool::new(true));
            assert!(projection.pieces >= 1, "{method}");
            assert!(projection.seconds.is_finite() && projection.seconds > 0.0);
            assert!(matches!(
                projection.margin,
                Err(NoMargin::TooFewPieces { .. })
            ));
        }
    }

    /// A stopped sample ends after the piece each thread has in hand,
    /// whatever its budget: an hour here.
    #[test]
    fn a_stopped_sample_times_one_piece_a_thread() {
        let driver = Driver::new();
        for method in [Method::Backtrack, Method::Join] {
            let plan = Plan::new(BoardSize::new(16).unwrap(), method).unwrap();
            let hour = Duration::from_secs(3600);
            let projection = project(&driver, &plan, hour, 1, &AtomicBool::new(false));
            assert_eq!(projection.pieces, driver.thread_count() as u64, "{method}");
            assert!(projection.seconds.is_finite() && projection.seconds > 0.0);
        }
    }
}
