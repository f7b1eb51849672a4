//! The transpose of an odd board, n = 2h + 1, for the units whose east
//! rows S lack the middle row h.
//!
//! Of a solution, take the rows of its queens east of the middle column
//! and those west of it, and the columns of its queens north of the
//! middle row and those south of it: two pairs of sets of h, the middle
//! column's queen's row and the middle row's queen's column left out.
//! The four symmetries that keep the cut (family.rs) map the row pair to
//! itself, swapped or turned upside down, and the column pair likewise;
//! turning the board over its main diagonal swaps the row pair with the
//! column pair. Unless the centre square holds a queen (the units whose
//! rows hold h, which are not transposed), exactly one set of a pair
//! holds h: call it W, and a pair's key K the least of W and W turned.
//! So as on an even board, the solutions whose row key is K and column
//! key K′ are as many as those with K′ and K, and a unit joins only the
//! pairs whose column key is greater than its row key (twice) or the
//! same (once).
//!
//! A unit's row key is that of the rows outside S, its west rows (they
//! hold h). The column key needs the middle row's queen unless W is the
//! north queens' columns, that is, unless the middle column's queen
//! stands north of the middle row: so a unit joins only its terms whose
//! middle queen is north, and for the others, the terms of its rows
//! turned upside down (their images, with as many solutions; family.rs
//! makes the two joins). Then W is the columns of both north quadrants,
//! the middle one with them: each side's run gives its part, the east
//! half's the high bits and the west's the low ones, and W turned the
//! other way round. (Checked against every solution up to n = 13 before
//! it was built.)
//!
//! Any order of the keys counts right; [`rank`] orders them by their
//! high part scrambled, then their low part. By value, a unit's east
//! half boards all passed its key or none did (their high parts have as
//! many columns as the unit's north east rows, its key's the others), so
//! the costly units kept nearly all: at n = 17 scrambled, 0.69 of the
//! east half boards are made where by value 0.83, for 0.52 of the pairs.

use super::{turned, Sides, Transposed};
#[cfg(test)]
use super::{weight_of, Board};
use crate::count::method::join::quadrant::Geometry;
use std::cmp::Ordering;

/// An east run whose middle queen stands south: another join's.
const DROPPED: Sides = Sides {
    high: [Ordering::Less; 2],
    low: [Ordering::Less; 2],
};

/// The row key of the unit on `rows`, if they lack the middle row.
pub(super) fn key(geometry: Geometry, rows: u32) -> Option<u32> {
    let n = geometry.n as u32;
    let west = geometry.all_rows() ^ rows;
    let holds_middle = (west >> (n / 2)) & 1 == 0;
    (!holds_middle).then(|| least(n / 2, west))
}

/// The least of `set` (which holds the middle bit) and its turned image,
/// in the order of [`rank`].
fn least(half: u32, set: u32) -> u32 {
    let other = turned(set, 2 * half + 1);
    match rank(half, set) <= rank(half, other) {
        true => set,
        false => other,
    }
}

/// Where a set of the middle bit and `half` bits either side of it
/// stands in the keys' order: by its high part mixed (so that a unit's
/// row key says nothing of how many columns of its pairs pass it), then
/// its low part.
pub(super) fn rank(half: u32, set: u32) -> u64 {
    let low = set & ((1u32 << half) - 1);
    u64::from(mixed(half, set >> (half + 1))) << half | u64::from(low)
}

/// A bijection of the `bits`-bit values that scatters them: products by
/// odd numbers and shifts folded in, each one to one.
pub(super) fn mixed(bits: u32, value: u32) -> u32 {
    let mask = ((1u64 << bits) - 1) as u32;
    let mut x = value;
    x = x.wrapping_mul(0x9E37_79B1) & mask;
    x ^= x >> bits.div_ceil(2).max(1);
    x = x.wrapping_mul(0x85EB_CA6B) & mask;
    x ^ x >> (bits / 3).max(1)
}

impl Transposed {
    /// A side's part of W, from the columns a run leaves its south
    /// quadrant: those of its north quadrant, less the middle column of a
    /// `wide` east half (none where its middle queen is south).
    fn north_part(self, wide: bool, east: bool, south: u32) -> Option<u32> {
        let width = self.half + u32::from(east && wide);
        let north = ((1u32 << width) - 1) ^ south;
        match east && wide {
            true => (north & 1 == 1).then_some(north >> 1),
            false => Some(north),
        }
    }

    /// [`Transposed::sides`] on an odd board: the east part is W's high
    /// bits and, turned, the low bits of W turned; the west part the
    /// other way round. Each side's two images are the same.
    pub(super) fn odd_sides(self, wide: bool, east: bool, south: u32) -> Sides {
        let Some(part) = self.north_part(wide, east, south) else {
            return DROPPED;
        };
        let (high, low) = (mixed(self.half, self.high()), self.low());
        let turn = self.turned(part);
        let mix = |part| mixed(self.half, part);
        let (on_high, on_low) = match east {
            true => (mix(part).cmp(&high), turn.cmp(&low)),
            false => (mix(turn).cmp(&high), part.cmp(&low)),
        };
        Sides {
            high: [on_high; 2],
            low: [on_low; 2],
        }
    }

    /// [`Transposed::slivers`] on an odd board: the runs whose part, or
    /// its turned image, is the key's high part, of any size.
    pub(super) fn odd_slivers(self, wide: bool) -> (Vec<u32>, Vec<u32>) {
        let high = self.high();
        let east_north = match wide {
            true => high << 1 | 1,
            false => high,
        };
        let east_width = self.half + u32::from(wide);
        let east = ((1u32 << east_width) - 1) ^ east_north;
        let west = self.complement(self.turned(high));
        let sliver = |east: bool, south: u32| {
            let sides = self.odd_sides(wide, east, south);
            super::class(sides) == super::Class::Sliver
        };
        let keep = |east: bool, south: u32| match sliver(east, south) {
            true => vec![south],
            false => Vec::new(),
        };
        (keep(true, east), keep(false, west))
    }

    /// [`Transposed::weight`] on an odd board, from the columns the runs
    /// leave the south quadrants.
    #[cfg(test)]
    pub(super) fn odd_weight(self, wide: bool, east: u32, west: u32) -> u32 {
        let (Some(east), Some(west)) = (
            self.north_part(wide, true, east),
            self.north_part(wide, false, west),
        ) else {
            return 0;
        };
        let north = east << (self.half + 1) | 1 << self.half | west;
        let least = rank(self.half, least(self.half, north));
        weight_of(least.cmp(&rank(self.half, self.key)))
    }

    /// Whether it is an odd board's.
    #[cfg(test)]
    pub(super) fn is_odd(self) -> bool {
        self.board != Board::Even
    }
}
