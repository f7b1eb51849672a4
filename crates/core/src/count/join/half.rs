//! Half boards: a north and a south quadrant placement in one half, on
//! complementary columns, with no diagonal between them. Only the
//! signature of each is kept: all the other half needs to know.

use super::pairs;
use super::quadrant::{placements, Geometry, Placement};
use crate::count::Kernel;
use std::collections::HashMap;

/// Quadrant placements by half and rows, kept between units: neighbouring
/// units share quadrants, and a thread mostly runs neighbours.
#[derive(Debug, Default)]
pub(super) struct Quadrants {
    /// The board they are of: another board's units start over.
    geometry: Option<Geometry>,
    lists: HashMap<(bool, u32), List>,
    bytes: usize,
}

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

/// The placements one thread keeps before it starts over.
const KEPT_BYTES: usize = 64 << 20;

/// The bytes a thread keeps when a plan's quadrants have `placements` in
/// all.
pub(super) fn kept_bytes(placements: u64) -> u64 {
    (placements * (std::mem::size_of::<Placement>() as u64 + 24)).min(KEPT_BYTES as u64)
}

impl Quadrants {
    /// The bytes it holds.
    pub fn bytes(&self) -> usize {
        self.bytes
    }

    /// Makes sure the placements on `rows` in one half are kept, and
    /// those on `also` if they were.
    fn make(&mut self, geometry: Geometry, rows: u32, east: bool, also: u32) {
        if self.geometry != Some(geometry) {
            self.geometry = Some(geometry);
            self.lists.clear();
            self.bytes = 0;
        }
        if self.lists.contains_key(&(east, rows)) {
            return;
        }
        let mut list = Vec::new();
        placements(geometry, rows, east, &mut list);
        let list = List::new(list);
        let size = list.bytes();
        if self.bytes + size > KEPT_BYTES {
            self.lists.retain(|&key, _| key == (east, also));
            self.bytes = self.lists.values().map(List::bytes).sum();
        }
        self.bytes += size;
        self.lists.insert((east, rows), list);
    }

    /// Writes to `out` the signature of every half board whose queens
    /// stand on `rows` (one in each column of the half), and returns the
    /// placements built on the way: the method's nodes.
    pub fn halves(
        &mut self,
        kernel: Kernel,
        geometry: Geometry,
        rows: u32,
        east: bool,
        out: &mut Vec<u64>,
    ) -> u64 {
        out.clear();
        let north_rows = rows & geometry.north_rows();
        self.make(geometry, north_rows, east, north_rows);
        self.make(geometry, rows ^ north_rows, east, north_rows);
        let (north, south) = (
            &self.lists[&(east, north_rows)],
            &self.lists[&(east, rows ^ north_rows)],
        );
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
}
