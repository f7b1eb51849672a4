//! The memory a join count takes, known from n, the threads and the
//! memory it may take, before anything is built: each thread's half
//! boards and split, at most a part of each side of a unit at a time,
//! and the quadrant placements the threads share, up to a budget.

use super::cost;
use super::disjoint::Disjoint;
use super::half::placement_bytes;
use super::planned::{placements, PLANNED, TABLED_N};
use super::quadrant::Geometry;
use crate::count::method::way::Memory;

/// The quadrant placements the threads keep by default, at most: the
/// plan runs the units that share quadrants one after another, so more
/// saves little.
const STORE_BYTES: u64 = 128 << 20;

/// The least they keep by default where not all lists fit.
const SMALL_STORE_BYTES: u64 = 16 << 20;

/// The quadrant placements the threads keep by default for an n×n board:
/// a quarter of all its lists (each then made a few times, tile by tile),
/// from 16 MiB to 128 MiB, or all of them where they take less. Every
/// list kept made n = 18's whole process hold 70 MB, where a peer's
/// counter holds 25 MB; a quarter made it make its lists 1.6 times as
/// often, in 3 % of its time.
pub(super) fn store_bytes(n: usize) -> u64 {
    let all = placements(n).map_or(u64::MAX, |all| all * placement_bytes(Geometry::of(n)));
    (all / 4).clamp(SMALL_STORE_BYTES, STORE_BYTES).min(all)
}

/// The least they keep when memory is short.
const MIN_STORE_BYTES: u64 = 8 << 20;

/// The half boards of a side a thread holds at once, at most, where the
/// table below does not say (n above 24), and the least it holds when
/// memory is short.
const PART: usize = 1 << 22;
const MIN_PART: usize = 1 << 16;

/// How a join count uses its memory.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Sizing {
    /// The bytes of quadrant placements kept for all threads.
    pub store: u64,
    /// The most half boards of a side a thread holds at once.
    pub part: usize,
    /// The bytes of the four quadrant lists a thread's unit uses, at most.
    pub in_use: u64,
    /// The most bytes a thread holds while it makes a list, beyond the
    /// list: see [`making_bytes`].
    pub making: u64,
}

