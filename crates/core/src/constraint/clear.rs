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
    // Four families of lines, one after the other; on the stack for boards
    // up to 128 wide, which is most of what `verify` reads, millions of times.
    let mut small = [0u64; 16];
    let mut large = Vec::new();
    let taken: &mut [u64] = if 4 * words <= small.len() {
        &mut small[..4 * words]
    } else {
        large.resize(4 * words, 0);
        &mut large
    };
    for queen in queens {
        // The ↘ diagonal r − c is shifted by span − 1 so that it starts at 0.
        let lines = [
            queen.row,
            queen.col,
            queen.row + span - 1 - queen.col,
            queen.row + queen.col,
        ];
        for (family, line) in lines.into_iter().enumerate() {
            let (word, bit) = (family * words + line / 64, 1u64 << (line % 64));
            if taken[word] & bit != 0 {
                return false;
            }
            taken[word] |= bit;
        }
    }
    true
}
