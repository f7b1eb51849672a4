//! How much work a search plan is, before running it: Knuth's estimator
//! (1975). A random walk down a search tree that multiplies the branching
//! factors met on the way is, on average, the number of nodes on the
//! path's levels; the average of many walks estimates the tree's size.

use super::walk::random_walk;
use super::Plan;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

impl Plan {
    /// An estimate of the nodes each unit's search visits (the unit's own
    /// node and every queen placed below it), from `walks` random walks
    /// per unit, the same every time; none for a plan whose units are no
    /// searches (the join). Add [`Plan::nodes_above`] for the whole
    /// search.
    ///
    /// ```
    /// use nqueens::count::{Driver, Method, Plan};
    /// use nqueens::BoardSize;
    /// let plan = Plan::new(BoardSize::new(12)?, Method::Backtrack)?;
    /// let walked = plan.estimate_nodes(200).unwrap();
    /// let estimate = walked.iter().sum::<f64>() + plan.nodes_above() as f64;
    /// let exact = Driver::new().count(&plan, &|_| {}).nodes as f64;
    /// assert!((estimate / exact - 1.0).abs() < 0.2, "{estimate} against {exact}");
    /// assert!(Plan::new(BoardSize::new(12)?, Method::Join)?.estimate_nodes(200).is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn estimate_nodes(&self, walks: u32) -> Option<Vec<f64>> {
        let n = self.size().get();
        let searched = |unit: &super::Unit| unit.start().columns().is_some();
        if !self.units().iter().all(searched) {
            return None;
        }
        let walks = walks.max(1);
        let estimates = (self.units().iter()).map(|unit| match self.rules(unit) {
            Some(rules) => {
                let prefix = unit.start().columns().unwrap_or_default();
                let mut random = Pcg64Mcg::seed_from_u64(unit.id() as u64);
                let mut nodes = 0.0;
                for _ in 0..walks {
                    random_walk(&rules, prefix, n, &mut random, |_, odds| nodes += odds);
                }
                nodes / f64::from(walks)
            }
            // A board too small to split: a few dozen nodes at most.
            None => (1u32 << n) as f64,
        });
        Some(estimates.collect())
    }

    /// The nodes visited above the units: the root and the shorter
    /// prefixes.
    pub fn nodes_above(&self) -> u128 {
        self.above().nodes
    }
}
