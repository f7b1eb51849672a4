//! What [`project`](super::project) finds: a plan's
//! one-core time, with its error bar when the sample can give one.

use std::time::Duration;

/// Fewer pieces than this say little: no error bar is given below it, and
/// the sample goes on past its budget (up to four times it) to reach it.
pub const MIN_PIECES: u64 = 30;

/// A plan's one-core time, projected from a sample.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Projection {
    /// Seconds the whole plan takes on one core (with, up to n = 20, the
    /// search for the boards turns leave unchanged, for the unique count).
    pub seconds: f64,
    /// Half the width of a 95% confidence interval around `seconds`, or
    /// why there is none: the pieces' sampling error and, where it was
    /// read, the machine's own spread of speed.
    pub margin: Result<f64, NoMargin>,
    /// How much the machine's speed varied while the sample was timed, as
    /// a share of it (one robust standard deviation), where it could be
    /// read (speed.rs).
    pub speed_spread: Option<f64>,
    /// Pieces timed (at least one).
    pub pieces: u64,
    /// Rows placed above each piece.
    pub piece_rows: usize,
}

/// Why a projection has no error bar.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum NoMargin {
    /// Fewer than [`MIN_PIECES`] pieces were timed: their spread says
    /// nothing reliable (and of one piece, nothing at all). `budget` would
    /// time enough of them at the pace this sample went.
    TooFewPieces {
        /// A sampling time that would reach [`MIN_PIECES`] pieces.
        budget: Duration,
    },
    /// The plan is one unit with nothing above it to cut: it was counted
    /// whole and timed once, not sampled.
    TimedWhole,
}

impl Projection {
    /// The projection of `pieces` estimates whose mean is `mean` and
    /// whose sum of squared deviations from it is `squares`, drawn in
    /// `elapsed` while the machine's speed spread by `speed_spread`;
    /// `extra` seconds are added to the mean. The machine's spread is not
    /// divided by the pieces: a whole count may run at another speed than
    /// the sample as much as one moment of the sample from another.
    pub(crate) fn of_sample(
        (mean, squares, pieces): (f64, f64, u64),
        elapsed: Duration,
        piece_rows: usize,
        extra: f64,
        speed_spread: Option<f64>,
    ) -> Projection {
        let sampling = (squares / (pieces.max(2) - 1) as f64 / pieces as f64).sqrt();
        let speed = speed_spread.unwrap_or(0.0) * (mean + extra);
        let margin = match pieces >= MIN_PIECES {
            true => Ok(1.96 * sampling.hypot(speed)),
            false => Err(NoMargin::TooFewPieces {
                budget: elapsed * MIN_PIECES as u32 / pieces.max(1) as u32,
            }),
        };
        Projection {
            seconds: mean + extra,
            margin,
            speed_spread,
            pieces,
            piece_rows,
        }
    }

    /// A plan counted whole in `seconds`.
    pub(crate) fn whole(seconds: f64) -> Projection {
        Projection {
            seconds,
            margin: Err(NoMargin::TimedWhole),
            speed_spread: None,
            pieces: 1,
            piece_rows: 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_error_bar_needs_min_pieces() {
        let second = Duration::from_secs(1);
        let one = Projection::of_sample((2.0, 0.0, 1), second, 3, 0.5, None);
        assert_eq!(one.seconds, 2.5);
        let budget = second * MIN_PIECES as u32;
        assert_eq!(one.margin, Err(NoMargin::TooFewPieces { budget }));
        let few = Projection::of_sample((2.0, 1.0, MIN_PIECES - 1), second, 3, 0.0, None);
        assert!(matches!(few.margin, Err(NoMargin::TooFewPieces { .. })));
        let enough = Projection::of_sample((2.0, 29.0, MIN_PIECES), second, 3, 0.0, None);
        let margin = enough.margin.unwrap();
        assert!((margin - 1.96 / (MIN_PIECES as f64).sqrt()).abs() < 1e-12);
    }

    /// The machine's spread of speed adds to the pieces' error as an
    /// independent one: 10 % of 2 s is 0.2 s, against 1/√30 s.
    #[test]
    fn the_machines_spread_widens_the_error_bar() {
        let second = Duration::from_secs(1);
        let steady = (2.0, 29.0, MIN_PIECES);
        let wandering = Projection::of_sample(steady, second, 3, 0.0, Some(0.1));
        let sampling = 1.0 / (MIN_PIECES as f64).sqrt();
        let expected = 1.96 * (sampling * sampling + 0.2 * 0.2).sqrt();
        assert!((wandering.margin.unwrap() - expected).abs() < 1e-12);
        assert_eq!(wandering.speed_spread, Some(0.1));
        // A sample with no spread of its own still carries the machine's.
        let same = Projection::of_sample((2.0, 0.0, MIN_PIECES), second, 3, 0.0, Some(0.1));
        assert!((same.margin.unwrap() - 1.96 * 0.2).abs() < 1e-12);
    }
}
