//! The join's symmetry: which sets of east rows are units, and the join
//! each unit makes, weighed by the solutions each pair stands for.
//!
//! Turning the board upside down maps a set of east rows to its mirror
//! image, with as many solutions: only the least of the two is a unit.
//!
//! On an even board the east–west mirror maps a set to its complement as
//! well, so a unit stands for a family of up to four sets, and it is one
//! join: its east half boards against its west ones.
//!
//! On an odd board a set S of east rows holds the middle column's queen's
//! row r as well: that column belongs to the east half (up to
//! [`WIDE_MAX_N`]; above, its queen is placed first, as Kluev does in the
//! first half of his centre cross, and each r has east lists of its
//! own). Each r in S is a *term* (S, r): the half boards whose middle
//! queen is on row r.
//! The east–west mirror maps (S, r) to (the rows outside S, plus r; r),
//! the upside-down turn to (mirror S, mirror r): a term stands for the
//! up to four terms of its orbit. Which term of an orbit is joined is
//! free to choose, and the choice here keeps a unit's terms together:
//! the mirror moves every row but r across, so of a term and its east–
//! west image exactly one lacks the middle row c = ⌊n/2⌋ (unless r = c),
//! and the turn keeps c. A set without c is a unit if it is the least of
//! it and its turned image, and all its terms are joined as one (those
//! with r < c where the set is its own image); a set with c joins only
//! (S, c), if S is the least of the four sets of that term's orbit. So
//! each unit is one join, of all its east half boards. (Taking the least
//! of each orbit instead, as before, made a join for each weight of a
//! unit's terms and left units with none: n = 17 had 12,190 units, 3,235
//! of them joining nothing; it now has 9,019.)
//!
//! (Placing the middle row's queen first as well lets all eight
//! symmetries of the square count, not four; but then each term splits
//! into one per column of that queen, and the joins grow too small to pay
//! for setting them up: it was 2.3× slower at n = 19, measured with the
//! earlier pair count that bucketed the east list.)

use super::quadrant::Geometry;
#[cfg(doc)]
use super::quadrant::WIDE_MAX_N;
use super::transpose::{Keep, Transposed};

/// The join a unit makes: the east half boards on `east` whose middle
/// queen (on an odd board) stands on a row of `middles` (all of them:
/// `u32::MAX`) against the west ones on `west`, each disjoint pair
/// standing for `weight` solutions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Join {
    pub east: u32,
    pub west: u32,
    pub middles: u32,
    pub weight: u128,
}

/// A list of a join's east half boards: those on `rows` whose middle
/// queen stands on a row of `middles` (where the east half holds the
/// middle column), or those beside the middle queen on row `beside`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct EastSide {
    pub rows: u32,
    pub middles: u32,
    pub beside: Option<usize>,
    /// The north runs it is made from (transpose.rs).
    pub keep: Keep,
}

impl EastSide {
    /// The diagonals of the queen beside it, ↘ and ↙.
    pub fn placed(self, geometry: Geometry) -> (u64, u64) {
        let Some(row) = self.beside else {
            return (0, 0);
        };
        let column = geometry.west;
        let down = 1u64 << (row + geometry.n - 1 - column);
        (down, 1u64 << (row + column))
    }

    /// Where those diagonals cross the middle column: the half boards
    /// whose signature meets this attack that queen.
    pub fn placed_signature(self, geometry: Geometry) -> u64 {
        let (down, up) = self.placed(geometry);
        geometry.signature(down, up)
    }
}

impl Join {
    /// The diagonals (↘, ↙) of the middle column's queen where the join
    /// has one term, so that one row: no west half board on them can
    /// pair, and none is made. Where it has several, (0, 0).
    pub fn west_beside(self, geometry: Geometry) -> (u64, u64) {
        let terms = self.east & self.middles & geometry.all_rows();
        if geometry.n.is_multiple_of(2) || terms.count_ones() != 1 {
            return (0, 0);
        }
        let beside = Some(terms.trailing_zeros() as usize);
        let rows = self.east;
        EastSide {
            rows,
            middles: u32::MAX,
            beside,
            keep: Keep::All,
        }
        .placed(geometry)
    }

