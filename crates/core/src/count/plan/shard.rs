//! Shards: a plan cut into K parts of about equal work, the same on every
//! machine, so that K processes anywhere can each run one and their
//! tallies add up to the board's.

use crate::count::Plan;
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::str::FromStr;

/// The most shards a plan is cut into: far more than any job array runs,
/// few enough that the per-shard bookkeeping stays small.
pub const MAX_SHARDS: usize = 1 << 20;

/// One part of a plan cut in `count`: `I/K` on the command line, I from 0.
///
/// ```
/// use nqueens::count::Shard;
/// let shard: Shard = "3/16".parse()?;
/// assert_eq!((shard.index(), shard.count()), (3, 16));
/// assert!("16/16".parse::<Shard>().is_err());
/// # Ok::<(), nqueens::ShardError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Shard {
    index: usize,
    count: usize,
}

impl Shard {
    /// Shard `index` of `count` (index from 0 to count − 1, count from 1
    /// to [`MAX_SHARDS`]).
    pub fn new(index: usize, count: usize) -> Result<Shard, ShardError> {
        if count == 0 || count > MAX_SHARDS {
            return Err(ShardError::Count(count.to_string()));
        }
        if index >= count {
            return Err(ShardError::Index { index, count });
        }
        Ok(Shard { index, count })
    }

    /// Its place, from 0.
    pub fn index(self) -> usize {
        self.index
    }

    /// How many shards the plan is cut into.
    pub fn count(self) -> usize {
        self.count
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl FromStr for Shard {
    type Err = ShardError;

    fn from_str(text: &str) -> Result<Shard, ShardError> {
        let malformed = || ShardError::Malformed(text.into());
        let (index, count) = text.split_once('/').ok_or_else(malformed)?;
        let number = |part: &str| {
            // `parse` alone would take "+3".
            let digits = !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
            digits.then(|| part.parse::<usize>().ok()).flatten()
        };
        let count = number(count).ok_or_else(|| ShardError::Count(count.into()))?;
        let index = number(index).ok_or_else(malformed)?;
        Shard::new(index, count)
    }
}

impl Plan {
    /// The ids of the units `shard` runs, in order. Every unit is in
    /// exactly one shard of a given count, and the shards' estimated
    /// costs ([`crate::count::Unit::cost`]) are about equal: the costliest unit
    /// still to place goes to the cheapest shard so far (ties to the
    /// lowest id and index), which depends only on the plan.
    ///
    /// ```
    /// use nqueens::count::{Method, Plan, Shard};
    /// use nqueens::BoardSize;
    /// let plan = Plan::new(BoardSize::new(10)?, Method::Backtrack)?;
    /// let mut ids: Vec<usize> = (0..3)
    ///     .flat_map(|i| plan.shard(Shard::new(i, 3).unwrap()))
    ///     .collect();
    /// ids.sort();
    /// assert_eq!(ids, (0..plan.units().len()).collect::<Vec<_>>());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn shard(&self, shard: Shard) -> Vec<usize> {
        let mut ids = self.shard_of_every_unit(shard.count());
        ids.retain(|&(_, to)| to == shard.index());
        ids.into_iter().map(|(id, _)| id).collect()
    }

    /// The ids of every shard's units when the plan is cut in `count`
    /// (from 1 to [`MAX_SHARDS`]): [`Plan::shard`] of each, at once.
    pub fn shards(&self, count: usize) -> Vec<Vec<usize>> {
        let mut shards = vec![Vec::new(); count];
        for (id, to) in self.shard_of_every_unit(count) {
            shards[to].push(id);
        }
        shards
    }

    /// Each unit's id with the shard it goes to, in id order.
    fn shard_of_every_unit(&self, count: usize) -> Vec<(usize, usize)> {
        let mut costliest_first: Vec<(u64, usize)> = self
            .units()
            .iter()
            .map(|unit| (unit.cost(), unit.id()))
            .collect();
        costliest_first.sort_unstable_by_key(|&(cost, id)| (Reverse(cost), id));
        // The cheapest shard so far on top: by load, then by index.
        let mut shards: BinaryHeap<Reverse<(u64, usize)>> =
            (0..count.min(self.units().len()).max(1))
                .map(|i| Reverse((0, i)))
                .collect();
        let mut placed: Vec<(usize, usize)> = costliest_first
            .into_iter()
            .map(|(cost, id)| {
                let Reverse((load, index)) = shards.pop().expect("at least one shard");
                shards.push(Reverse((load + cost, index)));
                (id, index)
            })
            .collect();
        placed.sort_unstable();
        placed
    }
}

/// A shard that does not exist: see [`Shard`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ShardError {
    /// Not written `I/K`.
    #[error("shard '{0}' is not of the form I/K (shard I of K, I from 0 to K − 1), e.g. 3/16")]
    Malformed(String),
    /// K is not a whole number from 1 to the most shards allowed.
    #[error("the shard count '{0}' must be a whole number from 1 to {max}", max = MAX_SHARDS)]
    Count(String),
    /// I is not below K.
    #[error("shard {index}/{count} does not exist: I must be from 0 to {last} for {}", crate::plural(count, "shard"), last = count - 1)]
    Index {
        /// The shard asked for.
        index: usize,
        /// How many shards there are.
        count: usize,
    },
}
