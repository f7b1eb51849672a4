//! The memory a join count takes, known from n, the threads and the
//! memory it may take, before anything is built: each thread's half
//! boards and split, at most a part of each side of a unit at a time,
//! and the quadrant placements the threads share, up to a budget.

use super::cost::{self, TABLED_N};
use super::disjoint::Disjoint;
use super::half::PLACEMENT_BYTES;
use crate::count::method::way::Memory;

/// For each n up to [`TABLED_N`]: the placements of every quadrant on
/// every set of rows (what the unit costs add up: the lists the threads
/// keep), the east rows of the plan's costliest unit (the last of them in
/// plan order), and its east half boards (the most of any of its joins,
/// whose terms' half boards are joined as one) and west ones, on which a
/// thread's memory is reckoned. Tabled because finding them takes costing
/// every unit (15 s at n = 24), and a count's memory is known before its plan
/// is made, without building anything; the tests below find them again
/// from the plan.
const PLANNED: [(u64, u32, usize, usize); TABLED_N + 1] = [
    (4, 0b0, 1, 1),                                              // n = 0
    (4, 0b1, 1, 1),                                              // n = 1
    (8, 0b01, 1, 1),                                             // n = 2
    (10, 0b11, 1, 1),                                            // n = 3
    (20, 0b0110, 0, 2),                                          // n = 4
    (28, 0b1110, 2, 2),                                          // n = 5
    (72, 0b010101, 2, 2),                                        // n = 6
    (110, 0b101101, 6, 4),                                       // n = 7
    (348, 0b01011010, 6, 14),                                    // n = 8
    (544, 0b11010110, 10, 12),                                   // n = 9
    (1_848, 0b0110101001, 16, 16),                               // n = 10
    (3_002, 0b1011010110, 104, 44),                              // n = 11
    (10_540, 0b011010101001, 60, 60),                            // n = 12
    (17_940, 0b101101010110, 472, 106),                          // n = 13
    (67_480, 0b01011010100101, 350, 350),                        // n = 14
    (119_354, 0b10110100110110, 2_886, 460),                     // n = 15
    (475_876, 0b0110011010011001, 1_568, 1_568),                 // n = 16
    (870_728, 0b1011010101100110, 13_774, 2_476),                // n = 17
    (3_661_768, 0b011001100110011001, 10_422, 10_422),           // n = 18
    (6_880_882, 0b110011001110011001, 51_586, 13_750),           // n = 19
    (30_141_476, 0b01100110011001100110, 53_496, 61_036),        // n = 20
    (58_344_968, 0b10110101101001100110, 605_010, 80_140),       // n = 21
    (267_228_936, 0b0110011001100110011001, 395_076, 395_076),   // n = 22
    (531_155_082, 0b1100110011001011010110, 4_925_364, 453_478), // n = 23
    (
        2_533_773_628,
        0b011001100110100110011001,
        2_568_574,
        2_568_574,
    ), // n = 24
];

/// The quadrant placements the threads keep by default: the plan runs the
/// units that share quadrants one after another, so more saves little.
pub(super) const STORE_BYTES: u64 = 128 << 20;

/// The least they keep when memory is short.
const MIN_STORE_BYTES: u64 = 8 << 20;

/// The half boards of a side a thread holds at once, at most, where the
/// table below does not say (n above 24), and the least it holds when
/// memory is short.
const PART: usize = 1 << 22;
const MIN_PART: usize = 1 << 16;

/// The placements of all quadrant lists of an n×n board, where tabled.
pub(super) fn placements(n: usize) -> Option<u64> {
    PLANNED.get(n).map(|planned| planned.0)
}

/// How a join count uses its memory.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Sizing {
    /// The bytes of quadrant placements kept for all threads.
    pub store: u64,
    /// The most half boards of a side a thread holds at once.
    pub part: usize,
    /// The bytes of the four quadrant lists a thread's unit uses, at most.
    pub in_use: u64,
}

impl Sizing {
    /// The sizing of a count of an n×n board on `threads` threads that may
    /// take `room` bytes (beyond its plan and kernels): the default, or
    /// less kept and smaller parts until it fits; the least there is when
    /// nothing fits (the count is then refused).
    pub fn of(n: usize, threads: usize, room: Option<u64>) -> Sizing {
        let all = PLANNED.get(n).map_or(u64::MAX, |p| p.0 * PLACEMENT_BYTES);
        let mut sizing = Sizing {
            store: STORE_BYTES.min(all),
            part: PART,
            in_use: lists_in_use(n) * PLACEMENT_BYTES,
        };
        let Some(room) = room else {
            return sizing;
        };
        while sizing.memory(n, threads).total(threads) > room && sizing.part > MIN_PART {
            sizing.part /= 2;
        }
        // All but the store, which takes what is left.
        let rest = sizing.memory(n, threads).total(threads) - sizing.store;
        sizing.store = sizing
            .store
            .min(room.saturating_sub(rest))
            .max(MIN_STORE_BYTES);
        sizing
    }

