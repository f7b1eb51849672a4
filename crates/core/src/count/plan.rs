//! A plan: the ordered, versioned list of a board's units of work.

use super::burnside::{self, unique_from_total};
use super::join;
use super::method::Method;
use super::rules::Rules;
use super::{Counts, Tally};
use crate::board::Attacks;
use crate::{BoardSize, Stats};

/// Every unit of work of one board under one method, always the same, in
/// the same order. Units are independent: their [`Tally`]s add up in any
/// order and any split, and the tally of all of them gives the board's
/// [`Counts`] ([`Plan::counts`]).
///
/// ```
/// use nqueens::count::{Method, Plan};
/// use nqueens::BoardSize;
/// let plan = Plan::new(BoardSize::new(8)?, Method::Backtrack);
/// assert_eq!(plan.units()[0].prefix(), [0, 2, 4, 1]);
/// assert_eq!(plan.fingerprint(), Plan::new(BoardSize::new(8)?, Method::Backtrack).fingerprint());
/// # Ok::<(), nqueens::SizeError>(())
/// ```
#[derive(Debug, Clone)]
pub struct Plan {
    size: BoardSize,
    method: Method,
    units: Vec<Unit>,
    above: Stats,
}

/// One unit of a plan: the search below a placement of the first rows, or
/// for the join method the solutions whose east half holds given rows.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Unit {
    id: usize,
    prefix: Vec<u8>,
    cost: u64,
}

impl Unit {
    /// Its place in the plan, from 0: stable for a given board, method
    /// and plan version.
    pub fn id(&self) -> usize {
        self.id
    }

    /// What the unit starts from. For the searching methods, the columns
    /// of the first rows (empty for a board searched whole); for the join
    /// method, the rows whose queens stand in the east half, in order.
    pub fn prefix(&self) -> &[u8] {
        &self.prefix
    }

    /// A rough, relative estimate of its work (for sharing work out by
    /// cost, not by count): the placements two rows below its prefix, or
    /// for the join the product of its quadrants' placements.
    pub fn cost(&self) -> u64 {
        self.cost
    }
}

impl Plan {
    /// The plan of `size` under `method`.
    ///
    /// # Panics
    /// If the method does not count boards of `size` ([`Method::counts`]:
    /// the join stops at [`super::JOIN_MAX_N`]), rather than building a
    /// plan past the machine's memory.
    pub fn new(size: BoardSize, method: Method) -> Plan {
        assert!(
            method.counts(size),
            "the {method} method counts boards up to {}, not {size}",
            super::JOIN_MAX_N
        );
        let prefixes = method.prefixes(size);
        let above = method.above(size, &prefixes);
        let costs = match method {
            Method::Join => {
                let row_sets: Vec<u32> = prefixes.iter().map(|rows| join::rows_of(rows)).collect();
                join::unit_costs(size.get(), &row_sets).0
            }
            _ => (prefixes.iter())
                .map(|prefix| estimate_cost(size, method, prefix))
                .collect(),
        };
        let units = (prefixes.into_iter().zip(costs).enumerate())
            .map(|(id, (prefix, cost))| Unit { id, prefix, cost })
            .collect();
        Plan {
            size,
            method,
            units,
            above,
        }
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
            hash = fnv1a(hash, &unit.prefix);
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

    /// The rules of a unit; none for a board searched whole, or joined.
    pub(crate) fn rules(&self, unit: &Unit) -> Option<Rules> {
        let searched = !unit.prefix.is_empty() && self.method != Method::Join;
        searched.then(|| self.method.rules(self.size.get(), &unit.prefix))
    }
}

/// The placements two rows below `prefix` (one row on the board's
/// second-last row, where a search has only one row left).
fn estimate_cost(size: BoardSize, method: Method, prefix: &[u8]) -> u64 {
    let (n, row) = (size.get(), prefix.len());
    if prefix.is_empty() {
        return 1;
    }
    let rules = method.rules(n, prefix);
    let attacks = Attacks::of(prefix);
    let mut free = attacks.free(rules.allowed[row]);
    if row + 1 >= n {
        return u64::from(free.count_ones()).max(1);
    }
    let mut cost = 0;
    while free != 0 {
        let bit = free & free.wrapping_neg();
        free ^= bit;
        cost += u64::from(attacks.place(bit).free(rules.allowed[row + 1]).count_ones());
    }
    cost.max(1)
}

/// Folds `bytes` into an FNV-1a hash.
fn fnv1a(mut hash: u64, bytes: &[u8]) -> u64 {
    for &byte in bytes {
        hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
    }
    hash
}
