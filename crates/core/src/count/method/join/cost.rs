//! What a unit will cost, before it runs: the geometric mean of its join's
//! two sides' half boards (each the product of its two quadrants'
//! placement counts, the east's the share its middle rows take). The split by diagonals makes a
//! join's time grow as that mean, not as the pairs the two sides could
//! make (n = 22: a unit's seconds grow as its pairs to the power 0.47,
//! and the mean's seconds per unit of cost are within 15 % from the
//! cheapest tenth of the units to the dearest). On an even board a
//! unit joins only the share of its pairs its transpose leaves it
//! (transpose.rs), and the product is taken of that share. The counts of
//! every set of rows are made once per plan.

use super::family::{join, joins, EastSide, Join};
use super::planned::{placements, TABLED_N};
use super::quadrant::Geometry;
use super::transpose::kept_shares;
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// The scale of the largest unit's cost: costs keep 40 bits of
/// precision, and even if every unit cost as much as the largest, the
/// 10,030,008 units of n = 27 would add up to 2^63.3, within a u64.
const LARGEST: f64 = (1u64 << 40) as f64;

/// The cost of each unit, whose east rows are `row_sets`, from the
/// `tables` of their board: the share of its pairs each joins taken
/// (the work), or not (`whole`: what its lists hold).
pub(crate) fn unit_costs(tables: &Tables, row_sets: &[u32], whole: bool) -> Vec<u64> {
    let geometry = tables.geometry;
    let family = |rows| join(geometry, rows).map_or(0.0, |join| join.weight as f64);
    let kept = match whole {
        true => vec![1.0; row_sets.len()],
        false => kept_shares(geometry, row_sets, family),
    };
    let raw: Vec<f64> = (row_sets.iter().zip(kept))
        .map(|(&rows, kept)| {
            // An odd board's transposed unit makes two joins of its own;
            // its lists are those of one of them at a time.
            let joins = match whole {
                true => vec![join(geometry, rows).expect("the plan's units make joins")],
                false => joins(geometry, rows),
            };
            let work = |join: Join| {
                let west = tables.half(join.west, false);
                let east: f64 = east_weights(tables, join).iter().sum();
                (east * west * kept).sqrt()
            };
            joins.into_iter().map(work).sum::<f64>()
        })
        .collect();
    let largest = raw.iter().copied().fold(1.0, f64::max);
    (raw.iter())
        .map(|&cost| ((cost / largest * LARGEST) as u64).max(1))
        .collect()
}

/// The half boards of each of `join`'s east sides, as `tables` reckon
/// them: the product of its quadrants' placements, times the share its
/// middle rows take.
pub(super) fn east_weights(tables: &Tables, join: Join) -> Vec<f64> {
    let sides = join.east_sides(tables.geometry).into_iter();
    sides
        .map(|side| tables.half(side.rows, true) * share(side))
        .collect()
}

/// The share of the half boards on `side`'s rows whose middle queen
/// stands on one of its middle rows, taking each of its rows as likely.
fn share(side: EastSide) -> f64 {
    match side.middles {
        u32::MAX => 1.0,
        middles => {
            f64::from((middles & side.rows).count_ones()) / f64::from(side.rows.count_ones())
        }
    }
}

/// The board whose tables are counted to time how fast this machine
/// counts them: 1.7 million placements, about 30 ms.
const TIMED_N: usize = 17;

/// About how long counting the tables of an n×n board takes on this
/// machine, where that takes a second or more (n from 21 to
/// [`TABLED_N`]; above, they are sampled in about a second): n = 17's
/// counted, timed, and scaled by the placements (an even board's four
/// quadrants are one counted and three mirrored). Counting ran at 59 to
/// 60 million placements a second from n = 17 to 22.
pub(crate) fn counting_seconds(n: usize) -> Option<f64> {
    if !(TIMED_N + 4..=TABLED_N).contains(&n) {
        return None;
    }
    let counted = |n: usize| {
        let all = placements(n).unwrap_or(0) as f64;
        all / if n.is_multiple_of(2) { 4.0 } else { 1.0 }
    };
    let started = crate::count::estimate::CpuStopwatch::start();
    std::hint::black_box(Tables::of(TIMED_N));
    let seconds = started.seconds().max(1e-6);
    Some(seconds * counted(n) / counted(TIMED_N))
}

/// The placements of each quadrant on each set of its rows: north-east,
/// south-east, north-west, south-west. Counted exactly up to
/// [`TABLED_N`]; above, where counting takes minutes (186 s at n = 25),
/// estimated by seeded random walks (the same every time).
#[derive(Clone)]
pub(crate) struct Tables {
    geometry: Geometry,
    quadrants: [Vec<f64>; 4],
}