    /// What a count sized so takes: each thread's parts and split,
    /// and the quadrants kept with those of each thread's unit in use.
    pub fn memory(&self, n: usize, threads: usize) -> Memory {
        let (east, west) = PLANNED
            .get(n)
            .map_or((self.part, self.part), |p| (p.2, p.3));
        let (east, west) = (east.min(self.part), west.min(self.part));
        // A part may pass `part` by the half boards of 64 north placements.
        let halves = (east + west + 2 * 64 * 64) * std::mem::size_of::<u64>();
        Memory {
            per_thread: halves as u64 + Disjoint::bytes_for(east, west),
            shared: self.store + threads as u64 * self.in_use,
        }
    }
}

impl Memory {
    /// All of it, on `threads` threads.
    fn total(&self, threads: usize) -> u64 {
        self.shared + threads as u64 * self.per_thread
    }
}

/// The most placements of the quadrant lists a thread's join holds at
/// once (`Tables::in_use`), for an n×n board: tabled up to [`TABLED_N`],
/// sampled above (with a margin for the sample's error).
fn lists_in_use(n: usize) -> u64 {
    match IN_USE.get(n) {
        Some(&in_use) => in_use,
        None => (cost::Tables::of(n).in_use() * 1.5) as u64,
    }
}

/// `Tables::in_use`, for each n up to [`TABLED_N`] (the tests below find
/// them again). It was reckoned as four of the longest list, twice this.
const IN_USE: [u64; TABLED_N + 1] = [
    4, 4, 4, 4, 8, 8, 14, 16, 32, 36, 76, 94, 232, 274, 720, 900, 2_680, 3_272, 11_200, 14_056,
    53_824, 65_420, 287_352, 354_798, 1_578_908,
];

#[cfg(test)]
mod tests {
    use super::super::cost::{unit_costs, Tables};
    use super::super::family::{east_row_sets, joins, terms};
    use super::super::half::Quadrants;
    use super::super::quadrant::Geometry;
    use super::{IN_USE, PLANNED};
    use crate::count::Kernel;

    /// What the plan of the join finds for n: its placements, the east
    /// rows of its costliest unit (the last one, as `max_by_key` picks),
    /// and that unit's east and west half boards.
    fn planned(n: usize) -> (u64, u32, usize, usize) {
        let geometry = Geometry::of(n);
        let sets = east_row_sets(n);
        let (costs, placements) = unit_costs(n, &sets);
        let costliest = (sets.iter().zip(&costs))
            .max_by_key(|(_, &cost)| cost)
            .map(|(&rows, _)| rows)
            .unwrap();
        let quadrants = Quadrants::new(geometry, u64::MAX);
        let halves = |rows: u32, east: bool| {
            let mut out = Vec::new();
            quadrants.halves(Kernel::Scalar, rows, east, &mut out);
            out.len()
        };
        let joins = joins(geometry, costliest).into_iter();
        let east = joins.map(|(_, terms)| terms.iter().map(|term| halves(term.east, true)).sum());
        let east = east.max().unwrap();
        let west = halves(costliest ^ geometry.all_rows(), false);
        (placements, costliest, east, west)
    }

    #[test]
    fn the_lists_in_use_are_tabled() {
        for (n, &tabled) in IN_USE.iter().enumerate().take(23) {
            assert_eq!(Tables::of(n).in_use() as u64, tabled, "n = {n}");
        }
    }

    /// No unit of a plan, in any of its terms, holds more placements in
    /// its four lists at once than the bound says.
    #[test]
    fn no_join_holds_more_lists_than_the_bound() {
        for (n, &bound) in IN_USE.iter().enumerate().take(18).skip(4) {
            let (geometry, tables) = (Geometry::of(n), Tables::of(n));
            let north = geometry.north_rows();
            let held = |rows: u32, east: bool| {
                tables.list(rows & north, east) + tables.list(rows & !north, east)
            };
            for rows in east_row_sets(n) {
                let west = held(rows ^ geometry.all_rows(), false);
                for term in terms(geometry, rows) {
                    let in_use = held(term.east, true) + west;
                    assert!(in_use <= bound as f64, "n = {n}, rows {rows:b}: {in_use}");
                }
            }
        }
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
            assert_eq!(Tables::of(n).in_use() as u64, IN_USE[n], "n = {n}");
        }
    }
}
