//! A unit's seconds, forecast while it runs from its progress.

/// Whom to tell a unit's seconds, forecast while it runs, where its east
/// half boards are made in more than one part (each joined against all
/// the west ones): the CPU seconds so far and the share of its east
/// half boards made give the rate. Where the first part is under a
/// third of the unit, the rate is that of the second part: the first
/// runs slower, its memory touched for the first time (at n = 27, 57 s
/// forecast from the first part of a unit that took 39 s). The share is
/// weighed by side, as cost.rs weighs a unit's sides: an odd board's
/// sides differ in the half boards each north placement makes (at
/// n = 27, 16 in one unit's first side, 7 in its twelfth).
pub(in crate::count::method::join) struct Forecast<'t> {
    /// Each east side's weight, as cost.rs reckons it.
    pub weights: Vec<f64>,
    /// The piece's seconds before the unit began (its lists made).
    pub before: f64,
    /// Told the piece's forecast seconds, and the seconds and share of
    /// the unit it was timed on.
    pub tell: &'t mut dyn FnMut(f64, (f64, f64)),
    /// The seconds and share at the end of the first part, where the
    /// rate is to be that of the second.
    pub first: Option<(f64, f64)>,
    /// Where the join now read from starts in the unit, as (its first
    /// side, the unit's seconds before it): an odd board's transposed
    /// unit is a join for each side of each of its two joins.
    pub from: (usize, f64),
    /// Whether it is told.
    pub told: bool,
}

impl<'t> Forecast<'t> {
    /// A forecast of a unit whose east sides weigh `weights`, begun
    /// `before` seconds into its piece, told to `tell`.
    pub fn new(weights: Vec<f64>, before: f64, tell: &'t mut dyn FnMut(f64, (f64, f64))) -> Self {
        Forecast {
            weights,
            before,
            tell,
            first: None,
            from: (0, 0.0),
            told: false,
        }
    }

    /// Reads the unit's progress, `seconds` into the join now read from
    /// with its next part starting at the join's side `side`, `side_done`
    /// of that side made; true once the forecast is told.
    pub(in crate::count::method::join) fn read(
        &mut self,
        seconds: f64,
        (side, side_done): (usize, f64),
    ) -> bool {
        if self.told {
            return true;
        }
        let (side, seconds) = (self.from.0 + side, self.from.1 + seconds);
        let share = self.share((side, side_done));
        if !(share > 0.0 && share < 1.0) {
            return false;
        }
        let unit = match self.first {
            None if share < 1.0 / 3.0 => {
                self.first = Some((seconds, share));
                return false;
            }
            None => seconds / share,
            Some((first, first_share)) => {
                let rate = (seconds - first) / (share - first_share).max(f64::MIN_POSITIVE);
                seconds + (1.0 - share) * rate
            }
        };
        (self.tell)(self.before + unit, (self.before + seconds, share));
        self.told = true;
        true
    }

    /// The share of the unit made up to side `side`, `side_done` of it.
    pub(in crate::count::method::join) fn share(&self, (side, side_done): (usize, f64)) -> f64 {
        let all: f64 = self.weights.iter().sum();
        let before: f64 = self.weights.iter().take(side).sum();
        (before + self.weights.get(side).map_or(0.0, |w| w * side_done)) / all
    }
}
