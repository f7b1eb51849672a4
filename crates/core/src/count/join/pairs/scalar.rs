//! The portable pair test, on the planes: the reference the other kernel
//! is checked against.

use super::planes::{Planes, PLANES};

/// The pairs of a signature of `planes` and one of `west` with no bit in
/// common.
pub(crate) fn disjoint_pairs(planes: &Planes, west: &[u64]) -> u64 {
    let mut found = 0;
    for &signature in west {
        for (block, lanes) in planes.lanes.iter().enumerate() {
            let mut taken = [0u64; 8];
            let mut left = signature;
            while left != 0 {
                let plane = &planes.planes[block * PLANES + left.trailing_zeros() as usize];
                for (word, bits) in taken.iter_mut().zip(plane) {
                    *word |= bits;
                }
                left &= left - 1;
            }
            found += (lanes.iter().zip(&taken))
                .map(|(real, taken)| u64::from((real & !taken).count_ones()))
                .sum::<u64>();
        }
    }
    found
}
