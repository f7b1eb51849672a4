//! What is known of each board's join up to [`TABLED_N`] without
//! building anything: the figures that the costs (cost.rs) and the
//! memory (memory.rs) both read, kept apart from either so that neither
//! imports the other back.

/// The largest board whose placement counts are counted, not sampled, and
/// whose plan is tabled here.
pub(super) const TABLED_N: usize = 24;

/// For each n up to [`TABLED_N`]: the placements of every quadrant on
/// every set of rows (what the unit costs add up: the lists the threads
/// keep), the east rows of the plan's costliest unit by its lists (the
/// last of them in plan order), and its east half boards (all its terms', joined as one)
/// and west ones, on which a
/// thread's memory is reckoned. Tabled because finding them takes costing
/// every unit (15 s at n = 24), and a count's memory is known before its plan
/// is made, without building anything; the tests below find them again
/// from the plan.
pub(super) const PLANNED: [(u64, u32, usize, usize); TABLED_N + 1] = [
    (4, 0b0, 1, 1),                                                // n = 0
    (5, 0b1, 1, 1),                                                // n = 1
    (8, 0b01, 1, 1),                                               // n = 2
    (13, 0b101, 1, 1),                                             // n = 3
    (20, 0b0110, 0, 2),                                            // n = 4
    (41, 0b1011, 2, 2),                                            // n = 5
    (72, 0b010101, 2, 2),                                          // n = 6
    (179, 0b110101, 2, 4),                                         // n = 7
    (348, 0b01011010, 6, 14),                                      // n = 8
    (919, 0b11100101, 10, 8),                                      // n = 9
    (1_848, 0b0110101001, 16, 16),                                 // n = 10
    (5_175, 0b1101001101, 68, 20),                                 // n = 11
    (10_540, 0b011010101001, 60, 60),                              // n = 12
    (32_175, 0b110110011001, 292, 92),                             // n = 13
    (67_480, 0b01011010100101, 350, 350),                          // n = 14
    (221_453, 0b11001100110110, 1_328, 520),                       // n = 15
    (475_876, 0b0110011010011001, 1_568, 1_568),                   // n = 16
    (1_667_201, 0b1011011001100110, 5_466, 2_696),                 // n = 17
    (3_661_768, 0b011001100110011001, 10_422, 10_422),             // n = 18
    (13_500_809, 0b1001100110010110101, 50_110, 9_236),            // n = 19
    (30_141_476, 0b01100110011001100110, 53_496, 61_036),          // n = 20
    (117_616_833, 0b11010110100110011001, 273_828, 64_710),        // n = 21
    (267_228_936, 0b0110011001100110011001, 395_076, 395_076),     // n = 22
    (1_097_791_255, 0b1100110011001100110011, 2_819_816, 395_076), // n = 23
    (
        2_533_773_628,
        0b011001100110100110011001,
        2_568_574,
        2_568_574,
    ), // n = 24
];

/// The placements of all quadrant lists of an n×n board, where tabled.
pub(super) fn placements(n: usize) -> Option<u64> {
    PLANNED.get(n).map(|planned| planned.0)
}
