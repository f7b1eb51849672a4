//! Quadrant placements: every way to put one queen on each of a set of
//! rows, in distinct columns of one half of the board, with no two on a
//! diagonal. A half board is a north and a south quadrant joined.

use crate::count::kernel::pairs::{Cut, Quadrant};

/// The largest odd board whose east half holds the middle column. Above
/// it the middle column belongs to neither half, and each term's east
/// half boards are made from lists of their own, beside its middle queen
/// (see family.rs): east lists on the middle column as well hold several
/// times the placements at once (n = 27 would have needed 2.3 GiB on one
/// thread, against 839 MiB, as memory.rs reckoned then).
pub(crate) const WIDE_MAX_N: usize = 23;

/// The least odd board whose units are joined by their transpose
/// (transpose/odd.rs): below it, the quadrant lists it makes twice as
/// many of, and its units' joins made two where they were one, cost more
/// than the half of the pairs it leaves out saves (n = 17 took 1.04
/// times as long, n = 19 0.92 times, n = 21 0.81).
pub(crate) const ODD_TRANSPOSED_FROM: usize = 19;

/// The cut of an n×n board: columns `0..west` are the west half, the rest
/// the east half (less the middle column of an odd board that is not
/// `wide`); rows `0..north` the north half, the rest the south. Its
/// units are joined by their transpose where `transposed`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Geometry {
    pub n: usize,
    pub west: usize,
    pub north: usize,
    pub wide: bool,
    pub transposed: bool,
}

impl Geometry {
    /// The cut of an n×n board: the south half takes the middle row of
    /// an odd board, and the east half its middle column up to
    /// [`WIDE_MAX_N`]; transposed if even or from
    /// [`ODD_TRANSPOSED_FROM`].
    pub fn of(n: usize) -> Geometry {
        Geometry {
            n,
            west: n / 2,
            north: n / 2,
            wide: n % 2 == 1 && n <= WIDE_MAX_N,
            transposed: n.is_multiple_of(2) || n >= ODD_TRANSPOSED_FROM,
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

    /// Where the board is cut into its halves: at column `west` (the
    /// middle column of an odd board, the first east column of an even
    /// one). See [`Cut`].
    pub fn cut(self) -> Cut {
        match self.n {
            0 => Cut::default(),
            n => Cut {
                down_shift: (n - 1 - self.west) as u32,
                up_shift: self.west as u32,
                rows: (1u64 << n) - 1,
                n: n as u32,
            },
        }
    }

    /// The diagonals `down` and `up` name, as the squares of the cut's
    /// column they cross ([`Cut::signature`]).
    pub fn signature(self, down: u64, up: u64) -> u64 {
        self.cut().signature(down, up)
    }
}

/// Every placement on `rows` within the columns of one half, as a
/// quadrant list: in order of the columns they use (so that a south
/// quadrant's match for a north placement is one run of the list), each
/// with the row of its queen in the middle column of an odd board as a
/// bit (0 for none).
pub(super) fn quadrant(geometry: Geometry, rows: u32, east: bool) -> Quadrant {
    let columns = geometry.columns(east);
    Quadrant::build(columns, |visit| {
        place(geometry, rows, columns, (0, 0, 0, 0), visit);
    })
}

/// Places the lowest row of `rows` on each free column, and so on down,
/// from the placement `(columns, middle row, ↘, ↙)` so far; hands each
/// whole one to `visit`.
fn place(
    geometry: Geometry,
    rows: u32,
    columns: u32,
    (cols, middle, down, up): (u32, u32, u64, u64),
    visit: &mut dyn FnMut(u32, u32, u64, u64),
) {
    if rows == 0 {
        return visit(cols, middle, down, up);
    }
    let row = rows.trailing_zeros() as usize;
    let mut free = columns & !cols;
    while free != 0 {
        let col = free.trailing_zeros() as usize;
        free &= free - 1;
        let (on_down, on_up) = (1u64 << (row + geometry.n - 1 - col), 1u64 << (row + col));
        if down & on_down == 0 && up & on_up == 0 {
            let middle = match 1 << col == geometry.middle_column() {
                true => 1 << row,
                false => middle,
            };
            let next = (cols | 1 << col, middle, down | on_down, up | on_up);
            place(geometry, rows & (rows - 1), columns, next, visit);
        }
    }
}
