//! Half boards: a north and a south quadrant placement in one half, on
//! complementary columns, with no diagonal between them. Only the
//! signature of each is kept: all the other half needs to know.

use super::pairs;
use super::quadrant::{placements, Geometry, Placement};
use crate::count::Kernel;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// Quadrant placements by half and rows, kept between units and shared
/// by every thread (neighbouring units share quadrants, and the north
/// quadrants come round again and again): of one board at a time, up to
/// [`KEPT_BYTES`].
#[derive(Debug, Default)]
struct Kept {
    geometry: Option<Geometry>,
    lists: HashMap<(bool, u32), Arc<List>>,
    bytes: usize,
}

static KEPT: Mutex<Option<Kept>> = Mutex::new(None);

/// A north and a south quadrant to join into half boards, on a half's
/// `columns`.
pub(crate) struct Halves<'a> {
    pub columns: u32,
    pub north: &'a [Placement],
    pub south: &'a [Placement],
    /// The south placements' ↘ diagonals, ↙ diagonals and signatures.
    pub south_fields: (&'a [u64], &'a [u64], &'a [u64]),
}

impl Halves<'_> {
    /// Calls `append` with each north placement and the fields of the south
    /// placements on the complementary columns.
    #[inline(always)]
    pub fn each_match(&self, mut append: impl FnMut(&Placement, (&[u64], &[u64], &[u64]))) {
        let (down, up, signatures) = self.south_fields;
        for group in self.north.chunk_by(|a, b| a.cols == b.cols) {
            let wanted = self.columns ^ group[0].cols;
            let from = self.south.partition_point(|s| s.cols < wanted);
            let to = from + self.south[from..].partition_point(|s| s.cols == wanted);
            for north in group {
                append(
                    north,
                    (&down[from..to], &up[from..to], &signatures[from..to]),
                );
            }
        }
    }
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

/// The placements on `rows` in one half, from the kept lists or made (and
/// then kept: all are let go first when they would pass [`KEPT_BYTES`];
/// those in use live on until their units finish).
fn list(geometry: Geometry, rows: u32, east: bool) -> Arc<List> {
    if let Some(list) = of_board(&mut lock(), geometry).lists.get(&(east, rows)) {
        return Arc::clone(list);
    }
    // Made outside the lock: two threads may make the same list once.
    let mut placed = Vec::new();
    placements(geometry, rows, east, &mut placed);
    let list = Arc::new(List::new(placed));
    let mut guard = lock();
    let kept = of_board(&mut guard, geometry);
    if kept.bytes + list.bytes() > KEPT_BYTES {
        kept.lists.clear();
        kept.bytes = 0;
    }
    kept.bytes += list.bytes();
    kept.lists.insert((east, rows), Arc::clone(&list));
    list
}

/// The kept lists of `geometry`'s board (those of another are let go).
fn of_board(kept: &mut Option<Kept>, geometry: Geometry) -> &mut Kept {
    let kept = kept.get_or_insert_with(Kept::default);
    if kept.geometry != Some(geometry) {
        *kept = Kept {
            geometry: Some(geometry),
            ..Kept::default()
        };
    }
    kept
}

/// The kept lists, even if a thread panicked holding them (they are
/// only ever added whole).
fn lock() -> std::sync::MutexGuard<'static, Option<Kept>> {
    KEPT.lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Writes to `out` the signature of every half board whose queens stand
/// on `rows` (one in each column of the half), and returns the
/// placements built on the way: the method's nodes.
pub(super) fn halves(
    kernel: Kernel,
    geometry: Geometry,
    rows: u32,
    east: bool,
    out: &mut Vec<u64>,
) -> u64 {
    out.clear();
    let north_rows = rows & geometry.north_rows();
    let north = list(geometry, north_rows, east);
    let south = list(geometry, rows ^ north_rows, east);
    let columns = geometry.columns(east);
    let south_fields = (&south.down[..], &south.up[..], &south.signatures[..]);
    let quadrants = Halves {
        columns,
        north: &north.placements,
        south: &south.placements,
        south_fields,
    };
    pairs::append_halves(kernel, &quadrants, out);
    (north.placements.len() + south.placements.len() + out.len()) as u64
}