impl Tables {
    /// The tables of an n×n board.
    pub fn of(n: usize) -> Tables {
        let geometry = Geometry::of(n);
        let (north, south) = (geometry.north, n - geometry.north);
        let table = |east: bool, first: usize, height: usize| match n <= TABLED_N {
            true => placement_counts(geometry, east, first, height),
            false => sampled_counts(geometry, east, first, height),
        };
        let north_east = table(true, 0, north);
        let quadrants = match n % 2 {
            // An even board's four quadrants are mirror images of one another:
            // east to west keeps the rows, north to south turns them over.
            0 => {
                let turned = |rows: usize| (rows as u32).reverse_bits() as usize >> (32 - north);
                let south_east: Vec<f64> = (0..north_east.len())
                    .map(|rows| north_east[turned(rows)])
                    .collect();
                [
                    north_east.clone(),
                    south_east.clone(),
                    north_east,
                    south_east,
                ]
            }
            _ => [
                north_east,
                table(true, north, south),
                table(false, 0, north),
                table(false, north, south),
            ],
        };
        Tables {
            geometry,
            quadrants,
        }
    }

    /// The product of the placements of a half's two quadrants on `rows`.
    pub fn half(&self, rows: u32, east: bool) -> f64 {
        let (north, south) = match east {
            true => (&self.quadrants[0], &self.quadrants[1]),
            false => (&self.quadrants[2], &self.quadrants[3]),
        };
        let north_rows = rows & self.geometry.north_rows();
        north[north_rows as usize] * south[(rows >> self.geometry.north) as usize]
    }

    /// The placements of one quadrant list: on `rows` (a set of north or
    /// of south rows, as the unit's rows cut them) in the east or west half.
    pub fn list(&self, rows: u32, east: bool) -> f64 {
        let quadrant = 2 * usize::from(!east)
            + usize::from(rows & self.geometry.north_rows() == 0 && rows != 0);
        let rows = match quadrant % 2 {
            0 => rows,
            _ => rows >> self.geometry.north,
        };
        self.quadrants[quadrant][rows as usize]
    }

    /// The placements in all.
    #[cfg(test)]
    pub fn placements(&self) -> u64 {
        self.quadrants.iter().flatten().sum::<f64>() as u64
    }

    /// The most placements a thread holds in the four lists of a join
    /// at once: its east and west half's north quadrants, on disjoint
    /// sets of north rows, and their south ones likewise (an upper bound
    /// on every unit's (and each of its terms' east lists'), about twice
    /// the longest list).
    pub fn in_use(&self) -> f64 {
        let [north_east, south_east, north_west, south_west] = &self.quadrants;
        most_on_disjoint_rows(north_east, north_west)
            + most_on_disjoint_rows(south_east, south_west)
    }
}

/// The most that `east[a] + west[c]` reach for disjoint sets of rows a
/// and c (both tables indexed by the same rows).
fn most_on_disjoint_rows(east: &[f64], west: &[f64]) -> f64 {
    // within[x]: the most of west on a set of rows within x.
    let mut within = west.to_vec();
    for bit in 0..within.len().trailing_zeros() {
        for rows in 0..within.len() {
            if rows >> bit & 1 == 1 {
                within[rows] = within[rows].max(within[rows ^ 1 << bit]);
            }
        }
    }
    let all = east.len() - 1;
    (0..east.len())
        .map(|rows| east[rows] + within[all ^ rows])
        .fold(0.0, f64::max)
}

/// For every set of the `height` rows of one quadrant (bit i standing for
/// row `first + i`), the placements on it within one half's columns.
/// One walk down the rows, each row left empty or given a queen, counts
/// them all: the sets that share their upper rows share that part of the
/// walk (n = 19: a count's plan in 0.32 s, 0.45 s counting each set alone).
fn placement_counts(geometry: Geometry, east: bool, first: usize, height: usize) -> Vec<f64> {
    let mut counts = vec![0u64; 1 << height];
    let shape = QuadrantShape {
        geometry,
        columns: geometry.columns(east),
        first,
        height,
    };
    shape.count_below(0, (0, 0, 0, 0), &mut counts);
    counts.into_iter().map(|count| count as f64).collect()
}

/// The rows `first..first + height` of one half's `columns`.
struct QuadrantShape {
    geometry: Geometry,
    columns: u32,
    first: usize,
    height: usize,
}

