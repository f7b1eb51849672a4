//! The portable pair test, on the planes: the reference the other kernel
//! is checked against.

use super::planes::{pack, subset, Planes};
use super::Halves;

/// The pairs of a signature of `planes` and one of `west` with no bit in
/// common.
pub(crate) fn disjoint_pairs(planes: &Planes, west: &[u64]) -> u64 {
    let mut found = 0;
    for &signature in west
        .iter()
        .filter(|&&signature| signature & planes.all == 0)
    {
        let signature = pack(signature, planes.useful);
        for (k, lanes) in planes.lanes.iter().enumerate() {
            let ors = planes.block(k);
            let mut taken = [0u64; 8];
            for group in 0..planes.groups {
                for (word, bits) in taken.iter_mut().zip(&ors[subset(signature, group)]) {
                    *word |= bits;
                }
            }
            found += (lanes.iter().zip(&taken))
                .map(|(real, taken)| u64::from((real & !taken).count_ones()))
                .sum::<u64>();
        }
    }
    found
}

/// Writes to `out` the signatures of `west` with no bit of `bits`, in
/// order.
pub(crate) fn keep_without(bits: u64, west: &[u64], out: &mut Vec<u64>) {
    out.clear();
    out.extend(west.iter().filter(|&&signature| signature & bits == 0));
}

/// Appends the signature of every half board `halves` joins.
pub(crate) fn append_halves(halves: &Halves, out: &mut Vec<u64>) {
    halves.each_match(|north, (down, up, signatures)| {
        for i in 0..down.len() {
            if (north.down & down[i]) | (north.up & up[i]) == 0 {
                out.push(north.signature | signatures[i]);
            }
        }
    });
}
