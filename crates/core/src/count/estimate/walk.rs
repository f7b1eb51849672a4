//! The one random walk down a search tree, shared by everything that
//! estimates a search before running it: Knuth's estimate of its nodes
//! (1975), the profile that sets how deep sampled pieces are cut, and the
//! pieces themselves. At each row it takes one of the free squares, each
//! with the same chance, from one well-kept generator (PCG).

use crate::board::Attacks;
use crate::count::rules::Rules;
use rand::RngExt;
use rand_pcg::Pcg64Mcg;

/// Walks at random from `prefix` down to row `to` (at most n), or to a
/// dead end first, calling `level(row, odds)` on every row reached — the
/// prefix's own with odds 1 — where `odds` is the product of the
/// branching factors met above it: the number of nodes on that row the
/// walk stands for. Returns the placement it reached on row `to`, none
/// after a dead end, and the odds there.
pub(crate) fn random_walk(
    rules: &Rules,
    prefix: &[u8],
    to: usize,
    random: &mut Pcg64Mcg,
    mut level: impl FnMut(usize, f64),
) -> (Option<Vec<u8>>, f64) {
    let mut placed = prefix.to_vec();
    let (mut attacks, mut odds) = (Attacks::of(prefix), 1.0);
    level(placed.len(), odds);
    while placed.len() < to.min(rules.n) {
        let free = rules.free(placed.len(), attacks);
        if free == 0 {
            return (None, odds);
        }
        odds *= f64::from(free.count_ones());
        let bit = nth_bit(free, random.random_range(0..free.count_ones()));
        attacks = attacks.place(bit);
        placed.push(bit.trailing_zeros() as u8);
        level(placed.len(), odds);
    }
    (Some(placed), odds)
}

/// The `n`-th lowest set bit of `mask`, alone.
fn nth_bit(mut mask: u32, n: u32) -> u32 {
    for _ in 0..n {
        mask &= mask - 1;
    }
    mask & mask.wrapping_neg()
}
