//! Optional instrumentation of the fast bitmask kernels. The kernels are
//! generic over a [`Probe`]; the unit type probes nothing and compiles away,
//! so the fast path pays nothing for statistics it was not asked for.

use crate::Stats;

pub(crate) trait Probe {
    /// Whether the probe records anything: searches that need not report
    /// to it may then run a faster kernel that has no probe points.
    const RECORDS: bool = true;
    /// `count` queens were placed at depth `depth` (that many nodes).
    fn placed(&mut self, depth: usize, count: u32);
    /// A node at depth `row` examines row `row`: `cols`, `diag`, `anti` are
    /// the attacks on it (bits beyond the board ignored), `free` what is left.
    fn examine(&mut self, row: usize, cols: u32, diag: u32, anti: u32, free: u32);
}

impl Probe for () {
    const RECORDS: bool = false;
    #[inline(always)]
    fn placed(&mut self, _: usize, _: u32) {}
    #[inline(always)]
    fn examine(&mut self, _: usize, _: u32, _: u32, _: u32, _: u32) {}
}

impl Probe for Stats {
    fn placed(&mut self, depth: usize, count: u32) {
        self.nodes += u128::from(count);
        self.profile[depth] += u128::from(count);
    }

    fn examine(&mut self, _row: usize, cols: u32, diag: u32, anti: u32, free: u32) {
        let n = self.profile.len() - 1;
        let full = u32::MAX.checked_shr(32 - n as u32).unwrap_or(0);
        let ones = |mask: u32| u128::from((mask & full).count_ones());
        self.tested += n as u128;
        self.rejected.column += ones(cols);
        self.rejected.diagonal += ones(diag & !cols);
        self.rejected.anti_diagonal += ones(anti & !cols & !diag);
        if free == 0 {
            self.dead_ends += 1;
        }
    }
}

/// Records nothing, but keeps the search on the scalar kernel (for tests
/// that compare kernels).
#[cfg(test)]
pub(crate) struct Scalar;

#[cfg(test)]
impl Probe for Scalar {
    fn placed(&mut self, _: usize, _: u32) {}
    fn examine(&mut self, _: usize, _: u32, _: u32, _: u32, _: u32) {}
}
