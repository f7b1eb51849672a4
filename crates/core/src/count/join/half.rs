//! Half boards: a north and a south quadrant placement in one half, on
//! complementary columns, with no diagonal between them. Only the
//! signature of each is kept: all the other half needs to know.

use super::quadrant::{placements, Geometry, Placement};
use std::collections::HashMap;

/// Quadrant placements by half and rows, kept between units: neighbouring
/// units share quadrants, and a thread mostly runs neighbours.
#[derive(Debug, Default)]
pub(super) struct Quadrants {
    /// The board they are of: another board's units start over.
    geometry: Option<Geometry>,
    lists: HashMap<(bool, u32), Vec<Placement>>,
    bytes: usize,
}

/// The placements one thread keeps before it starts over.
const KEPT_BYTES: usize = 64 << 20;

/// The bytes a thread keeps when a plan's quadrants have `placements` in
/// all.
pub(super) fn kept_bytes(placements: u64) -> u64 {
    (placements * std::mem::size_of::<Placement>() as u64).min(KEPT_BYTES as u64)
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
        let size = list.capacity() * std::mem::size_of::<Placement>();
        if self.bytes + size > KEPT_BYTES {
            self.lists.retain(|&key, _| key == (east, also));
            self.bytes = self
                .lists
                .values()
                .map(|kept| kept.capacity())
                .sum::<usize>()
                * std::mem::size_of::<Placement>();
        }
        self.bytes += size;
        self.lists.insert((east, rows), list);
    }

    /// Writes to `out` the signature of every half board whose queens
    /// stand on `rows` (one in each column of the half), and returns the
    /// placements built on the way: the method's nodes.
    pub fn halves(&mut self, geometry: Geometry, rows: u32, east: bool, out: &mut Vec<u64>) -> u64 {
        out.clear();
        let north_rows = rows & geometry.north_rows();
        self.make(geometry, north_rows, east, north_rows);
        self.make(geometry, rows ^ north_rows, east, north_rows);
        let (north, south) = (
            &self.lists[&(east, north_rows)],
            &self.lists[&(east, rows ^ north_rows)],
        );
        let columns = geometry.columns(east);
        for group in north.chunk_by(|a, b| a.cols == b.cols) {
            let wanted = columns ^ group[0].cols;
            let from = south.partition_point(|s| s.cols < wanted);
            let to = from + south[from..].partition_point(|s| s.cols == wanted);
            for north in group {
                for south in &south[from..to] {
                    if (north.down & south.down) | (north.up & south.up) == 0 {
                        out.push(north.signature | south.signature);
                    }
                }
            }
        }
        (north.len() + south.len() + out.len()) as u64
    }
}
