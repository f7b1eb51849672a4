//! The transpose: the four symmetries family.rs leaves out, which halve
//! the pairs joined. On an even board:
//!
//! Besides its set E of east rows, a solution has the set C of the
//! columns its south queens stand in. Turning the board over its main
//! diagonal swaps the two: (E, C) becomes (C, E). The symmetries that
//! keep the cut (family.rs) map (E, C) to (E turned, the complement of
//! C), (the complement of E, C turned) and both, so the same four-set
//! orbits (those of turning and complementing a set) are the families of
//! E and of C alike. The solutions of an E-family and a C-family are as
//! many as those of the C-family's sets as east rows and the E-family's
//! as south columns. So a unit E (the least of its family) need only
//! join the half boards whose C has a family whose least set is greater
//! than E, each pair counting twice, and those whose least set is E,
//! once; those whose least is less than E are another unit's. (Checked
//! against every solution up to n = 14 before it was built.)
//!
//! C is the south east quadrant's columns (Cₑ) and the south west one's
//! (C𝓌), each known from its north quadrant's columns: a run of the
//! north list. A set of columns compares with E first on its south half
//! rows (the high bits), Eₕ, so each of C's four images compares by one
//! side's columns alone unless those equal Eₕ: C itself and its
//! complement by Cₑ, C turned and its complement by C𝓌. A side's run is
//! *dropped* where an image is less on it, *bulk* where all are greater
//! and a *sliver* (one column set of its side) where one is equal. The
//! unit joins bulk against bulk twice, each east sliver against the west
//! runs its C weighs 1 or 2, and each west sliver against the bulk east
//! runs likewise: at n = 20 the bulk join took 0.64 of the time of all
//! pairs for 0.49 of them.
//!
//! An odd board's units are transposed by the same steps with another
//! key, one image of it on each side (odd.rs).

use super::quadrant::Geometry;
use std::cmp::Ordering;

mod odd;

/// A unit's rule, from its east rows, for the half boards it joins.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Transposed {
    /// Bits in each part of `key`: the columns of a half (less the middle
    /// column of an odd board).
    half: u32,
    /// What C's images are compared with: an even board's east rows E,
    /// an odd board's K (odd.rs).
    key: u32,
    board: Board,
}

/// How the board is cut: an odd board's `wide` east half holds the middle
/// column (quadrant.rs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Board {
    Even,
    Odd { wide: bool },
}

/// How a side's south columns compare, in the two images of C that
/// they decide (`high`: with Eₕ; `Ordering::Equal` leaves it to the other
/// side), and in the two the other side decides (`low`: with the unit's
/// north east rows, where those tie).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Sides {
    pub high: [Ordering; 2],
    pub low: [Ordering; 2],
}

/// Which runs of a half's north quadrant a join makes half boards from,
/// by the columns of the south quadrant they leave (relative to the
/// half: bit 0 its first column).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Keep {
    /// Every run.
    All,
    /// The bulk runs of the unit's side: all, or those whose `low`
    /// comparisons are these.
    Bulk {
        unit: Transposed,
        low: Option<[Ordering; 2]>,
    },
    /// The run leaving these columns.
    Only(u32),
}

/// What a side's run is to a unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Class {
    Dropped,
    Bulk,
    Sliver,
}

/// Every pair of comparisons, for the bulk runs' `low`.
pub(crate) const LOWS: [[Ordering; 2]; 9] = {
    use Ordering::{Equal as E, Greater as G, Less as L};
    [
        [G, G],
        [G, E],
        [G, L],
        [E, G],
        [E, E],
        [E, L],
        [L, G],
        [L, E],
        [L, L],
    ]
};

impl Transposed {
    /// The rule of the unit of `geometry` whose east rows are `rows`:
    /// every unit of an even board, those of a `transposed` odd one whose
    /// rows lack the middle row (odd.rs).
    pub fn of(geometry: Geometry, rows: u32) -> Option<Transposed> {
        let half = geometry.west as u32;
        if geometry.n.is_multiple_of(2) {
            let board = Board::Even;
            return Some(Transposed {
                half,
                key: rows,
                board,
            });
        }
        let board = Board::Odd {
            wide: geometry.wide,
        };
        let key = odd::key(geometry, rows).filter(|_| geometry.transposed);
        key.map(|key| Transposed { half, key, board })
    }

    /// Where the unit's key stands in the order of keys: an even board's
    /// by value, an odd board's by [`odd::rank`].
    fn rank(self) -> u64 {
        match self.board {
            Board::Even => u64::from(self.key),
            Board::Odd { .. } => odd::rank(self.half, self.key),
        }
    }

    /// The key's high part: the east half's columns (past the middle one).
    fn high(self) -> u32 {
        self.key >> (self.half + u32::from(self.board != Board::Even))
    }

    fn low(self) -> u32 {
        self.key & ((1u32 << self.half) - 1)
    }

    fn complement(self, set: u32) -> u32 {
        set ^ ((1u32 << self.half) - 1)
    }

    fn turned(self, set: u32) -> u32 {
        turned(set, self.half)
    }

    /// How many times a pair whose south queens stand on the columns
    /// `east` (of the east half) and `west` counts in this unit: 2 where
    /// the least set of their family is greater than the unit's rows, 1
    /// where it is they, else 0. Written as the family's definition; a
    /// join reads it from each side's [`Sides`] ([`Transposed::weigh`]).
    #[cfg(test)]
    pub fn weight(self, east: u32, west: u32) -> u32 {
        if let Board::Odd { wide } = self.board {
            return self.odd_weight(wide, east, west);
        }
        let (half, all) = (self.half, 2 * self.half);
        let columns = east << half | west;
        let complement = columns ^ ((1u32 << all) - 1);
        let family = [
            columns,
            complement,
            turned(columns, all),
            turned(complement, all),
        ];
        let least = family.into_iter().min().unwrap_or(columns);
        weight_of(least.cmp(&self.key))
    }

