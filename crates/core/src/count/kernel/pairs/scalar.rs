//! The portable join steps: the reference the other kernels are checked
//! against.

use super::{Bounds, Halves, Leaf, SLACK};

/// Turns 64 words of 64 bits on their side in place: bit i of word b
/// becomes bit b of word i (six rounds of swaps, each exchanging blocks
/// half as wide as the last between words half as far apart).
pub(crate) fn transpose(words: &mut [u64; 64]) {
    let mut width = 32;
    let mut low: u64 = 0x0000_0000_FFFF_FFFF;
    while width != 0 {
        let mut k = 0;
        while k < 64 {
            let swapped = ((words[k] >> width) ^ words[k + width]) & low;
            words[k + width] ^= swapped;
            words[k] ^= swapped << width;
            k = (k + width + 1) & !width;
        }
        width >>= 1;
        low ^= low << width;
    }
}

/// Turns `signatures` (whose OR and AND are `bounds`) into `leaf`, the
/// useful bits in place.
pub(crate) fn fill_leaf(leaf: &mut Leaf, signatures: &[u64], bounds: Bounds) {
    leaf.fill(signatures, bounds, false, |s, useful| s & useful, transpose);
}

/// The pairs of a signature of `leaf` and one of `others` with no bit in
/// common.
pub(crate) fn leaf_pairs(leaf: &Leaf, others: &[u64]) -> u64 {
    let mut found = 0;
    for &signature in others.iter().filter(|&&s| s & leaf.all == 0) {
        let key = leaf.key(signature);
        let mut taken = [0u64; 8];
        for group in 0..leaf.groups {
            for (word, bits) in taken.iter_mut().zip(leaf.table(group, key)) {
                *word |= bits;
            }
        }
        found += (leaf.lanes.iter().zip(&taken))
            .map(|(real, taken)| u64::from((real & !taken).count_ones()))
            .sum::<u64>();
    }
    found
}

/// Splits `list` by `bit`: the signatures without it and those with it,
/// each in order and with its bounds, written to `out`, which must hold
/// `2 * (list.len() + SLACK)` u64s (a kernel may write up to [`SLACK`]
/// past each list).
///
/// # Panics
/// If `out` is shorter.
pub(crate) fn split<'o>(bit: u64, list: &[u64], out: &'o mut [u64]) -> [(&'o [u64], Bounds); 2] {
    let (without, with) = out[..2 * (list.len() + SLACK)].split_at_mut(list.len() + SLACK);
    let mut sides = [(without, 0, Bounds::NONE), (with, 0, Bounds::NONE)];
    for &signature in list {
        let (out, kept, bounds) = &mut sides[usize::from(signature & bit != 0)];
        out[*kept] = signature;
        *kept += 1;
        bounds.add(signature);
    }
    sides.map(|(out, kept, bounds)| (&out[..kept], bounds))
}

/// The signatures of `list` with no bit of `bits`, in order, and their
/// bounds, written to `out`, which must hold `list.len() + SLACK` u64s.
///
/// # Panics
/// If `out` is shorter.
pub(crate) fn keep_without<'o>(bits: u64, list: &[u64], out: &'o mut [u64]) -> (&'o [u64], Bounds) {
    let out = &mut out[..list.len() + SLACK];
    let (mut kept, mut bounds) = (0, Bounds::NONE);
    for &signature in list.iter().filter(|&&signature| signature & bits == 0) {
        out[kept] = signature;
        kept += 1;
        bounds.add(signature);
    }
    (&out[..kept], bounds)
}

/// Appends the signature of every half board `halves` joins.
pub(crate) fn append_halves(halves: &Halves, out: &mut Vec<u64>) {
    let barred = !halves.middles;
    halves.each_match(|north, (down, up, signatures, middle_rows)| {
        for i in 0..down.len() {
            let allowed = middle_rows.get(i).is_none_or(|&row| row & barred == 0);
            if allowed && (north.down & down[i]) | (north.up & up[i]) == 0 {
                out.push(north.signature | signatures[i]);
            }
        }
    });
}
