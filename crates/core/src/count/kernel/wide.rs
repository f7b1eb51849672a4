//! What the wide searches (avx2, avx512f) share: the states waiting at
//! each row, field by field, in a buffer of their own for each thread.
//!
//! The scalar search pays for a mispredicted branch at almost every node:
//! whether a row has a square left is no pattern a CPU can guess. A wide
//! search keeps the states waiting at each row in a buffer, and expands
//! a register's worth of them together, one square each per step, with
//! masks instead of branches; the children that still have free squares
//! are packed into the next row's buffer. Always expanding the deepest
//! row with work keeps each buffer under one batch plus one batch's
//! children, so memory is fixed.

use crate::MAX_N;

/// The fields of a state: columns, ↘, ↗, the free squares not yet tried,
/// and the tie count (side queens in rows a and n−1−a, see
/// [`crate::count::rules::Rules::weights`]).
pub(crate) const FIELDS: usize = 5;

/// The states waiting at each row for a search `LANES` states wide, each
/// row's buffer `CAP` states long ([`capacity`] of `LANES`).
pub(crate) struct Levels<const LANES: usize, const CAP: usize> {
    /// Row r's fields.
    fields: Vec<[[u32; CAP]; FIELDS]>,
    /// The states waiting at each row.
    pub len: [usize; MAX_N],
}

/// One row's buffer for a search `lanes` wide: fewer than a batch of
/// leftovers, plus a batch's children (at most one per column each),
/// plus room for a full-width store past the end.
pub(crate) const fn capacity(lanes: usize) -> usize {
    lanes + lanes * MAX_N + lanes
}

impl<const LANES: usize, const CAP: usize> Levels<LANES, CAP> {
    /// The bytes it holds.
    pub const BYTES: u64 = (MAX_N * FIELDS * CAP * 4 + MAX_N * 8) as u64;

    /// Row `row`'s fields.
    #[inline(always)]
    pub fn row(&self, row: usize) -> &[[u32; CAP]; FIELDS] {
        &self.fields[row]
    }

    /// The same, to write.
    #[inline(always)]
    pub fn row_mut(&mut self, row: usize) -> &mut [[u32; CAP]; FIELDS] {
        &mut self.fields[row]
    }

    /// The deepest row with a full batch waiting, else the deepest with
    /// any, from `start` to row n − 2.
    #[inline(always)]
    pub fn next_row(&self, start: usize, n: usize) -> Option<usize> {
        let rows = start..n - 1;
        (rows.clone().rev())
            .find(|&row| self.len[row] >= LANES)
            .or_else(|| rows.rev().find(|&row| self.len[row] > 0))
    }
}

impl<const LANES: usize, const CAP: usize> Default for Levels<LANES, CAP> {
    fn default() -> Levels<LANES, CAP> {
        assert_eq!(
            CAP,
            capacity(LANES),
            "a row's buffer holds what a batch leaves"
        );
        Levels {
            fields: vec![[[0; CAP]; FIELDS]; MAX_N],
            len: [0; MAX_N],
        }
    }
}

/// The first state of a search below `prefix`: its fields, as a wide
/// search's first row holds them.
pub(crate) fn first_state(rules: &crate::count::rules::Rules, prefix: &[u8]) -> [u32; FIELDS] {
    let (n, start) = (rules.n, prefix.len());
    let (top, far) = rules.tie_rows();
    let attacks = crate::board::Attacks::of(prefix);
    let mut free = attacks.free(rules.allowed[start]);
    if start == rules.last_side_row() {
        free = crate::count::rules::side_rule(free, attacks.cols, rules.sides);
    }
    let ties = prefix
        .iter()
        .enumerate()
        .filter(|&(row, &col)| {
            (row == top || row == far) && (col == 0 || usize::from(col) == n - 1)
        })
        .count() as u32;
    [attacks.cols, attacks.diag, attacks.anti, free, ties]
}