impl Sizing {
    /// The sizing of a count of an n×n board on `threads` threads that may
    /// take `room` bytes (beyond its plan and kernels): the default, or
    /// less kept and smaller parts until it fits; the least there is when
    /// nothing fits (the count is then refused).
    pub fn of(n: usize, threads: usize, room: Option<u64>) -> Sizing {
        let bytes = placement_bytes(Geometry::of(n));
        let mut sizing = Sizing {
            store: store_bytes(n),
            part: PART,
            in_use: lists_in_use(n) * bytes,
            making: making_bytes(n),
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
    ///
    /// A thread's part is reckoned twice over: its lists grow by doubling
    /// (a list of 86,964 half boards held 143,360), and the table's
    /// costliest unit is not the one with the most half boards (n = 19:
    /// 50,110 east against 86,964). Run over every unit, one thread held
    /// up to 1.92 times the part reckoned once (n = 17; 1.85 at n = 19):
    /// the tests below check that none holds more than reckoned.
    pub fn memory(&self, n: usize, threads: usize) -> Memory {
        let (east, west) = PLANNED
            .get(n)
            .map_or((self.part, self.part), |p| (p.2, p.3));
        let (east, west) = (east.min(self.part), west.min(self.part));
        // A part may pass `part` by the half boards of 64 north placements.
        let halves = (east + west + 2 * 64 * 64) * std::mem::size_of::<u64>();
        Memory {
            per_thread: 2 * (halves as u64 + Disjoint::bytes_for(east, west)) + self.making,
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

/// What a thread holds while it makes a quadrant list, beside the list:
/// for each set of a half's columns (2^14 at n = 27), the count of its
/// placements, where the next goes and its middle queens' rows, 4 bytes
/// each (quadrant lists are made in place, with no sort: see
/// `Quadrant::build`).
fn making_bytes(n: usize) -> u64 {
    (3 * 4) << (n - n / 2)
}

/// `Tables::in_use`, for each n up to [`TABLED_N`] (the tests below find
/// them again). It was reckoned as four of the longest list, twice this.
const IN_USE: [u64; TABLED_N + 1] = [
    4, 4, 4, 6, 8, 11, 14, 24, 32, 58, 76, 197, 232, 580, 720, 2_210, 2_680, 9_720, 11_200, 45_692,
    53_824, 237_920, 287_352, 1_304_186, 1_578_908,
];

#[cfg(test)]
mod tests {
    use super::super::cost::{unit_costs, Tables};
    use super::super::family::{east_row_sets, join};
    use super::super::half::Quadrants;
    use super::super::quadrant::Geometry;
    use super::{Sizing, IN_USE, PLANNED};
    use crate::count::{Driver, Kernel, Method, Plan};
    use crate::BoardSize;

    /// What the plan of the join finds for n: its placements, the east
    /// rows of its costliest unit (the last one, as `max_by_key` picks),
    /// and that unit's east and west half boards.
    fn planned(n: usize) -> (u64, u32, usize, usize) {
        let geometry = Geometry::of(n);
        let sets = east_row_sets(n);
        let tables = Tables::of(n);
        let (costs, placements) = (unit_costs(&tables, &sets, true), tables.placements());
        let costliest = (sets.iter().zip(&costs))
            .max_by_key(|(_, &cost)| cost)
            .map(|(&rows, _)| rows)
            .unwrap();
        let quadrants = Quadrants::new(geometry, u64::MAX);
        let join = join(geometry, costliest).unwrap();
        let halves = |rows: u32, east: bool, middles: u32| {
            let mut out = Vec::new();
            let half = quadrants.half(rows, east).middles_in(middles);
            half.append(Kernel::SCALAR, 0, usize::MAX, &mut out);
            out.len()
        };
        let sides = join.east_sides(geometry).into_iter();
        let east = sides
            .map(|side| halves(side.rows, true, side.middles))
            .sum();
        let west = halves(join.west, false, u32::MAX);
        (placements, costliest, east, west)
    }

    #[test]
    fn the_lists_in_use_are_tabled() {
        for (n, &in_use) in IN_USE.iter().enumerate().take(23) {
            assert_eq!(Tables::of(n).in_use() as u64, in_use, "n = {n}");
        }
    }

    /// No unit of a plan holds more placements in
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
                let join = join(geometry, rows).unwrap();
                for side in join.east_sides(geometry) {
                    let in_use = held(side.rows, true) + held(join.west, false);
                    assert!(in_use <= bound as f64, "n = {n}, rows {rows:b}: {in_use}");
                }
            }
        }
    }

    /// The most a thread's half boards and split hold, run over every
    /// unit of n's plan, is within what is reckoned for them.
    fn no_thread_holds_more_than_reckoned(n: usize) {
        let plan = Plan::new(BoardSize::new(n).unwrap(), Method::Join).unwrap();
        let driver = Driver::new().threads(1).unwrap();
        driver.count(&plan, &|_| {});
        let sizing = Sizing::of(n, 1, None);
        let reckoned = sizing.memory(n, 1).per_thread - sizing.making;
        let held = driver.peak_thread_bytes();
        assert!(
            held <= reckoned,
            "n = {n}: {held} held, {reckoned} reckoned"
        );
    }

    #[test]
    fn no_thread_holds_more_than_reckoned_up_to_17() {
        (4..=17).for_each(no_thread_holds_more_than_reckoned);
    }

    #[test]
    #[ignore = "counts n = 18 and 19 on one thread, 30 s: run with --include-ignored (CI does)"]
    fn no_thread_holds_more_than_reckoned_at_18_and_19() {
        (18..=19).for_each(no_thread_holds_more_than_reckoned);
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
            let tables = Tables::of(n);
            assert_eq!(tables.in_use() as u64, IN_USE[n], "n = {n}");
        }
    }
}
