//! How much work a plan is, before running it: Knuth's estimator (1975).
//! A random walk down a search tree that multiplies the branching
//! factors met on the way is, on average, the number of nodes on the
//! path's levels; the average of many walks estimates the tree's size.

use super::rules::Rules;
use super::{Method, Plan};
use crate::board::Attacks;

/// A small, fast, reproducible random sequence (xorshift64*): the same
/// plan always gets the same estimate.
struct Walks(u64);

impl Walks {
    fn next_below(&mut self, bound: u32) -> u32 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        let random = self.0.wrapping_mul(0x2545_f491_4f6c_dd1d);
        (((random >> 32) * u64::from(bound)) >> 32) as u32
    }
}

impl Plan {
    /// An estimate of the nodes each unit's search visits (the unit's own
    /// node and every queen placed below it), from `walks` random walks
    /// per unit; the same every time. Add [`Plan::nodes_above`] for the
    /// whole search. The join's units are no search: for them, each is
    /// its relative cost ([`super::Unit::cost`]).
    ///
    /// ```
    /// use nqueens::count::{Driver, Method, Plan};
    /// use nqueens::BoardSize;
    /// let plan = Plan::new(BoardSize::new(12)?, Method::Backtrack);
    /// let estimate: f64 = plan.estimate_nodes(200).iter().sum::<f64>() + plan.nodes_above() as f64;
    /// let exact = Driver::new().count(&plan, &|_| {}).nodes as f64;
    /// assert!((estimate / exact - 1.0).abs() < 0.2, "{estimate} against {exact}");
    /// # Ok::<(), nqueens::SizeError>(())
    /// ```
    pub fn estimate_nodes(&self, walks: u32) -> Vec<f64> {
        self.units()
            .iter()
            .map(|unit| match self.rules(unit) {
                Some(rules) => {
                    let mut random = Walks(0x9e37_79b9_7f4a_7c15 ^ unit.id() as u64);
                    let sum: f64 = (0..walks.max(1))
                        .map(|_| walk(&rules, unit.prefix(), &mut random))
                        .sum();
                    sum / f64::from(walks.max(1))
                }
                // The join's units are no search: their relative costs.
                None if self.method() == Method::Join => unit.cost() as f64,
                // A board too small to split: a few dozen nodes at most.
                None => (1u32 << self.size().get()) as f64,
            })
            .collect()
    }

    /// The nodes visited above the units: the root and the shorter
    /// prefixes.
    pub fn nodes_above(&self) -> u128 {
        self.above().nodes
    }
}

/// One random walk below `prefix`: the unit's node, plus for each level
/// the product of the branching factors above it.
fn walk(rules: &Rules, prefix: &[u8], random: &mut Walks) -> f64 {
    let (mut attacks, mut row) = (Attacks::of(prefix), prefix.len());
    let (mut nodes, mut product) = (1.0, 1.0);
    while row < rules.n {
        let mut free = rules.free(row, attacks);
        if free == 0 {
            break;
        }
        product *= f64::from(free.count_ones());
        nodes += product;
        let mut pick = random.next_below(free.count_ones());
        while pick > 0 {
            free &= free - 1;
            pick -= 1;
        }
        attacks = attacks.place(free & free.wrapping_neg());
        row += 1;
    }
    nodes
}
