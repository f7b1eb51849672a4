//! The quick pass for the common case: a board on which no two queens
//! share a line, checked in one sweep with a bit per line, so that a
//! solution of a hundred million rows is verified without sorting.

use crate::Square;

/// True when no two of `queens` share a row, a column or a diagonal (a
/// square given twice shares its row with itself). O(q) time, one bit per
/// line of the board the squares span.
pub(crate) fn no_two_share_a_line(queens: &[Square]) -> bool {
    let span = queens
        .iter()
        .map(|q| q.row.max(q.col) + 1)
        .max()
        .unwrap_or(0);
    let words = (2 * span).div_ceil(64);
    let mut taken = [
        vec![0u64; words],
        vec![0u64; words],
        vec![0u64; words],
        vec![0u64; words],
    ];
    for queen in queens {
        // The ↘ diagonal r − c is shifted by span − 1 so that it starts at 0.
        let lines = [
            queen.row,
            queen.col,
            queen.row + span - 1 - queen.col,
            queen.row + queen.col,
        ];
        for (family, line) in taken.iter_mut().zip(lines) {
            let (word, bit) = (line / 64, 1u64 << (line % 64));
            if family[word] & bit != 0 {
                return false;
            }
            family[word] |= bit;
        }
    }
    true
}
