//! Quadrant placements: every way to put one queen on each of a set of
//! rows, in distinct columns of one half of the board, with no two on a
//! diagonal. A half board is a north and a south quadrant joined.

use crate::count::kernel::pairs::Placement;

/// The largest odd board whose east half holds the middle column. Above
/// it the middle column belongs to neither half, and each term's east
/// half boards are made from lists of their own, beside its middle queen
/// (see family.rs): east lists on the middle column as well hold several
/// times the placements at once (n = 27 would have needed 2.3 GiB on one
/// thread, against 839 MiB, as memory.rs reckoned then).
pub(crate) const WIDE_MAX_N: usize = 23;

/// The cut of an n×n board: columns `0..west` are the west half, the rest
/// the east half (less the middle column of an odd board that is not
/// `wide`); rows `0..north` the north half, the rest the south.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Geometry {
    pub n: usize,
    pub west: usize,
    pub north: usize,
    pub wide: bool,
}

impl Geometry {
    /// The cut of an n×n board: the south half takes the middle row of
    /// an odd board, and the east half its middle column up to
    /// [`WIDE_MAX_N`].
    pub fn of(n: usize) -> Geometry {
        Geometry {
            n,
            west: n / 2,
            north: n / 2,
            wide: n % 2 == 1 && n <= WIDE_MAX_N,
        }
    }

    /// Every row of the board.
    pub fn all_rows(self) -> u32 {
        ((1u64 << self.n) - 1) as u32
    }

    /// The rows of the north half.
    pub fn north_rows(self) -> u32 {
        ((1u64 << self.north) - 1) as u32
    }

    /// The columns of a half.
    pub fn columns(self, east: bool) -> u32 {
        let west = ((1u64 << self.west) - 1) as u32;
        match (east, self.wide) {
            (true, true) => self.all_rows() ^ west,
            (true, false) => self.all_rows() ^ west ^ self.middle_column(),
            (false, _) => west,
        }
    }

    /// The middle column of an odd board, as a bit; none on an even one.
    pub fn middle_column(self) -> u32 {
        ((self.n % 2) << self.west) as u32
    }

    /// The diagonals `down` and `up` name, as the squares of column
    /// `west` (the middle column of an odd board, the first east column
    /// of an even one) they cross: bit r for the ↘ diagonal through row r, bit
    /// n + r for the ↙ one. An east and a west queen share a diagonal
    /// exactly when their signatures share a bit: a diagonal with a
    /// square on either side of the cut has one in that column.
    pub fn signature(self, down: u64, up: u64) -> u64 {
        if self.n == 0 {
            return 0;
        }
        let rows = (1u64 << self.n) - 1;
        let down_at_cut = (down >> (self.n - 1 - self.west)) & rows;
        let up_at_cut = (up >> self.west) & rows;
        down_at_cut | up_at_cut << self.n
    }
}

/// Every placement on `rows` within the columns of one half, in order of
/// the columns they use (so that a south quadrant's match for a north
/// placement is one run of the list), each with the row of its queen in
/// the middle column of an odd board as a bit (0 for none).
pub(super) fn placements(geometry: Geometry, rows: u32, east: bool, out: &mut Vec<Placement>) {
    out.clear();
    let columns = geometry.columns(east);
    let start = Placement {
        cols: 0,
        middle: 0,
        down: 0,
        up: 0,
        signature: 0,
    };
    place(geometry, rows, columns, start, out);
    out.sort_unstable_by_key(|placement| placement.cols);
}

/// Places the lowest row of `rows` on each free column, and so on down.
fn place(geometry: Geometry, rows: u32, columns: u32, at: Placement, out: &mut Vec<Placement>) {
    if rows == 0 {
        let signature = geometry.signature(at.down, at.up);
        out.push(Placement { signature, ..at });
        return;
    }
    let row = rows.trailing_zeros() as usize;
    let mut free = columns & !at.cols;
    while free != 0 {
        let col = free.trailing_zeros() as usize;
        free &= free - 1;
        let down = 1u64 << (row + geometry.n - 1 - col);
        let up = 1u64 << (row + col);
        if at.down & down == 0 && at.up & up == 0 {
            let middle = match 1 << col == geometry.middle_column() {
                true => 1 << row,
                false => at.middle,
            };
            let next = Placement {
                cols: at.cols | 1 << col,
                middle,
                down: at.down | down,
                up: at.up | up,
                signature: 0,
            };
            place(geometry, rows & (rows - 1), columns, next, out);
        }
    }
}
