//! The leaf on the full AVX-512 set: the 64×64 transpose as eight GFNI
//! affine steps (each turns eight 8×8 bit blocks on their side) between
//! byte shuffles, and the pair count's popcount in VPOPCNTQ.

use super::runs_here;
use crate::count::kernel::avx512f::leaf::{load, or_tables};
use crate::count::kernel::pairs::{with_groups, Leaf};
use std::arch::x86_64::*;

/// Turns `signatures` into `leaf`, the useful bits packed with PEXT.
///
/// # Panics
/// If the CPU lacks the tier's instructions.
pub(super) fn fill_leaf(leaf: &mut Leaf, signatures: &[u64]) {
    assert!(runs_here(), "the leaf needs AVX-512 with VBMI and GFNI");
    // SAFETY: the instructions are present (asserted above).
    unsafe { fill(leaf, signatures) }
}

#[target_feature(enable = "avx512f,avx512bw,avx512vbmi,gfni,bmi2,popcnt")]
fn fill(leaf: &mut Leaf, signatures: &[u64]) {
    leaf.fill(signatures, true, |words| transpose_gfni(words));
}

/// [`scalar::transpose`](crate::count::kernel::scalar::transpose) in
/// GFNI steps.
///
/// # Panics
/// If the CPU lacks the tier's instructions.
pub(super) fn transpose(words: &mut [u64; 64]) {
    assert!(
        runs_here(),
        "the transpose needs AVX-512 with VBMI and GFNI"
    );
    // SAFETY: the instructions are present (asserted above).
    unsafe { transpose_gfni(words) }
}

/// The transpose: word 8R + r is lane r of register R, and bit 8C + c of
/// it is bit c of byte C. (1) Within each register, byte C of lane r goes
/// to byte 7 − r of lane C (VPERMB): lane C then holds an 8×8 bit block,
/// its rows upside down. (2) GF2P8AFFINEQB with that block as its matrix
/// and the unit vectors as data turns the block on its side (the matrix's
/// row order is reversed in its definition, which the upside-down rows
/// undo): byte c of lane C of register R is then bit 8C + c of words 8R
/// to 8R + 7. (3) Lane C of register R goes to lane R of register C (an
/// 8×8 transpose of lanes across registers, three rounds), and (4) within
/// each register byte c of lane R to byte R of lane c (VPERMB): lane c of
/// register C is word 8C + c of the result.
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi,gfni,bmi2,popcnt")]
fn transpose_gfni(words: &mut [u64; 64]) {
    let bytes = |to: fn(usize) -> usize| -> __m512i {
        let index: [u8; 64] = std::array::from_fn(|p| to(p) as u8);
        // SAFETY: 64 readable bytes; loadu takes any alignment.
        unsafe { _mm512_loadu_si512(index.as_ptr().cast()) }
    };
    // (1): output byte 8C + (7 − r) takes input byte 8r + C.
    let upside_down = bytes(|p| 8 * (7 - p % 8) + p / 8);
    // (4): output byte 8c + R takes input byte 8R + c.
    let across = bytes(|p| 8 * (p % 8) + p / 8);
    let units = _mm512_set1_epi64(0x8040_2010_0804_0201u64 as i64);
    let blocks: [__m512i; 8] = std::array::from_fn(|r| {
        // SAFETY: `words` is 64 u64s, eight registers' worth.
        let row = unsafe { _mm512_loadu_si512(words.as_ptr().add(8 * r).cast()) };
        let block = _mm512_permutexvar_epi8(upside_down, row);
        _mm512_gf2p8affine_epi64_epi8::<0>(units, block)
    });
    for (c, lanes) in lanes_across(blocks).into_iter().enumerate() {
        let word = _mm512_permutexvar_epi8(across, lanes);
        // SAFETY: as the loads above.
        unsafe { _mm512_storeu_si512(words.as_mut_ptr().add(8 * c).cast(), word) };
    }
}

/// An 8×8 transpose of 64-bit lanes across eight registers: lane c of
/// register r goes to lane r of register c. Three rounds, each swapping
/// blocks half as wide as the last between registers half as far apart.
#[target_feature(enable = "avx512f")]
fn lanes_across(rows: [__m512i; 8]) -> [__m512i; 8] {
    let pairs: [__m512i; 8] = std::array::from_fn(|i| match i % 2 {
        0 => _mm512_unpacklo_epi64(rows[i], rows[i + 1]),
        _ => _mm512_unpackhi_epi64(rows[i - 1], rows[i]),
    });
    let (low, high) = (
        _mm512_setr_epi64(0, 1, 8, 9, 4, 5, 12, 13),
        _mm512_setr_epi64(2, 3, 10, 11, 6, 7, 14, 15),
    );
    let quads: [__m512i; 8] = std::array::from_fn(|i| {
        let first = i - i % 4 + i % 2;
        let index = if i % 4 < 2 { low } else { high };
        _mm512_permutex2var_epi64(pairs[first], index, pairs[first + 2])
    });
    let (low, high) = (
        _mm512_setr_epi64(0, 1, 2, 3, 8, 9, 10, 11),
        _mm512_setr_epi64(4, 5, 6, 7, 12, 13, 14, 15),
    );
    std::array::from_fn(|i| {
        let index = if i < 4 { low } else { high };
        _mm512_permutex2var_epi64(quads[i % 4], index, quads[i % 4 + 4])
    })
}

/// The pairs of a signature of `leaf` and one of `others` with no bit in
/// common: each signature's tables ORed in one register, 512 lanes at
/// once, and counted with VPOPCNTQ.
///
/// # Panics
/// If the CPU lacks the tier's instructions.
pub(super) fn leaf_pairs(leaf: &Leaf, others: &[u64]) -> u64 {
    assert!(runs_here(), "the pair count needs AVX-512 with VPOPCNTDQ");
    // SAFETY: the instructions are present (asserted above).
    unsafe { with_groups!(leaf.groups, pairs(leaf, others)) }
}

/// [`leaf_pairs`] with the leaf's `G` groups unrolled.
#[target_feature(enable = "avx512f,avx512vpopcntdq,bmi2,popcnt")]
fn pairs<const G: usize>(leaf: &Leaf, others: &[u64]) -> u64 {
    let lanes = load(&leaf.lanes.0);
    let mut sums = _mm512_setzero_si512();
    for &signature in others.iter().filter(|&&s| s & leaf.all == 0) {
        let key = _pext_u64(signature, leaf.useful);
        let free = _mm512_andnot_si512(or_tables::<G>(leaf, key), lanes);
        sums = _mm512_add_epi64(sums, _mm512_popcnt_epi64(free));
    }
    _mm512_reduce_add_epi64(sums) as u64
}