    /// What a run leaving the south columns `columns` of the east half
    /// (`east`) or of the west one decides of C's four images: C and its
    /// complement are decided by the east columns, C turned and its
    /// complement by the west ones, each on its high half, and where that
    /// ties, on its low half, by the other side.
    pub fn sides(self, east: bool, columns: u32) -> Sides {
        if let Board::Odd { wide } = self.board {
            return self.odd_sides(wide, east, columns);
        }
        let (high, low) = (self.high(), self.low());
        let (plain, complement) = (columns, self.complement(columns));
        let turn = |set| self.turned(set);
        match east {
            true => Sides {
                high: [plain.cmp(&high), complement.cmp(&high)],
                low: [turn(plain).cmp(&low), turn(complement).cmp(&low)],
            },
            false => Sides {
                high: [turn(plain).cmp(&high), turn(complement).cmp(&high)],
                low: [plain.cmp(&low), complement.cmp(&low)],
            },
        }
    }

    /// The weight of a pair from each side's [`Sides`]: an image is
    /// decided by its high half unless that ties.
    pub fn weigh(east: Sides, west: Sides) -> u32 {
        let decided = |high: Ordering, low: Ordering| high.then(low);
        let images = [
            decided(east.high[0], west.low[0]),
            decided(east.high[1], west.low[1]),
            decided(west.high[0], east.low[0]),
            decided(west.high[1], east.low[1]),
        ];
        weight_of(images.into_iter().min().unwrap_or(Ordering::Equal))
    }

    /// The slivers: the east half's columns, then the west half's, of
    /// runs that are neither dropped nor bulk, of the sizes a south
    /// quadrant has there.
    pub fn slivers(self) -> (Vec<u32>, Vec<u32>) {
        if let Board::Odd { wide } = self.board {
            return self.odd_slivers(wide);
        }
        let (high, size) = (self.high(), self.high().count_ones());
        let east = [high, self.complement(high)];
        let west = [self.turned(high), self.complement(self.turned(high))];
        let keep = |east: bool, sets: [u32; 2], size: u32| -> Vec<u32> {
            let of_size = sets.into_iter().filter(|set| set.count_ones() == size);
            let mut kept: Vec<u32> = of_size
                .filter(|&set| class(self.sides(east, set)) == Class::Sliver)
                .collect();
            kept.dedup();
            kept
        };
        (keep(true, east, size), keep(false, west, self.half - size))
    }
}

/// The share of its pairs each unit on `row_sets` joins, reckoned as the
/// share of the keys it keeps (1 for the units not transposed): the keys
/// greater than its own whole, its own half (it counts once where the
/// others count twice), `family` giving the sets each unit stands for. The sets are weighed alike, which their half
/// boards are not, so it is only a guide for the units' costs.
pub(crate) fn kept_shares(
    geometry: Geometry,
    row_sets: &[u32],
    family: impl Fn(u32) -> f64,
) -> Vec<f64> {
    // Units by their keys: each key (under 2^n, n <= 27) and its unit's
    // index packed in one u64 and made once, not at every comparison
    // (8 bytes a unit: n = 27 has 10 million); each one's share filled in
    // from the greatest down.
    let mut order: Vec<u64> = (0..row_sets.len() as u32)
        .filter_map(|unit| {
            let key = Transposed::of(geometry, row_sets[unit as usize])?.rank();
            Some(key << 32 | u64::from(unit))
        })
        .collect();
    order.sort_unstable();
    let unit_of = |packed: u64| packed as u32 as usize;
    let all: f64 = (order.iter())
        .map(|&packed| family(row_sets[unit_of(packed)]))
        .sum();
    let (mut shares, mut above) = (vec![1.0; row_sets.len()], 0.0);
    for &packed in order.iter().rev() {
        let unit = unit_of(packed);
        let sets = family(row_sets[unit]);
        shares[unit] = (above + sets / 2.0) / all.max(1.0);
        above += sets;
    }
    shares
}

/// What a run is to a unit, from its [`Sides`]: dropped where an image it
/// decides is less than the unit's rows, bulk where both are greater.
pub(crate) fn class(sides: Sides) -> Class {
    match sides.high {
        [Ordering::Greater, Ordering::Greater] => Class::Bulk,
        [a, b] if a == Ordering::Less || b == Ordering::Less => Class::Dropped,
        _ => Class::Sliver,
    }
}

fn weight_of(least: Ordering) -> u32 {
    match least {
        Ordering::Greater => 2,
        Ordering::Equal => 1,
        Ordering::Less => 0,
    }
}

impl Keep {
    /// Whether a run leaving the south columns `columns` of the east
    /// half (`east`) or the west one is kept.
    pub fn keeps(self, east: bool, columns: u32) -> bool {
        match self {
            Keep::All => true,
            Keep::Bulk { unit, low } => {
                let sides = unit.sides(east, columns);
                class(sides) == Class::Bulk && low.is_none_or(|low| low == sides.low)
            }
            Keep::Only(only) => columns == only,
        }
    }
}

/// `set`, `bits` wide, upside down.
fn turned(set: u32, bits: u32) -> u32 {
    match bits {
        0 => 0,
        _ => set.reverse_bits() >> (32 - bits),
    }
}

#[cfg(test)]
mod tests;
