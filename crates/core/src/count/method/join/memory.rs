//! The memory a join count needs, known from n alone: each thread's half
//! boards and buckets, and the quadrant placements the threads share.

use super::buckets::Buckets;
use super::half::kept_bytes;
use super::quadrant::Geometry;
use super::JOIN_MAX_N;

/// For each n up to [`JOIN_MAX_N`]: the placements of every quadrant on
/// every set of rows (what the unit costs add up: the lists the threads
/// keep), the east rows of the plan's costliest unit (the last of them in
/// plan order), and its east and west half boards, on which a thread's
/// memory is reckoned. Tabled because finding them takes costing every
/// unit (15 s at n = 24), and a count's memory is known before its plan
/// is made, without building anything; the tests below find them again
/// from the plan.
const PLANNED: [(u64, u32, usize, usize); JOIN_MAX_N + 1] = [
    (4, 0b0, 1, 1),                                                 // n = 0
    (5, 0b1, 1, 1),                                                 // n = 1
    (8, 0b01, 1, 1),                                                // n = 2
    (13, 0b101, 2, 1),                                              // n = 3
    (20, 0b0110, 0, 2),                                             // n = 4
    (41, 0b10101, 2, 2),                                            // n = 5
    (72, 0b010101, 2, 2),                                           // n = 6
    (179, 0b0110101, 2, 4),                                         // n = 7
    (348, 0b01011010, 6, 14),                                       // n = 8
    (919, 0b011010110, 6, 12),                                      // n = 9
    (1_848, 0b0110101001, 16, 16),                                  // n = 10
    (5_175, 0b01101010110, 42, 30),                                 // n = 11
    (10_540, 0b011010101001, 60, 60),                               // n = 12
    (32_175, 0b0101101011010, 208, 170),                            // n = 13
    (67_480, 0b01011010100101, 350, 350),                           // n = 14
    (221_453, 0b011001100110110, 1_328, 520),                       // n = 15
    (475_876, 0b0110011010011001, 1_568, 1_568),                    // n = 16
    (1_667_201, 0b01011010101100110, 5_372, 2_476),                 // n = 17
    (3_661_768, 0b011001100110011001, 10_422, 10_422),              // n = 18
    (13_500_809, 0b1001100110010110101, 50_110, 9_236),             // n = 19
    (30_141_476, 0b01100110011001100110, 53_496, 61_036),           // n = 20
    (117_616_833, 0b011010110100110011001, 273_828, 64_710),        // n = 21
    (267_228_936, 0b0110011001100110011001, 395_076, 395_076),      // n = 22
    (1_097_791_255, 0b01100110011011001100110, 1_736_776, 602_520), // n = 23
    (
        2_533_773_628,
        0b011001100110100110011001,
        2_568_574,
        2_568_574,
    ), // n = 24
];

/// The working memory a thread needs for a join count of an n×n board:
/// the half boards of the plan's costliest unit (each list at most twice
/// its length, as a growing vector holds it), their sorted copy and the
/// walk's lists.
///
/// # Panics
/// If n is above [`JOIN_MAX_N`].
pub(crate) fn thread_bytes(n: usize) -> u64 {
    let (_, _, east, west) = PLANNED[n];
    let halves = 2 * (east + west) * std::mem::size_of::<u64>();
    halves as u64 + Buckets::bytes_for(Geometry::of(n), east, west)
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
    use super::super::half::Quadrants;
    use super::super::quadrant::Geometry;
    use super::PLANNED;
    use crate::count::Kernel;

    /// What the plan of the join finds for n: its placements, the east
    /// rows of its costliest unit (the last one, as `max_by_key` picks),
    /// and that unit's east and west half boards.
    fn planned(n: usize) -> (u64, u32, usize, usize) {
        let sets = east_row_sets(n);
        let (costs, placements) = unit_costs(n, &sets);
        let costliest = (sets.iter().zip(&costs))
            .max_by_key(|(_, &cost)| cost)
            .map(|(&rows, _)| rows)
            .unwrap();
        let geometry = Geometry::of(n);
        let quadrants = Quadrants::new(geometry);
        let (mut east, mut west) = (Vec::new(), Vec::new());
        quadrants.halves(Kernel::Scalar, costliest, true, &mut east);
        let west_rows = costliest ^ geometry.all_rows();
        quadrants.halves(Kernel::Scalar, west_rows, false, &mut west);
        (placements, costliest, east.len(), west.len())
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
