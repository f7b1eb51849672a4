//! How steady the machine's speed is while a sample is timed. A shared
//! virtual machine slows down and speeds up by 10 % or more from one
//! minute to the next as its neighbours work: a sample of a few seconds
//! sees one such spell, the count it projects sees many. The pieces'
//! spread cannot tell (the same pieces, timed twice minutes apart, were
//! 13 % apart at n = 20 while their error bar said ±1.2 %), so the sampler
//! also times one fixed search again and again between its pieces; how
//! much those times vary is how much the machine's speed does, and the
//! projection's error bar takes it in.

use super::CpuStopwatch;
use crate::count::kernel::scalar;
use crate::count::rules::{Rules, ONE_BOARD};
use std::time::{Duration, Instant};

/// The fixed search: the whole 11×11 board, 166,926 nodes, about a
/// millisecond on one core.
const PROBE_N: usize = 11;

/// The readings a spread is made from, at least: fewer say nothing.
pub const MIN_READINGS: usize = 8;

/// How many times a sample of a given budget reads the speed, about:
/// once per this share of the budget (under 1 % of its time at 3 s).
const READINGS_PER_BUDGET: u32 = 24;

/// Times of the fixed search, read now and then during a sample.
#[derive(Debug, Clone, Default)]
pub struct SpeedReadings {
    seconds: Vec<f64>,
    next: Option<Instant>,
}

impl SpeedReadings {
    /// Reads the speed if a `budget`'s share of time has passed since the
    /// last reading (and the first time it is asked).
    pub fn maybe_read(&mut self, budget: Duration) {
        let now = Instant::now();
        if self.next.is_some_and(|next| now < next) {
            return;
        }
        self.read();
        self.next = Some(Instant::now() + budget / READINGS_PER_BUDGET);
    }

    /// Times the fixed search once.
    pub fn read(&mut self) {
        // On the CPU's clock, as the pieces are timed: what varies is the
        // machine's speed, not how long other work keeps a core from it.
        let started = CpuStopwatch::start();
        std::hint::black_box(probe_search());
        self.seconds.push(started.seconds());
    }

    /// Another thread's readings added to these.
    pub fn merged(mut self, other: SpeedReadings) -> SpeedReadings {
        self.seconds.extend(other.seconds);
        self
    }

    /// The spread of the machine's speed over the readings, as a share of
    /// it (0.05: 5 %), or none from fewer than [`MIN_READINGS`].
    pub fn spread(&self) -> Option<f64> {
        relative_spread(&self.seconds)
    }
}

/// The fixed search's solutions.
fn probe_search() -> u128 {
    let tally = scalar::tally(&Rules::plain(PROBE_N), &[], &mut ());
    tally.thirds() / u128::from(ONE_BOARD)
}

/// A robust standard deviation of `seconds` over their median: the
/// median absolute deviation, scaled to a normal spread. One reading
/// caught by an interrupt moves it little; a machine whose speed wanders
/// moves most readings and so moves it.
fn relative_spread(seconds: &[f64]) -> Option<f64> {
    if seconds.len() < MIN_READINGS {
        return None;
    }
    let middle = median(seconds.to_vec());
    let deviations = seconds.iter().map(|s| (s - middle).abs()).collect();
    Some(1.4826 * median(deviations) / middle.max(f64::MIN_POSITIVE))
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    let middle = values.len() / 2;
    match values.len() % 2 {
        0 => (values[middle - 1] + values[middle]) / 2.0,
        _ => values[middle],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fixed_search_counts_the_11_board() {
        // OEIS A000170: 2,680 solutions on the 11×11 board.
        assert_eq!(probe_search(), 2_680);
    }

    #[test]
    fn a_steady_machine_has_no_spread_and_a_wandering_one_has() {
        assert_eq!(relative_spread(&[2.0; MIN_READINGS]), Some(0.0));
        // One reading slowed by an interrupt moves it not at all.
        let mut one_slow = vec![2.0; MIN_READINGS];
        one_slow[3] = 9.0;
        assert_eq!(relative_spread(&one_slow), Some(0.0));
        // Half the readings 10 % slower: a spread of about 5 %, scaled.
        let wandering: Vec<f64> = (0..10).map(|i| [1.0, 1.1][i % 2]).collect();
        let spread = relative_spread(&wandering).unwrap();
        assert!((spread - 1.4826 * 0.05 / 1.05).abs() < 1e-9, "{spread}");
    }

    #[test]
    fn too_few_readings_give_no_spread() {
        assert_eq!(relative_spread(&[1.0; MIN_READINGS - 1]), None);
        let mut readings = SpeedReadings::default();
        for _ in 0..MIN_READINGS {
            readings.read();
        }
        let spread = readings.spread().expect("enough readings");
        assert!(spread.is_finite() && spread >= 0.0, "{spread}");
    }

    #[test]
    fn merged_readings_are_all_of_them() {
        let of = |seconds: Vec<f64>| SpeedReadings {
            seconds,
            next: None,
        };
        let all = of(vec![1.0; 5]).merged(of(vec![1.0; 3]));
        assert_eq!(all.seconds.len(), 8);
        assert_eq!(all.spread(), Some(0.0));
    }
}
