//! Half boards: a north and a south quadrant placement in one half, on
//! complementary columns, with no diagonal between them. Only the
//! signature of each is kept: all the other half needs to know.

use super::quadrant::{quadrant, Geometry};
use super::transpose::Keep;
use crate::count::kernel::pairs::{Cut, Halves, Quadrant};
use crate::count::Kernel;
use std::collections::HashMap;
use std::ops::Range;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

/// The quadrant placements made so far in one count, by half and rows,
/// shared by its threads (the plan runs the units that share quadrants
/// one after another, see order.rs), up to a budget of bytes. The count
/// owns it: it is freed when the count ends.
#[derive(Debug)]
pub(super) struct Quadrants {
    geometry: Geometry,
    budget: usize,
    kept: Mutex<Kept>,
}

#[derive(Debug, Default)]
struct Kept {
    lists: HashMap<(bool, u32), Arc<Quadrant>>,
    bytes: usize,
}

/// The bytes a quadrant placement takes in a list of a board cut as
/// `geometry` says: 16, and 4 for the row of its middle queen where the
/// east half holds the middle column.
pub(super) fn placement_bytes(geometry: Geometry) -> u64 {
    16 + 4 * u64::from(geometry.wide)
}

/// The north and south quadrants of one half of a unit.
#[derive(Clone)]
pub(super) struct Half {
    cut: Cut,
    columns: u32,
    north: Arc<Quadrant>,
    south: Arc<Quadrant>,
    middles: u32,
    placed: (u64, u64),
    keep: Keep,
}

impl Half {
    /// The north placements: half boards are made from a run of them.
    pub fn north_len(&self) -> usize {
        self.north.len()
    }

    /// The half boards whose queen in the middle column of an odd board
    /// stands on a row of `rows`.
    pub fn middles_in(&self, rows: u32) -> Half {
        Half {
            middles: rows,
            ..self.clone()
        }
    }

    /// The half boards that miss the diagonals `placed` (↘, ↙) of a
    /// queen placed first (the middle column's, where it is in neither
    /// half).
    pub fn beside(&self, placed: (u64, u64)) -> Half {
        Half {
            placed,
            ..self.clone()
        }
    }

    /// The half boards of the north runs `keep` keeps (by the columns
    /// they leave the south quadrant).
    pub fn keeping(&self, keep: Keep) -> Half {
        Half {
            keep,
            ..self.clone()
        }
    }

    /// The placements of both quadrants: part of the method's nodes.
    pub fn placements(&self) -> u64 {
        (self.north.len() + self.south.len()) as u64
    }

    /// Appends to `out` the signatures of the half boards of the north
    /// placements from `from` on, a run of 64 at a time, until `out` holds
    /// `part` or more, and returns where the next part starts.
    pub fn append(&self, kernel: Kernel, from: usize, part: usize, out: &mut Vec<u64>) -> usize {
        let mut at = from;
        let east = self.is_east();
        while at < self.north.len() && out.len() < part {
            let mut to = (at + 64).min(self.north.len());
            if self.keep != Keep::All {
                let (columns, end) = self.north.run_of(at);
                if !self.keep.keeps(east, self.south_columns(columns)) {
                    at = end;
                    continue;
                }
                to = to.min(end);
            }
            kernel.append_halves(&self.halves(at..to), out);
            at = to;
        }
        at
    }

    /// Appends to `out` the signatures of the half boards of the north
    /// placements `range`, whatever it keeps.
    pub fn append_range(&self, kernel: Kernel, range: Range<usize>, out: &mut Vec<u64>) {
        let mut at = range.start;
        while at < range.end {
            let to = (at + 64).min(range.end);
            kernel.append_halves(&self.halves(at..to), out);
            at = to;
        }
    }

    /// Each run of its north placements, by the columns it leaves the
    /// south quadrant (relative to the half: bit 0 its first column).
    pub fn north_runs(&self) -> impl Iterator<Item = (u32, Range<usize>)> + '_ {
        (self.north.runs()).map(|(columns, range)| (self.south_columns(columns), range))
    }

    /// Whether it is the east half.
    pub fn is_east(&self) -> bool {
        self.columns & 1 == 0
    }

    /// The columns a north placement on `columns` leaves the south
    /// quadrant, relative to the half.
    fn south_columns(&self, columns: u32) -> u32 {
        (self.columns & !columns) >> (self.columns.trailing_zeros() % 32)
    }

    fn halves(&self, range: Range<usize>) -> Halves<'_> {
        Halves {
            cut: self.cut,
            columns: self.columns,
            north: &self.north,
            from: range.start,
            to: range.end,
            south: &self.south,
            middles: self.middles,
            placed: self.placed,
        }
    }
}

impl Quadrants {
    /// None kept yet, for a board cut as `geometry` says, keeping up to
    /// `budget` bytes.
    pub fn new(geometry: Geometry, budget: u64) -> Quadrants {
        Quadrants {
            geometry,
            budget: usize::try_from(budget).unwrap_or(usize::MAX),
            kept: Mutex::new(Kept::default()),
        }
    }

    /// The quadrants of the half boards whose queens stand on `rows` (one
    /// in each column of the half).
    pub fn half(&self, rows: u32, east: bool) -> Half {
        let north_rows = rows & self.geometry.north_rows();
        Half {
            cut: self.geometry.cut(),
            columns: self.geometry.columns(east),
            north: self.list(north_rows, east),
            south: self.list(rows ^ north_rows, east),
            middles: u32::MAX,
            placed: (0, 0),
            keep: Keep::All,
        }
    }

    /// Writes to `out` the signature of every half board on `rows`, and
    /// returns the placements built on the way: the method's nodes.
    #[cfg(test)]
    pub fn halves(&self, kernel: Kernel, rows: u32, east: bool, out: &mut Vec<u64>) -> u64 {
        out.clear();
        let half = self.half(rows, east);
        half.append(kernel, 0, usize::MAX, out);
        half.placements() + out.len() as u64
    }

    /// The placements on `rows` in one half, kept or made (and then kept:
    /// all are let go first when they would pass the budget; those in use
    /// live on until their units finish).
    fn list(&self, rows: u32, east: bool) -> Arc<Quadrant> {
        if let Some(list) = self.lock().lists.get(&(east, rows)) {
            return Arc::clone(list);
        }
        // Made outside the lock: two threads may make the same list once.
        let list = Arc::new(quadrant(self.geometry, rows, east));
        let mut kept = self.lock();
        if kept.bytes + list.bytes() > self.budget {
            kept.lists.clear();
            kept.bytes = 0;
        }
        if list.bytes() <= self.budget {
            kept.bytes += list.bytes();
            kept.lists.insert((east, rows), Arc::clone(&list));
        }
        list
    }

    /// Makes the placements on `rows` in one half and keeps them, as a
    /// count would have by the time a later unit finds them.
    pub fn keep(&self, rows: u32, east: bool) {
        self.list(rows, east);
    }

    /// Lets every kept list go.
    pub fn forget(&self) {
        let mut kept = self.lock();
        kept.lists.clear();
        kept.bytes = 0;
    }

    /// The kept lists, even if a thread panicked holding them (they are
    /// only ever added whole).
    fn lock(&self) -> MutexGuard<'_, Kept> {
        self.kept.lock().unwrap_or_else(PoisonError::into_inner)
    }
}
