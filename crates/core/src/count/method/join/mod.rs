//! The join method: a board counted from half boards rather than by
//! searching to the bottom.
//!
//! Cut the board down the middle. In a solution, the rows whose queens
//! stand in the east half are a set E of as many rows as the half has
//! columns; the west half holds the other rows. An east half board on E
//! (one queen per east column, on the rows of E, no two attacking) is a
//! north quadrant placement and a south one on complementary columns; all
//! that the west half needs to know of it is which diagonals it takes
//! across the cut, its *signature* (2n bits). An east and a west half
//! make a solution exactly when their signatures are disjoint, so the
//! solutions with east rows E are the disjoint pairs of two lists of
//! signatures (see disjoint.rs). A backtracking search visits nodes in
//! proportion to the partial boards; the join's work grows with the half
//! boards and the pairs that its split of both lists leaves to test,
//! which is why it pulls ahead as n grows.
//!
//! Each set E is a unit of the plan, and symmetry leaves only the least
//! of each family of sets (family.rs); the transpose halves the pairs
//! each unit joins (transpose.rs), on odd boards from n = 19. On an odd
//! board the east half holds the middle column (up to n = 23; above, its
//! queen is placed beside each half and each row it stands on has lists
//! of its own), and symmetry is taken so that each unit is one join
//! (family.rs), or two where it is transposed (transpose/odd.rs).

mod cost;
mod disjoint;
mod family;
mod half;
mod memory;
mod order;
mod pieces;
mod planned;
mod quadrant;
mod transpose;
mod worker;

use super::way::{Memory, Sampler, Way, Worker};
use super::NodesKind;
use crate::count::kernel::Kernel;
use crate::count::unit::{Unit, UnitStart};
use crate::count::{Plan, Planned};
use crate::BoardSize;
use crate::Stats;
use family::{east_row_sets, unit_count};
use memory::Sizing;
use quadrant::Geometry;
use std::sync::Arc;
use worker::JoinWorker;

/// Boards above this size are not joined: Q(27) is the largest count
/// known, and n = 28's plan (40 million units) would pass what a machine
/// holds.
pub const JOIN_MAX_N: usize = 27;

/// The join method.
pub(super) struct Join;

/// The smallest board whose units take seconds or more each.
const SLOW_UNITS_FROM: usize = 25;

impl Way for Join {
    fn name(&self) -> &'static str {
        "join"
    }

    fn summary(&self) -> String {
        format!("half boards joined by their diagonals, n up to {JOIN_MAX_N}")
    }

    fn counts_by(&self) -> &'static str {
        "the join"
    }

    fn max_n(&self) -> usize {
        JOIN_MAX_N
    }

    /// Half boards are joined, not searched to the bottom.
    fn has_search_tree(&self) -> bool {
        false
    }

    /// From n = 25 (n = 26: 17 s, n = 27: 5 min each on a 2-core VM).
    fn units_take_seconds(&self, size: BoardSize) -> bool {
        size.get() >= SLOW_UNITS_FROM
    }

    /// Backtracking counts in a plan's units and a search's scratch.
    fn low_memory_alternative(&self) -> Option<super::Method> {
        Some(super::Method::Backtrack)
    }

    fn nodes_kind(&self) -> NodesKind {
        NodesKind::Placements
    }

    /// 9: an odd board's units from n = 19 likewise, those whose rows
    /// lack the middle row as two joins (transpose/odd.rs);
    /// 8: an even board's units join only the pairs their transpose
    /// leaves them, some twice (transpose.rs), so a unit's nodes and
    /// time are others;
    /// 7: the quadrant lists kept sized by n (a quarter of them from
    /// n = 17), so the units of n = 17 to 20 run in other tiles;
    /// 6: an odd board's units chosen so that each is one join, its east
    /// half holding the middle column (family.rs, quadrant.rs);
    /// 5: an odd board's unit joins its terms of one weight as one, and
    /// its cost follows (cost.rs); 4: the units' costs follow the split
    /// by diagonals (cost.rs), so
    /// shards balanced by cost hold other units; 3: an odd board's middle
    /// column placed first (family.rs); 2: the units in tiles (order.rs),
    /// not by value.
    fn plan_version(&self) -> u32 {
        9
    }

    fn starts(&self, size: BoardSize) -> Vec<UnitStart> {
        let n = size.get();
        let sets = order::tiled(Geometry::of(n), planned::placements(n), east_row_sets(n));
        sets.into_iter().map(UnitStart::EastRows).collect()
    }

    /// Each unit and its id in the run: a set of east rows holds no heap
    /// memory (its key is made only while the plan is fingerprinted).
    fn plan_bytes(&self, size: BoardSize) -> u64 {
        let units = unit_count(size.get());
        (units * (std::mem::size_of::<Unit>() + 8)) as u64
    }

    fn fits_to_memory(&self) -> bool {
        true
    }

    /// Counting the placement tables, which takes seconds from n = 21 (26 s
    /// at n = 23 on a 2-core VM).
    fn making_seconds(&self, size: BoardSize) -> Option<f64> {
        cost::counting_seconds(size.get())
    }

    /// The product of each unit's quadrants' placements, from tables of
    /// every quadrant's placements on every set of rows: kept with the
    /// plan for its sampler (they take 26 s to count at n = 23).
    fn costs(&self, size: BoardSize, starts: &[UnitStart]) -> (Vec<u64>, Option<Planned>) {
        let row_sets: Vec<u32> = starts.iter().map(east_rows).collect();
        let tables = cost::Tables::of(size.get());
        let costs = cost::unit_costs(&tables, &row_sets, false);
        (costs, Some(Arc::new(tables)))
    }

    /// Only the root: the join builds no tree above its units.
    fn above(&self, size: BoardSize, _starts: &[UnitStart]) -> Stats {
        Stats::new(size.get())
    }

    /// Parts of each side of a unit and quadrants kept, as many as fit.
    fn memory(&self, size: BoardSize, threads: usize, room: Option<u64>) -> Memory {
        Sizing::of(size.get(), threads, room).memory(size.get(), threads)
    }

    fn worker(
        &'static self,
        size: BoardSize,
        kernel: Kernel,
        threads: usize,
        room: Option<u64>,
    ) -> Box<dyn Worker> {
        let sizing = Sizing::of(size.get(), threads, room);
        Box::new(JoinWorker::new(size, kernel, threads, sizing))
    }

    fn sampler<'p>(
        &'static self,
        plan: &'p Plan,
        kernel: Kernel,
        (threads, room): (usize, Option<u64>),
    ) -> Option<Box<dyn Sampler + 'p>> {
        let sizing = Sizing::of(plan.size().get(), threads, room);
        // Each of the run's threads samples with its share of the store,
        // enough for the lists of its unit that a count would find kept.
        let store = (sizing.store / threads.max(1) as u64).max(sizing.in_use);
        let each = Sizing { store, ..sizing };
        let run = (threads, sizing.store);
        Some(Box::new(pieces::JoinSampler::new(plan, kernel, each, run)))
    }
}

/// A join unit's east rows.
fn east_rows(start: &UnitStart) -> u32 {
    match start {
        UnitStart::EastRows(rows) => *rows,
        UnitStart::Columns(_) => unreachable!("the join's units are sets of east rows"),
    }
}

#[cfg(test)]
mod tests;
