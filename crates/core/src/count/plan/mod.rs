//! A plan: the ordered, versioned list of a board's units of work.

mod shard;

pub use shard::{Shard, ShardError, MAX_SHARDS};

use crate::count::burnside::{self, unique_from_total};
use crate::count::method::Method;
use crate::count::rules::Rules;
use crate::count::unit::Unit;
use crate::count::{Counts, Tally};
use crate::{BoardSize, PlanError, Stats};
use std::any::Any;
use std::sync::Arc;

/// What a method finds while it costs a plan's units and uses again
/// when it samples the plan (the join's placement tables), kept with the
/// plan.
pub(crate) type Planned = Arc<dyn Any + Send + Sync>;

/// Every unit of work of one board under one method, always the same, in
/// the same order. Units are independent: their [`Tally`]s add up in any
/// order and any split, and the tally of all of them gives the board's
/// [`Counts`] ([`Plan::counts`]).
///
/// ```
/// use nqueens::count::{Method, Plan, UnitStart};
/// use nqueens::BoardSize;
/// let plan = Plan::new(BoardSize::new(8)?, Method::Backtrack)?;
/// assert_eq!(plan.units()[0].start(), &UnitStart::Columns(vec![0, 2, 4, 1].into()));
/// assert_eq!(plan.fingerprint(), Plan::new(BoardSize::new(8)?, Method::Backtrack)?.fingerprint());
/// assert!(Plan::new(BoardSize::new(28)?, Method::Join).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Plan {
    size: BoardSize,
    method: Method,
    units: Vec<Unit>,
    above: Stats,
    planned: Option<Planned>,
}

impl Plan {
    /// The plan of `size` under `method`; an error when the method does
    /// not count boards that large ([`Method::max_n`]), rather than a
    /// plan past the machine's memory.
    pub fn new(size: BoardSize, method: Method) -> Result<Plan, PlanError> {
        if !method.counts(size) {
            return Err(PlanError::too_large(method, size));
        }
        let way = method.way();
        let starts = way.starts(size);
        let above = way.above(size, &starts);
        let (costs, planned) = way.costs(size, &starts);
        let units = (starts.into_iter().zip(costs).enumerate())
            .map(|(id, (start, cost))| Unit::new(id, start, cost))
            .collect();
        Ok(Plan {
            size,
            method,
            units,
            above,
            planned,
        })
    }

    /// About how long [`Plan::new`] takes on this machine, where that is a
    /// second or more: the join's from n = 21 to 24 (its placement tables,
    /// counted, 26 s at n = 23 on a 2-core VM), timed on a small board and
    /// scaled up. None where a plan is made in a moment, or its time is
    /// not known before.
    pub fn making_seconds(size: BoardSize, method: Method) -> Option<f64> {
        method.way().making_seconds(size)
    }

    /// What the method found while costing the units, if it keeps it.
    pub(crate) fn planned<T: Send + Sync + 'static>(&self) -> Option<&T> {
        self.planned.as_deref()?.downcast_ref()
    }

    /// The board.
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// The method that made it.
    pub fn method(&self) -> Method {
        self.method
    }

    /// The version of the method's plans.
    pub fn version(&self) -> u32 {
        self.method.plan_version()
    }

    /// The nodes visited above the units: the root and the shorter
    /// prefixes.
    pub fn nodes_above(&self) -> u128 {
        self.above().nodes
    }

    /// The units, in order.
    pub fn units(&self) -> &[Unit] {
        &self.units
    }

    /// A fingerprint of everything that makes the plan (board, method,
    /// version and every unit): two runs can be merged only if theirs
    /// agree. FNV-1a, stable across builds and machines.
    pub fn fingerprint(&self) -> u64 {
        let header = [self.size.get() as u8, self.version() as u8];
        let mut hash = fnv1a(0xcbf2_9ce4_8422_2325, self.method.name().as_bytes());
        hash = fnv1a(hash, &header);
        for unit in &self.units {
            hash = fnv1a(hash, &unit.start().key());
            hash = fnv1a(hash, &[0xff]);
        }
        hash
    }

    /// A fingerprint of a set of this plan's units, given by their ids in
    /// order: a record of a part of a run names the units it ran by it.
    pub fn fingerprint_of_units(&self, ids: &[usize]) -> u64 {
        (ids.iter()).fold(self.fingerprint(), |hash, &id| {
            fnv1a(hash, &(id as u64).to_le_bytes())
        })
    }

    /// The board's counts, from the tally of all its units (each exactly
    /// once): the nodes above the units added, the unique count by
    /// Burnside's lemma.
    pub fn counts(&self, all_units: Tally) -> Counts {
        debug_assert_eq!(all_units.thirds() % 3, 0, "weights add up to whole boards");
        let total = all_units.thirds() / 3;
        Counts {
            total,
            unique: unique_from_total(self.size.get(), total),
            nodes: all_units.nodes() + self.above.nodes,
        }
    }

    /// [`Plan::counts`] for a tally read back from a store or added up
    /// from records: refused unless a board can have it (whole boards,
    /// whole symmetry classes by Burnside's lemma).
    pub fn checked_counts(&self, all_units: Tally) -> Result<Counts, crate::ImpossibleTally> {
        burnside::check(self.size.get(), all_units.thirds())?;
        Ok(self.counts(all_units))
    }

    /// What the search visits above the units, as statistics.
    pub(crate) fn above(&self) -> &Stats {
        &self.above
    }

    /// The rules of a unit that is a search below a prefix; none for a
    /// board searched whole, or a unit of a method that does not search.
    pub(crate) fn rules(&self, unit: &Unit) -> Option<Rules> {
        self.method.way().rules(self.size, unit.start())
    }
}

/// Folds `bytes` into an FNV-1a hash.
fn fnv1a(mut hash: u64, bytes: &[u8]) -> u64 {
    for &byte in bytes {
        hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
    }
    hash
}
