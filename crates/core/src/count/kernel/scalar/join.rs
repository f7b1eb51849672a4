//! The portable join steps: the reference the other tiers are checked
//! against. Each is inlined into its caller, so that the x86-64-v3 build
//! of this tier (multiversion.rs) gets them with POPCNT and BMI2.

use crate::count::kernel::pairs::{Halves, Leaf, Plane, SLACK};
use crate::count::kernel::{tier, BitCounts};

/// Turns 64 words of 64 bits on their side in place: bit i of word b
/// becomes bit b of word i (six rounds of swaps, each exchanging blocks
/// half as wide as the last between words half as far apart).
#[inline(always)]
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

/// Turns `signatures` into `leaf`, the useful bits in place (the key is
/// a signature's useful bits, no instruction packing them).
#[inline(always)]
pub(crate) fn fill_leaf(leaf: &mut Leaf, signatures: &[u64]) {
    leaf.fill(signatures, false, transpose);
}

/// The pairs of a signature of `leaf` and one of `others` with no bit in
/// common, the leaf filled in place ([`fill_leaf`]).
#[inline(always)]
pub(crate) fn leaf_pairs(leaf: &Leaf, others: &[u64]) -> u64 {
    let useful = leaf.useful;
    leaf.pairs(others, |signature| signature & useful, free_lanes)
}

/// The lanes of `lanes` that `taken` leaves clear.
#[inline(always)]
pub(crate) fn free_lanes(lanes: &Plane, taken: &Plane) -> u64 {
    (lanes.0.iter().zip(&taken.0))
        .map(|(real, taken)| u64::from((real & !taken).count_ones()))
        .sum()
}

/// Splits `list` by `bit`: the signatures without it and those with it,
/// each in order, written to `out`, which must hold `2 * (list.len() +
/// SLACK)` u64s (the wide tiers write up to [`SLACK`] past each list).
/// Every signature is written to both sides and kept by one: no branch
/// the CPU must guess.
///
/// # Panics
/// If `out` is shorter.
#[inline(always)]
pub(crate) fn split<'o>(bit: u64, list: &[u64], out: &'o mut [u64]) -> [&'o [u64]; 2] {
    let (without, with) = out[..2 * (list.len() + SLACK)].split_at_mut(list.len() + SLACK);
    let (mut kept_without, mut kept_with) = (0, 0);
    for &signature in list {
        let has = usize::from(signature & bit != 0);
        without[kept_without] = signature;
        with[kept_with] = signature;
        kept_without += 1 - has;
        kept_with += has;
    }
    [&without[..kept_without], &with[..kept_with]]
}

/// The signatures of `list` with no bit of `bits`, in order, written to
/// `out`, which must hold `list.len() + SLACK` u64s.
///
/// # Panics
/// If `out` is shorter.
#[inline(always)]
pub(crate) fn keep_without<'o>(bits: u64, list: &[u64], out: &'o mut [u64]) -> &'o [u64] {
    let out = &mut out[..list.len() + SLACK];
    let mut kept = 0;
    for &signature in list {
        out[kept] = signature;
        kept += usize::from(signature & bits == 0);
    }
    &out[..kept]
}

/// How many of a sample of `list` take each bit ([`BitCounts`]): each
/// signature's bits added to eight words of byte counters at once.
#[inline(always)]
pub(crate) fn bit_counts(list: &[u64]) -> BitCounts {
    const LOW_BITS: u64 = 0x0101_0101_0101_0101;
    let step = BitCounts::step(list.len());
    let sample = list.iter().step_by(step).take(tier::SAMPLE);
    // Byte b of counters[j] counts bit 8b + j (at most 64: no carry).
    let mut counters = [0u64; 8];
    let mut sampled = 0;
    for &signature in sample {
        for (j, counter) in counters.iter_mut().enumerate() {
            *counter += (signature >> j) & LOW_BITS;
        }
        sampled += 1;
    }
    let taken = std::array::from_fn(|bit| (counters[bit % 8] >> (8 * (bit / 8))) as u8);
    BitCounts { taken, sampled }
}

/// Appends the signature of every half board `halves` joins: each south
/// placement of a run written, and kept if it fits (no branch the CPU
/// must guess).
#[inline(always)]
pub(crate) fn append_halves(halves: &Halves, out: &mut Vec<u64>) {
    let (barred, cut) = (!halves.middles, halves.cut);
    halves.each_run(|norths, (down, up, middle_rows)| {
        let mut at = out.len();
        out.resize(at + norths.len() * down.len(), 0);
        for north in norths {
            for i in 0..down.len() {
                let allowed = middle_rows.get(i).is_none_or(|&row| row & barred == 0);
                let fits = allowed && (north.down & down[i]) | (north.up & up[i]) == 0;
                out[at] = north.signature | cut.signature(down[i], up[i]);
                at += usize::from(fits);
            }
        }
        out.truncate(at);
    });
}
