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
//! signatures ([`pairs`]). A backtracking search visits nodes in
//! proportion to the partial boards; the join's work grows with the half
//! boards and the pairs that survive the buckets, which is why it pulls
//! ahead as n grows.
//!
//! Each set E is a unit of the plan. Turning the board upside down maps
//! E to its mirror image, and (for even n) the east–west mirror maps it
//! to its complement, with the same number of solutions: only the least
//! set of each such family is a unit, weighed by the family's size.

mod cost;
mod half;
mod memory;
mod pairs;
mod quadrant;

pub(crate) use cost::unit_costs;
pub(crate) use memory::{shared_bytes, thread_bytes};
pub(crate) use quadrant::Geometry;

use super::rules::ONE_BOARD;
use super::{Kernel, Tally};
use pairs::Buckets;
use std::cell::RefCell;

/// Boards above this size are not joined: their half boards grow about
/// sevenfold every two sizes, their units fourfold, past what one
/// machine holds.
pub const JOIN_MAX_N: usize = 24;

/// One thread's working memory, kept between units.
#[derive(Debug, Default)]
struct Scratch {
    buckets: Buckets,
    east: Vec<u64>,
    west: Vec<u64>,
}

impl Scratch {
    fn bytes(&self) -> u64 {
        let halves = (self.east.capacity() + self.west.capacity()) * 8;
        (halves + self.buckets.bytes()) as u64
    }
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

/// The sets of east rows that are units, in the plan's order: every set
/// of the right size that is the least of its family.
pub(crate) fn east_row_sets(n: usize) -> Vec<u32> {
    let geometry = Geometry::of(n);
    let size = (n - geometry.west) as u32;
    (0..=geometry.all_rows())
        .filter(|rows| rows.count_ones() == size)
        .filter(|&rows| family(geometry, rows).iter().all(|&other| rows <= other))
        .collect()
}

/// The sets of east rows with as many solutions as `rows`: itself, its
/// mirror image top to bottom, and for even n the complement and its
/// mirror image (some may be the same set).
fn family(geometry: Geometry, rows: u32) -> [u32; 4] {
    let mirror = |rows: u32| (u64::from(rows.reverse_bits()) >> (32 - geometry.n)) as u32;
    match geometry.n % 2 {
        0 => {
            let complement = rows ^ geometry.all_rows();
            [rows, mirror(rows), complement, mirror(complement)]
        }
        _ => [rows, mirror(rows), rows, mirror(rows)],
    }
}

/// How many distinct sets the family of `rows` has.
fn family_size(geometry: Geometry, rows: u32) -> u128 {
    let mut family = family(geometry, rows);
    family.sort_unstable();
    1 + family.windows(2).filter(|pair| pair[0] != pair[1]).count() as u128
}

/// Counts the unit whose east rows are `rows` with `kernel`: its
/// solutions times its family's size, the placements built as nodes.
/// `peak` rises to this thread's working memory.
pub(crate) fn tally(
    n: usize,
    rows: u32,
    kernel: Kernel,
    peak: &std::sync::atomic::AtomicU64,
) -> Tally {
    let geometry = Geometry::of(n);
    SCRATCH.with(|cell| {
        let scratch = &mut *cell.borrow_mut();
        let mut nodes = half::halves(kernel, geometry, rows, true, &mut scratch.east);
        let west_rows = rows ^ geometry.all_rows();
        nodes += half::halves(kernel, geometry, west_rows, false, &mut scratch.west);
        let pairs =
            (scratch.buckets).disjoint_pairs(kernel, geometry, &scratch.east, &scratch.west);
        peak.fetch_max(scratch.bytes(), std::sync::atomic::Ordering::Relaxed);
        let weight = family_size(geometry, rows);
        Tally::new(
            u128::from(pairs) * weight * u128::from(ONE_BOARD),
            u128::from(nodes),
        )
    })
}

/// A unit's rows as bytes, for its plan entry; and back.
pub(crate) fn rows_of(prefix: &[u8]) -> u32 {
    prefix.iter().fold(0, |rows, &row| rows | 1 << row)
}

#[cfg(test)]
mod tests;
