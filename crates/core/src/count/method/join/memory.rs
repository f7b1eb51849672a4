//! The memory a join count needs, known from n alone: each thread's half
//! boards and buckets, and the quadrant placements the threads share.

use super::buckets::Buckets;
use super::half::{kept_bytes, Quadrants};
use super::quadrant::Geometry;
use super::{Scratch, JOIN_MAX_N};
use crate::count::Kernel;

/// For each n up to [`JOIN_MAX_N`]: the placements of every quadrant on
/// every set of rows (what [`super::unit_costs`] adds up: the lists the
/// threads keep), and the east rows of the plan's costliest unit (the
/// last of them in plan order), whose half boards a thread's memory is
/// measured on. Tabled because finding them takes costing every unit
/// (15 s at n = 24), and a count's memory is checked before its plan is
/// made; the tests below find them again from the plan.
const PLANNED: [(u64, u32); JOIN_MAX_N + 1] = [
    (4, 0b0),                                    // n = 0
    (5, 0b1),                                    // n = 1
    (8, 0b01),                                   // n = 2
    (13, 0b101),                                 // n = 3
    (20, 0b0110),                                // n = 4
    (41, 0b10101),                               // n = 5
    (72, 0b010101),                              // n = 6
    (179, 0b0110101),                            // n = 7
    (348, 0b01011010),                           // n = 8
    (919, 0b011010110),                          // n = 9
    (1_848, 0b0110101001),                       // n = 10
    (5_175, 0b01101010110),                      // n = 11
    (10_540, 0b011010101001),                    // n = 12
    (32_175, 0b0101101011010),                   // n = 13
    (67_480, 0b01011010100101),                  // n = 14
    (221_453, 0b011001100110110),                // n = 15
    (475_876, 0b0110011010011001),               // n = 16
    (1_667_201, 0b01011010101100110),            // n = 17
    (3_661_768, 0b011001100110011001),           // n = 18
    (13_500_809, 0b1001100110010110101),         // n = 19
    (30_141_476, 0b01100110011001100110),        // n = 20
    (117_616_833, 0b011010110100110011001),      // n = 21
    (267_228_936, 0b0110011001100110011001),     // n = 22
    (1_097_791_255, 0b01100110011011001100110),  // n = 23
    (2_533_773_628, 0b011001100110100110011001), // n = 24
];

/// The working memory a thread needs for a join count of an n×n board:
/// the half boards of the plan's costliest unit, their sorted copy and
/// the walk's lists, measured by building them.
///
/// # Panics
/// If n is above [`JOIN_MAX_N`].
pub(crate) fn thread_bytes(n: usize) -> u64 {
    let rows = PLANNED[n].1;
    let geometry = Geometry::of(n);
    let mut scratch = Scratch::default();
    let (kernel, quadrants) = (Kernel::Scalar, Quadrants::new(geometry));
    quadrants.halves(kernel, rows, true, &mut scratch.east);
    let west_rows = rows ^ geometry.all_rows();
    quadrants.halves(kernel, west_rows, false, &mut scratch.west);
    let buckets = Buckets::bytes_for(geometry, scratch.east.len(), scratch.west.len());
    scratch.bytes() + buckets
}

/// The quadrant placements all threads keep in a join count of an n×n
/// board.
///
/// # Panics
/// If n is above [`JOIN_MAX_N`].
pub(crate) fn shared_bytes(n: usize) -> u64 {
    kept_bytes(PLANNED[n].0)
}

#[cfg(test)]
mod tests {
    use super::super::cost::unit_costs;
    use super::super::east_row_sets;
    use super::PLANNED;

    /// What the plan of the join finds for n: its placements, and the
    /// east rows of its costliest unit (the last one, as `max_by_key`
    /// picks).
    fn planned(n: usize) -> (u64, u32) {
        let sets = east_row_sets(n);
        let (costs, placements) = unit_costs(n, &sets);
        let costliest = (sets.iter().zip(&costs))
            .max_by_key(|(_, &cost)| cost)
            .map(|(&rows, _)| rows);
        (placements, costliest.unwrap())
    }

    #[test]
    fn the_table_is_what_the_plans_find() {
        for (n, &tabled) in PLANNED.iter().enumerate().take(23) {
            assert_eq!(planned(n), tabled, "n = {n}");
        }
    }

    #[test]
    #[ignore = "plans n = 23 and 24, 40 s: run with --include-ignored (CI does)"]
    fn the_table_is_what_the_plans_find_up_to_join_max_n() {
        for (n, &tabled) in PLANNED.iter().enumerate().skip(23) {
            assert_eq!(planned(n), tabled, "n = {n}");
        }
    }
}
