//! Optional instrumentation of the fast bitmask searches. They are generic
//! over a [`Probe`]; the unit type probes nothing and compiles away, so the
//! fast path pays nothing for statistics it was not asked for.

use crate::board::Attacks;
use crate::Stats;

pub(crate) trait Probe {
    /// `count` queens were placed at depth `depth` (that many nodes).
    fn placed(&mut self, depth: usize, count: u32);
    /// A node at depth `row` examines row `row` under `attacks` (bits
    /// beyond the board ignored); `free` is what is left.
    fn examine(&mut self, row: usize, attacks: Attacks, free: u32);
    /// True when the probe wants the search to stop (a budget spent).
    /// Searches that honour it check it at every node; for probes that
    /// never stop it is a constant and costs nothing.
    #[inline(always)]
    fn exhausted(&self) -> bool {
        false
    }
}

impl Probe for () {
    #[inline(always)]
    fn placed(&mut self, _: usize, _: u32) {}
    #[inline(always)]
    fn examine(&mut self, _: usize, _: Attacks, _: u32) {}
}

impl Probe for Stats {
    fn placed(&mut self, depth: usize, count: u32) {
        self.nodes += u128::from(count);
        self.profile[depth] += u128::from(count);
    }

    fn examine(&mut self, _row: usize, attacks: Attacks, free: u32) {
        let n = self.profile.len() - 1;
        let full = u32::MAX.checked_shr(32 - n as u32).unwrap_or(0);
        let ones = |mask: u32| u128::from((mask & full).count_ones());
        let Attacks { cols, diag, anti } = attacks;
        self.tested += n as u128;
        self.rejected.column += ones(cols);
        self.rejected.diagonal += ones(diag & !cols);
        self.rejected.anti_diagonal += ones(anti & !cols & !diag);
        if free == 0 {
            self.dead_ends += 1;
        }
    }
}

/// Records nothing, but is not the unit type: tests call the scalar
/// kernel through it exactly as the statistics do.
#[cfg(test)]
pub(crate) struct ScalarOnly;

#[cfg(test)]
impl Probe for ScalarOnly {
    fn placed(&mut self, _: usize, _: u32) {}
    fn examine(&mut self, _: usize, _: Attacks, _: u32) {}
}
