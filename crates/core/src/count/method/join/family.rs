//! The join's symmetry: which sets of east rows are units, and the joins
//! (terms) each unit makes, weighed by the solutions each stands for.
//!
//! Turning the board upside down maps a set of east rows to its mirror
//! image, with as many solutions: only the least of the two is a unit.
//!
//! On an even board the east–west mirror maps a set to its complement as
//! well, so a unit stands for a family of up to four sets, and it is one
//! join: its east half boards against its west ones.
//!
//! On an odd board the middle column belongs to neither half: its queen
//! is placed first, on row r (the first half of Kluev's centre cross),
//! and then both halves are as wide, and both miss that queen's two
//! diagonals. A unit's set S holds r and the rows of the east queens; it
//! makes one join, a *term*, for each r in S: S less r against the rows
//! outside S. The east–west mirror maps the term (S, r) to (the rows
//! outside S, plus r; r), the upside-down turn maps it to (mirror S,
//! mirror r): of the up to four terms of such an orbit, only the least is
//! joined, weighed by the orbit's size.
//!
//! (Placing the middle row's queen first as well lets all eight
//! symmetries of the square count, not four; but then each term splits
//! into one per column of that queen, and the joins grow too small to pay
//! for setting them up: it was 2.3× slower at n = 19, measured with the
//! earlier pair count that bucketed the east list.)

use super::quadrant::Geometry;

/// One join of a unit: the east half boards on `east` against the west
/// ones on `west`, both missing the middle column's queen on row
/// `middle` (none on an even board), each disjoint pair standing for
/// `weight` solutions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Term {
    pub east: u32,
    pub west: u32,
    pub middle: Option<usize>,
    pub weight: u128,
}

impl Term {
    /// The diagonals of the middle column's queen, ↘ and ↙.
    pub fn placed(self, geometry: Geometry) -> (u64, u64) {
        let Some(row) = self.middle else {
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

/// The sets of east rows (those of the middle column's queen too, on an
/// odd board) that are units, by value: every set of the right size that
/// is the least of its family.
pub(super) fn east_row_sets(n: usize) -> Vec<u32> {
    let geometry = Geometry::of(n);
    let size = (n - geometry.west) as u32;
    (0..=geometry.all_rows())
        .filter(|rows| rows.count_ones() == size)
        .filter(|&rows| family(geometry, rows).iter().all(|&other| rows <= other))
        .collect()
}

/// The joins the unit `rows` makes.
pub(super) fn terms(geometry: Geometry, rows: u32) -> Vec<Term> {
    let all = geometry.all_rows();
    if geometry.n.is_multiple_of(2) {
        let weight = family_size(geometry, rows);
        let (east, west, middle) = (rows, all ^ rows, None);
        return vec![Term {
            east,
            west,
            middle,
            weight,
        }];
    }
    let mirror = |rows: u32| mirror(geometry, rows);
    let east_west = |(set, middle): (u32, u32)| ((all ^ set) | middle, middle);
    let least = |middle: u32| {
        let term = (rows, middle);
        let turned = (mirror(rows), mirror(middle));
        let mut orbit = [term, east_west(term), turned, east_west(turned)];
        orbit.sort_unstable();
        let size = 1 + orbit.windows(2).filter(|pair| pair[0] != pair[1]).count();
        (orbit[0] == term).then_some(size as u128)
    };
    (0..geometry.n)
        .filter(|&row| rows >> row & 1 == 1)
        .filter_map(|row| {
            least(1 << row).map(|weight| Term {
                east: rows ^ 1 << row,
                west: all ^ rows,
                middle: Some(row),
                weight,
            })
        })
        .collect()
}

/// The joins the unit `rows` makes: its terms of each weight, which
/// share its west side and are joined as one (see worker.rs).
pub(super) fn joins(geometry: Geometry, rows: u32) -> Vec<(u128, Vec<Term>)> {
    let mut joins: Vec<(u128, Vec<Term>)> = Vec::new();
    for term in terms(geometry, rows) {
        match joins.iter_mut().find(|(weight, _)| *weight == term.weight) {
            Some((_, terms)) => terms.push(term),
            None => joins.push((term.weight, vec![term])),
        }
    }
    joins
}

/// `rows` upside down.
fn mirror(geometry: Geometry, rows: u32) -> u32 {
    (u64::from(rows.reverse_bits()) >> (32 - geometry.n)) as u32
}

/// The sets of east rows with as many solutions as `rows`: itself, its
/// mirror image top to bottom, and for even n the complement and its
/// mirror image (some may be the same set).
fn family(geometry: Geometry, rows: u32) -> [u32; 4] {
    let turned = mirror(geometry, rows);
    match geometry.n % 2 {
        0 => {
            let complement = rows ^ geometry.all_rows();
            [rows, turned, complement, mirror(geometry, complement)]
        }
        _ => [rows, turned, rows, turned],
    }
}

/// How many distinct sets the family of `rows` has.
pub(super) fn family_size(geometry: Geometry, rows: u32) -> u128 {
    let mut family = family(geometry, rows);
    family.sort_unstable();
    1 + family.windows(2).filter(|pair| pair[0] != pair[1]).count() as u128
}