    /// Its east half boards: one list, or on a board too large for the
    /// east half to hold the middle column, one for each of its terms.
    pub fn east_sides(self, geometry: Geometry) -> Vec<EastSide> {
        if geometry.wide || geometry.n.is_multiple_of(2) {
            let (rows, middles, beside) = (self.east, self.middles, None);
            return vec![EastSide {
                rows,
                middles,
                beside,
                keep: Keep::All,
            }];
        }
        let rows = (0..geometry.n).filter(|&row| (self.east & self.middles) >> row & 1 == 1);
        let side = |row: usize| EastSide {
            rows: self.east ^ 1 << row,
            middles: u32::MAX,
            beside: Some(row),
            keep: Keep::All,
        };
        rows.map(side).collect()
    }
}

/// The joins of the unit on `rows`: its join, or where an odd board's
/// unit is transposed (transpose/odd.rs), its terms whose middle queen
/// stands north of the middle row, of its rows and, where they are not
/// their own image, of its rows turned upside down (which stand for its
/// other terms).
pub(super) fn joins(geometry: Geometry, rows: u32) -> Vec<Join> {
    let join = join(geometry, rows).expect("a unit's rows make a join");
    let odd = !geometry.n.is_multiple_of(2);
    if !odd || Transposed::of(geometry, rows).is_none() {
        return vec![join];
    }
    let north = geometry.north_rows();
    let own = Join {
        middles: join.middles & north,
        ..join
    };
    let turned = mirror(geometry, rows);
    let image = Join {
        east: turned,
        west: geometry.all_rows() ^ turned,
        middles: north,
        ..join
    };
    match turned == rows {
        true => vec![own],
        false => vec![own, image],
    }
}

/// The sets of east rows (those of the middle column's queen too, on an
/// odd board) that are units, by value: every set of the right size that
/// makes a join.
pub(super) fn east_row_sets(n: usize) -> Vec<u32> {
    units(n).collect()
}

/// How many units the join's plan of `n` has, counted without holding
/// them: a count's memory is reckoned before its plan is made, and the
/// sets alone took 28 MiB at n = 27.
pub(super) fn unit_count(n: usize) -> usize {
    units(n).count()
}

fn units(n: usize) -> impl Iterator<Item = u32> {
    let geometry = Geometry::of(n);
    let size = (n - geometry.west) as u32;
    (0..=geometry.all_rows())
        .filter(move |rows| rows.count_ones() == size)
        .filter(move |&rows| join(geometry, rows).is_some())
}

/// The join the set of east rows `rows` makes, if it is a unit.
pub(super) fn join(geometry: Geometry, rows: u32) -> Option<Join> {
    let (all, turned) = (geometry.all_rows(), mirror(geometry, rows));
    let west = all ^ rows;
    if geometry.n.is_multiple_of(2) {
        let family = family(geometry, rows);
        let least = family.iter().all(|&other| rows <= other);
        let weight = distinct(family);
        return least.then_some(Join {
            east: rows,
            west,
            middles: u32::MAX,
            weight,
        });
    }
    let middle_row = 1u32 << (geometry.n / 2);
    if rows & middle_row == 0 {
        // Each term's orbit: itself, its turned image and their east–west
        // images, which hold the middle row; four in all.
        let middles = match rows.cmp(&turned) {
            std::cmp::Ordering::Greater => return None,
            std::cmp::Ordering::Equal => rows & (middle_row - 1),
            std::cmp::Ordering::Less => u32::MAX,
        };
        return Some(Join {
            east: rows,
            west,
            middles,
            weight: 4,
        });
    }
    let orbit = [
        rows,
        west | middle_row,
        turned,
        mirror(geometry, west) | middle_row,
    ];
    let least = orbit.iter().all(|&other| rows <= other);
    least.then_some(Join {
        east: rows,
        west,
        middles: middle_row,
        weight: distinct(orbit),
    })
}

/// `rows` upside down.
fn mirror(geometry: Geometry, rows: u32) -> u32 {
    (u64::from(rows.reverse_bits()) >> (32 - geometry.n)) as u32
}

/// The sets of east rows with as many solutions as `rows` on an even
/// board: itself, its mirror image top to bottom, the complement and its
/// mirror image (some may be the same set).
fn family(geometry: Geometry, rows: u32) -> [u32; 4] {
    let complement = rows ^ geometry.all_rows();
    let turned = mirror(geometry, rows);
    [rows, turned, complement, mirror(geometry, complement)]
}

/// How many distinct sets `sets` holds.
fn distinct(mut sets: [u32; 4]) -> u128 {
    sets.sort_unstable();
    1 + sets.windows(2).filter(|pair| pair[0] != pair[1]).count() as u128
}
