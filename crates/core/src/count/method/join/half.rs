//! Half boards: a north and a south quadrant placement in one half, on
//! complementary columns, with no diagonal between them. Only the
//! signature of each is kept: all the other half needs to know.

use super::quadrant::{placements, Geometry};
use crate::count::kernel::pairs::{Halves, Placement};
use crate::count::Kernel;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

/// The quadrant placements made so far in one count, by half and rows,
/// shared by its threads (neighbouring units share quadrants, and the
/// north quadrants come round again and again), up to [`KEPT_BYTES`].
/// The count owns it: it is freed when the count ends.
#[derive(Debug)]
pub(super) struct Quadrants {
    geometry: Geometry,
    kept: Mutex<Kept>,
}

#[derive(Debug, Default)]
struct Kept {
    lists: HashMap<(bool, u32), Arc<List>>,
    bytes: usize,
}

/// One quadrant's placements in order of their columns, and the fields
/// the join with a north placement reads, each in an array of its own
/// (so a kernel loads 8 of a field at once).
#[derive(Debug)]
struct List {
    placements: Vec<Placement>,
    down: Vec<u64>,
    up: Vec<u64>,
    signatures: Vec<u64>,
}

impl List {
    fn new(placements: Vec<Placement>) -> List {
        List {
            down: placements.iter().map(|p| p.down).collect(),
            up: placements.iter().map(|p| p.up).collect(),
            signatures: placements.iter().map(|p| p.signature).collect(),
            placements,
        }
    }

    fn bytes(&self) -> usize {
        self.placements.capacity() * std::mem::size_of::<Placement>() + self.down.capacity() * 24
    }
}

/// The quadrant placements kept for all threads before they start over.
const KEPT_BYTES: usize = 2 << 30;

/// The bytes kept when a plan's quadrants have `placements` in all.
pub(super) fn kept_bytes(placements: u64) -> u64 {
    (placements * (std::mem::size_of::<Placement>() as u64 + 24)).min(KEPT_BYTES as u64)
}

impl Quadrants {
    /// None kept yet, for a board cut as `geometry` says.
    pub fn new(geometry: Geometry) -> Quadrants {
        Quadrants {
            geometry,
            kept: Mutex::new(Kept::default()),
        }
    }

    /// Writes to `out` the signature of every half board whose queens
    /// stand on `rows` (one in each column of the half), and returns the
    /// placements built on the way: the method's nodes.
    pub fn halves(&self, kernel: Kernel, rows: u32, east: bool, out: &mut Vec<u64>) -> u64 {
        out.clear();
        let north_rows = rows & self.geometry.north_rows();
        let north = self.list(north_rows, east);
        let south = self.list(rows ^ north_rows, east);
        let quadrants = Halves {
            columns: self.geometry.columns(east),
            north: &north.placements,
            south: &south.placements,
            south_fields: (&south.down[..], &south.up[..], &south.signatures[..]),
        };
        kernel.append_halves(&quadrants, out);
        (north.placements.len() + south.placements.len() + out.len()) as u64
    }

    /// The placements on `rows` in one half, kept or made (and then kept:
    /// all are let go first when they would pass [`KEPT_BYTES`]; those in
    /// use live on until their units finish).
    fn list(&self, rows: u32, east: bool) -> Arc<List> {
        if let Some(list) = self.lock().lists.get(&(east, rows)) {
            return Arc::clone(list);
        }
        // Made outside the lock: two threads may make the same list once.
        let mut placed = Vec::new();
        placements(self.geometry, rows, east, &mut placed);
        let list = Arc::new(List::new(placed));
        let mut kept = self.lock();
        if kept.bytes + list.bytes() > KEPT_BYTES {
            kept.lists.clear();
            kept.bytes = 0;
        }
        kept.bytes += list.bytes();
        kept.lists.insert((east, rows), Arc::clone(&list));
        list
    }

    /// The kept lists, even if a thread panicked holding them (they are
    /// only ever added whole).
    fn lock(&self) -> MutexGuard<'_, Kept> {
        self.kept.lock().unwrap_or_else(PoisonError::into_inner)
    }
}
