//! The one attack state of every bitmask search: what the queens above a
//! row attack in it.

/// The squares of one row attacked by the queens above it, one bit per
/// column (bit c = column c): the columns taken, the ↘ diagonals (r − c
/// fixed) and the ↗ anti-diagonals (r + c fixed).
///
/// Going down a row moves every ↘ attack one column right and every ↗
/// attack one column left, so [`Attacks::place`] is three ORs and two
/// shifts. Bits shifted past the board's edge are dropped, which is why
/// a queen is not lifted by undoing `place`: a search lifts a queen by
/// going back to the state of the row above, which it kept (on its stack,
/// or in its SIMD lanes' buffers).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Attacks {
    /// Columns taken.
    pub cols: u32,
    /// Squares on a ↘ diagonal of a queen above.
    pub diag: u32,
    /// Squares on a ↗ anti-diagonal of a queen above.
    pub anti: u32,
}

impl Attacks {
    /// The attacks on the row below `prefix` (one column per row, row 0
    /// first).
    pub fn of(prefix: &[u8]) -> Attacks {
        prefix
            .iter()
            .fold(Attacks::default(), |above, &col| above.place(1 << col))
    }

    /// The attacks on the next row once a queen stands on `bit` of this
    /// one.
    #[inline(always)]
    pub fn place(self, bit: u32) -> Attacks {
        Attacks {
            cols: self.cols | bit,
            diag: (self.diag | bit) << 1,
            anti: (self.anti | bit) >> 1,
        }
    }

    /// The squares of `allowed` that no queen above attacks.
    #[inline(always)]
    pub fn free(self, allowed: u32) -> u32 {
        allowed & !(self.cols | self.diag | self.anti)
    }
}

/// Calls `visit` on `prefix` and on every valid placement that extends it
/// up to `rows` rows, depth first with columns left to right (so in
/// lexicographic order), row r's queen only on the squares of
/// `allowed(r)`. `visit` gets each placement with the attacks on its next
/// row. `prefix` comes back as it was given.
pub(crate) fn walk_placements(
    prefix: &mut Vec<u8>,
    rows: usize,
    allowed: &dyn Fn(usize) -> u32,
    visit: &mut dyn FnMut(&[u8], Attacks),
) {
    let attacks = Attacks::of(prefix);
    visit(prefix, attacks);
    if prefix.len() >= rows {
        return;
    }
    let mut free = attacks.free(allowed(prefix.len()));
    while free != 0 {
        let bit = free & free.wrapping_neg();
        free ^= bit;
        prefix.push(bit.trailing_zeros() as u8);
        walk_placements(prefix, rows, allowed, visit);
        prefix.pop();
    }
}

/// The placements of exactly `rows` rows that extend `prefix`, in
/// lexicographic order (see [`walk_placements`]).
pub(crate) fn placements(
    mut prefix: Vec<u8>,
    rows: usize,
    allowed: &dyn Fn(usize) -> u32,
) -> Vec<Vec<u8>> {
    let mut found = Vec::new();
    walk_placements(&mut prefix, rows, allowed, &mut |placement, _| {
        if placement.len() == rows {
            found.push(placement.to_vec());
        }
    });
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attacks_follow_the_queens_down_the_rows() {
        // A queen on row 0, column 1 of a 4×4 board: on row 2 it attacks
        // column 1, and diagonally columns 3 (↘) and, off the board, -1 (↗).
        let below = Attacks::of(&[1, 3]);
        assert_eq!(below.free(0b1111), 0b0001);
        assert_eq!(below.cols, 0b1010);
        assert_eq!(
            below.diag & 0b1111,
            0b1000,
            "row 0's ↘ line; row 1's is off the board"
        );
        assert_eq!(
            below.anti & 0b1111,
            0b0100,
            "row 1's ↗ line; row 0's is off the board"
        );
        assert_eq!(Attacks::of(&[1]).diag, 0b0100);
    }

    #[test]
    fn placements_come_in_lexicographic_order() {
        let two_rows = placements(Vec::new(), 2, &|_| 0b1111);
        assert_eq!(two_rows, [[0, 2], [0, 3], [1, 3], [2, 0], [3, 0], [3, 1]]);
        let below = placements(vec![1], 3, &|_| 0b1111);
        assert_eq!(below, [[1, 3, 0]]);
    }
}
