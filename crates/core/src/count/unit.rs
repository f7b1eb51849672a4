//! A unit of work: where it starts, as its method describes it, and what
//! it costs. Plans are lists of them; methods run them.

use crate::MAX_N;

/// Where a unit of a plan starts, as its method describes it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum UnitStart {
    /// A search below a placement of the first rows: each row's column,
    /// from row 0 (none for a board searched whole). Boxed rather than a
    /// `Vec`, so that a unit takes 32 bytes: n = 27's plan holds ten
    /// million of them.
    Columns(Box<[u8]>),
    /// The solutions whose east half holds the queens of these rows (bit
    /// r is row r).
    EastRows(u32),
}

impl UnitStart {
    /// The bytes the plan's fingerprint is made of: the columns, or the
    /// east rows in order.
    pub fn key(&self) -> Vec<u8> {
        match self {
            UnitStart::Columns(columns) => columns.to_vec(),
            UnitStart::EastRows(rows) => (0..MAX_N as u8).filter(|&r| rows >> r & 1 == 1).collect(),
        }
    }

    /// The columns of the first rows, for a unit that is a search.
    pub fn columns(&self) -> Option<&[u8]> {
        match self {
            UnitStart::Columns(columns) => Some(columns),
            UnitStart::EastRows(_) => None,
        }
    }
}

/// One unit of a plan: where it starts, as its method describes it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Unit {
    id: usize,
    start: UnitStart,
    cost: u64,
}

impl Unit {
    /// Its place in the plan, from 0: stable for a given board, method
    /// and plan version.
    pub fn id(&self) -> usize {
        self.id
    }

    /// Where it starts: below the columns of the first rows, or from a
    /// set of east rows.
    pub fn start(&self) -> &UnitStart {
        &self.start
    }

    /// A rough, relative estimate of its work (for sharing work out by
    /// cost, not by count).
    pub fn cost(&self) -> u64 {
        self.cost
    }
}

impl Unit {
    /// The unit numbered `id` of its plan.
    pub(crate) fn new(id: usize, start: UnitStart, cost: u64) -> Unit {
        Unit { id, start, cost }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The join's plan at n = 27 holds ten million units: each takes 32
    /// bytes (48 with the columns in a `Vec`), as the join's plan bytes
    /// reckon.
    #[test]
    #[cfg(target_pointer_width = "64")]
    fn a_unit_takes_32_bytes() {
        assert_eq!(std::mem::size_of::<Unit>(), 32);
        let unit = Unit::new(7, UnitStart::Columns(vec![1, 3].into()), 9);
        assert_eq!(
            (unit.id(), unit.start().key(), unit.cost()),
            (7, vec![1, 3], 9)
        );
        let rows = UnitStart::EastRows(0b1011);
        assert_eq!((rows.key(), rows.columns()), (vec![0, 1, 3], None));
    }
}