impl QuadrantShape {
    /// Adds to `counts` the placements from its row `step` down, given the
    /// rows above that have a queen (`rows`, bit i for row `first + i`) and
    /// the columns and diagonals they take.
    fn count_below(&self, step: usize, taken: (u32, u32, u64, u64), counts: &mut [u64]) {
        let (rows, cols, down, up) = taken;
        if step == self.height {
            counts[rows as usize] += 1;
            return;
        }
        self.count_below(step + 1, taken, counts);
        let row = self.first + step;
        let mut free = self.columns & !cols;
        while free != 0 {
            let col = free.trailing_zeros() as usize;
            free &= free - 1;
            let d = 1u64 << (row + self.geometry.n - 1 - col);
            let u = 1u64 << (row + col);
            if down & d == 0 && up & u == 0 {
                let taken = (rows | 1 << step, cols | 1 << col, down | d, up | u);
                self.count_below(step + 1, taken, counts);
            }
        }
    }
}

/// Random walks per set of rows in a sampled table.
const WALKS: usize = 64;

/// [`placement_counts`], each the mean of [`WALKS`] random walks (Knuth's
/// estimate: the product of the choices met on the way down), seeded by
/// the quadrant.
fn sampled_counts(geometry: Geometry, east: bool, first: usize, height: usize) -> Vec<f64> {
    let columns = geometry.columns(east);
    let seed = (geometry.n as u64) << 8 | u64::from(east) << 7 | first as u64;
    let mut random = Pcg64Mcg::seed_from_u64(seed);
    (0..1u32 << height)
        .map(|rows| {
            let walks = (0..WALKS).map(|_| walk(geometry, rows << first, columns, &mut random));
            walks.sum::<f64>() / WALKS as f64
        })
        .collect()
}

/// One random walk down `rows`: the product of the free squares met.
fn walk(geometry: Geometry, mut rows: u32, columns: u32, random: &mut Pcg64Mcg) -> f64 {
    let (mut cols, mut down, mut up, mut product) = (0u32, 0u64, 0u64, 1.0);
    while rows != 0 {
        let row = rows.trailing_zeros() as usize;
        rows &= rows - 1;
        let diagonals = |col: u32| {
            (
                1u64 << (row + geometry.n - 1 - col as usize),
                1u64 << (row + col as usize),
            )
        };
        let mut free = columns & !cols;
        let mut left = free;
        while left != 0 {
            let col = left.trailing_zeros();
            left &= left - 1;
            let (d, u) = diagonals(col);
            if down & d != 0 || up & u != 0 {
                free &= !(1 << col);
            }
        }
        if free == 0 {
            return 0.0;
        }
        product *= f64::from(free.count_ones());
        for _ in 0..random.random_range(0..free.count_ones()) {
            free &= free - 1;
        }
        let col = free.trailing_zeros();
        let (d, u) = diagonals(col);
        (cols, down, up) = (cols | 1 << col, down | d, up | u);
    }
    product
}

/// The placements on `rows` given the columns and diagonals taken: the
/// plain count of one set that [`placement_counts`] is checked against.
#[cfg(test)]
fn count(geometry: Geometry, rows: u32, columns: u32, cols: u32, down: u64, up: u64) -> u64 {
    if rows == 0 {
        return 1;
    }
    let row = rows.trailing_zeros() as usize;
    let mut free = columns & !cols;
    let mut found = 0;
    while free != 0 {
        let col = free.trailing_zeros() as usize;
        free &= free - 1;
        let d = 1u64 << (row + geometry.n - 1 - col);
        let u = 1u64 << (row + col);
        if down & d == 0 && up & u == 0 {
            found += count(
                geometry,
                rows & (rows - 1),
                columns,
                cols | 1 << col,
                down | d,
                up | u,
            );
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_walk_counts_every_set_as_counting_each_does() {
        for n in 1..=11 {
            let geometry = Geometry::of(n);
            for (east, first, height) in [(true, 0, n / 2), (false, n / 2, n - n / 2)] {
                let columns = geometry.columns(east);
                let counts = placement_counts(geometry, east, first, height);
                for (rows, &counted) in counts.iter().enumerate() {
                    let each = count(geometry, (rows as u32) << first, columns, 0, 0, 0);
                    assert_eq!(counted, each as f64, "n = {n} rows {rows:b}");
                }
            }
        }
    }

    #[test]
    fn an_even_boards_quadrants_count_alike_mirrored() {
        for n in (2..=12).step_by(2) {
            let geometry = Geometry::of(n);
            let q = n / 2;
            let north_east = placement_counts(geometry, true, 0, q);
            let turned = |rows: usize| (rows as u32).reverse_bits() as usize >> (32 - q);
            let south_east = placement_counts(geometry, true, q, q);
            let north_west = placement_counts(geometry, false, 0, q);
            let south_west = placement_counts(geometry, false, q, q);
            for rows in 0..1 << q {
                assert_eq!(north_west[rows], north_east[rows], "n = {n}");
                assert_eq!(south_east[rows], north_east[turned(rows)], "n = {n}");
                assert_eq!(south_west[rows], north_east[turned(rows)], "n = {n}");
            }
        }
    }
}
