//! The join's steps on AVX-512 registers. The pair test: each plane of a
//! leaf is one register, so a signature meets 512 of the leaf's in one
//! VPORQ per group of diagonals and a VPOPCNTQ (AVX-512F, VPOPCNTDQ and
//! BMI2's PEXT). The transpose that builds a leaf, the split and the
//! filter (split.rs) and the half-board join (halves.rs) work 8
//! signatures an instruction (AVX-512F, and POPCNT to count what a mask
//! keeps).

mod halves;
mod split;

pub(crate) use halves::append_halves;
pub(crate) use split::{keep_without, split};

use super::{Bounds, Leaf};
use std::arch::x86_64::*;

/// Whether this CPU has the pair test's instructions.
pub(crate) fn popcount_available() -> bool {
    available()
        && std::is_x86_feature_detected!("avx512vpopcntdq")
        && std::is_x86_feature_detected!("bmi2")
}

/// Whether this CPU has the split's, the filter's and the half-board
/// join's (AVX-512F, and POPCNT to count what a mask keeps).
pub(super) fn available() -> bool {
    std::is_x86_feature_detected!("avx512f") && std::is_x86_feature_detected!("popcnt")
}

/// The pairs of a signature of `leaf` and one of `others` with no bit in
/// common: each signature's tables ORed in one register, 512 lanes at
/// once, and counted with VPOPCNTQ.
///
/// # Panics
/// If the CPU lacks the instructions: the kernel is never picked then,
/// and the check makes the call below sound whoever calls.
pub(crate) fn leaf_pairs(leaf: &Leaf, others: &[u64]) -> u64 {
    assert!(
        popcount_available(),
        "the pair count needs AVX-512F, VPOPCNTDQ, BMI2 and POPCNT"
    );
    // SAFETY: the instructions are present (asserted above).
    unsafe {
        match leaf.packed {
            true => pairs::<true>(leaf, others),
            false => pairs::<false>(leaf, others),
        }
    }
}

/// [`leaf_pairs`], the keys packed with PEXT or kept in place.
#[target_feature(enable = "avx512f,avx512vpopcntdq,bmi2,popcnt")]
fn pairs<const PACKED: bool>(leaf: &Leaf, others: &[u64]) -> u64 {
    let load = |words: &[u64; 8]| {
        // SAFETY: a [u64; 8] is 64 readable bytes; loadu takes any alignment.
        unsafe { _mm512_loadu_si512(words.as_ptr().cast()) }
    };
    let lanes = load(&leaf.lanes);
    let mut sums = _mm512_setzero_si512();
    for &signature in others {
        if signature & leaf.all != 0 {
            continue;
        }
        let key = match PACKED {
            true => _pext_u64(signature, leaf.useful),
            false => signature & leaf.useful,
        };
        let mut taken = _mm512_setzero_si512();
        for group in 0..leaf.groups {
            taken = _mm512_or_si512(taken, load(leaf.table(group, key)));
        }
        let free = _mm512_andnot_si512(taken, lanes);
        sums = _mm512_add_epi64(sums, _mm512_popcnt_epi64(free));
    }
    _mm512_reduce_add_epi64(sums) as u64
}

/// Turns `signatures` (whose OR and AND are `bounds`) into `leaf`, 64 at
/// a time in eight registers, the useful bits packed with PEXT when
/// `packed` (which needs BMI2 as well).
///
/// # Panics
/// If the CPU lacks AVX-512F, or BMI2 when `packed`.
pub(crate) fn fill_leaf(leaf: &mut Leaf, signatures: &[u64], bounds: Bounds, packed: bool) {
    assert!(available(), "the leaf needs AVX-512F and POPCNT");
    if packed {
        assert!(popcount_available(), "packing needs BMI2");
        // SAFETY: AVX-512F and BMI2 are present (asserted above).
        unsafe { fill_packed(leaf, signatures, bounds) }
    } else {
        // SAFETY: AVX-512F is present (asserted above).
        unsafe { fill_in_place(leaf, signatures, bounds) }
    }
}

#[target_feature(enable = "avx512f,bmi2,popcnt")]
fn fill_packed(leaf: &mut Leaf, signatures: &[u64], bounds: Bounds) {
    let key = |signature, useful| _pext_u64(signature, useful);
    leaf.fill(signatures, bounds, true, key, |words| transpose(words));
}

#[target_feature(enable = "avx512f,popcnt")]
fn fill_in_place(leaf: &mut Leaf, signatures: &[u64], bounds: Bounds) {
    let key = |signature, useful| signature & useful;
    leaf.fill(signatures, bounds, false, key, |words| transpose(words));
}

/// [`scalar::transpose`](super::scalar::transpose) on eight registers, a
/// word a lane: the three rounds that swap between words 32, 16 and 8
/// apart swap between registers, the other three within them.
#[target_feature(enable = "avx512f,popcnt")]
pub(crate) fn transpose(words: &mut [u64; 64]) {
    // SAFETY: `words` is 64 u64s, eight registers' worth; loadu and
    // storeu take any alignment.
    let mut rows: [__m512i; 8] =
        std::array::from_fn(|r| unsafe { _mm512_loadu_si512(words.as_ptr().add(8 * r).cast()) });
    for (width, low) in [
        (32, 0x0000_0000_FFFF_FFFFu64),
        (16, 0x0000_FFFF_0000_FFFF),
        (8, 0x00FF_00FF_00FF_00FF),
    ] {
        let (low, apart) = (_mm512_set1_epi64(low as i64), width / 8);
        for r in (0..8).filter(|r| r & apart == 0) {
            let shifted = _mm512_srlv_epi64(rows[r], _mm512_set1_epi64(width as i64));
            let swapped = _mm512_and_si512(_mm512_xor_si512(shifted, rows[r + apart]), low);
            rows[r + apart] = _mm512_xor_si512(rows[r + apart], swapped);
            let back = _mm512_sllv_epi64(swapped, _mm512_set1_epi64(width as i64));
            rows[r] = _mm512_xor_si512(rows[r], back);
        }
    }
    // Lanes l and l + width of each register, for l with no bit of width.
    let within = [
        (
            4,
            0x0F0F_0F0F_0F0F_0F0Fu64,
            _mm512_set_epi64(3, 2, 1, 0, 7, 6, 5, 4),
            0x0F,
        ),
        (
            2,
            0x3333_3333_3333_3333,
            _mm512_set_epi64(5, 4, 7, 6, 1, 0, 3, 2),
            0x33,
        ),
        (
            1,
            0x5555_5555_5555_5555,
            _mm512_set_epi64(6, 7, 4, 5, 2, 3, 0, 1),
            0x55,
        ),
    ];
    for (width, low, partner, first) in within {
        let (low, width) = (_mm512_set1_epi64(low as i64), _mm512_set1_epi64(width));
        for row in rows.iter_mut() {
            let other = _mm512_permutexvar_epi64(partner, *row);
            let shifted = _mm512_srlv_epi64(*row, width);
            let swapped = _mm512_maskz_and_epi64(first, _mm512_xor_si512(shifted, other), low);
            let back = _mm512_permutexvar_epi64(partner, swapped);
            *row = _mm512_xor_si512(
                *row,
                _mm512_or_si512(back, _mm512_sllv_epi64(swapped, width)),
            );
        }
    }
    for (r, row) in rows.iter().enumerate() {
        // SAFETY: as the loads above.
        unsafe { _mm512_storeu_si512(words.as_mut_ptr().add(8 * r).cast(), *row) };
    }
}
