//! Splitting a list of signatures by a bit, and keeping those without
//! some bits, 8 at a time: VPCOMPRESSQ, then a whole register's store.

use super::runs_here;
use crate::count::kernel::pairs::SLACK;
use std::arch::x86_64::*;

/// Splits `list` by `bit`, as [`scalar::split`](crate::count::kernel::scalar::split)
/// does.
///
/// # Panics
/// If the CPU lacks AVX-512F or POPCNT, or `out` is shorter than
/// `2 * (list.len() + SLACK)`.
pub(crate) fn split<'o>(bit: u64, list: &[u64], out: &'o mut [u64]) -> [&'o [u64]; 2] {
    assert!(runs_here(), "the split needs AVX-512F and POPCNT");
    let (without, with) = out[..2 * (list.len() + SLACK)].split_at_mut(list.len() + SLACK);
    // SAFETY: the instructions are present (asserted above), and each side
    // has room for `list.len() + SLACK` u64s, what `split_into` may write.
    let kept = unsafe { split_into(bit, list, [without.as_mut_ptr(), with.as_mut_ptr()]) };
    [&without[..kept[0]], &with[..kept[1]]]
}

/// The signatures of `list` with no bit of `bits`, as
/// [`scalar::keep_without`](crate::count::kernel::scalar::keep_without)
/// keeps them.
///
/// # Panics
/// If the CPU lacks AVX-512F or POPCNT, or `out` is shorter than
/// `list.len() + SLACK`.
pub(crate) fn keep_without<'o>(bits: u64, list: &[u64], out: &'o mut [u64]) -> &'o [u64] {
    assert!(runs_here(), "the filter needs AVX-512F and POPCNT");
    let out = &mut out[..list.len() + SLACK];
    // SAFETY: the instructions are present (asserted above), and `out` has
    // room for `list.len() + SLACK` u64s, what `keep_into` may write.
    let kept = unsafe { keep_into(bits, list, out.as_mut_ptr()) };
    &out[..kept]
}

/// Stores from `to[0]` on the signatures of `list` without `bit` and
/// from `to[1]` on those with it, 8 at a time (VPCOMPRESSQ, then a full
/// store: up to SLACK u64s past the last one kept are written), and
/// returns how many each got.
///
/// # Safety
/// Each of `to` must have room for `list.len() + SLACK` u64s.
#[target_feature(enable = "avx512f,popcnt")]
unsafe fn split_into(bit: u64, list: &[u64], to: [*mut u64; 2]) -> [usize; 2] {
    let bit = _mm512_set1_epi64(bit as i64);
    let mut kept = [0, 0];
    let mut split = |values: __m512i, real: __mmask8| {
        let without = _mm512_mask_testn_epi64_mask(real, values, bit);
        for (side, mask) in [without, real & !without].into_iter().enumerate() {
            let packed = _mm512_maskz_compress_epi64(mask, values);
            // SAFETY: each side holds at most the signatures read so far,
            // so its store ends within `list.len() + SLACK` of its start,
            // the caller's promise; a whole register's store (a masked one
            // is three times slower, measured on lists that fit the cache).
            unsafe { _mm512_storeu_si512(to[side].add(kept[side]).cast(), packed) };
            kept[side] += mask.count_ones() as usize;
        }
    };
    each_eight(list, &mut split);
    kept
}

/// [`split_into`]'s first side alone, without any of `bits`.
///
/// # Safety
/// `to` must have room for `list.len() + SLACK` u64s.
#[target_feature(enable = "avx512f,popcnt")]
unsafe fn keep_into(bits: u64, list: &[u64], to: *mut u64) -> usize {
    let bits = _mm512_set1_epi64(bits as i64);
    let mut kept = 0;
    let mut keep = |values: __m512i, real: __mmask8| {
        let mask = _mm512_mask_testn_epi64_mask(real, values, bits);
        let packed = _mm512_maskz_compress_epi64(mask, values);
        // SAFETY: as in `split_into`.
        unsafe { _mm512_storeu_si512(to.add(kept).cast(), packed) };
        kept += mask.count_ones() as usize;
    };
    each_eight(list, &mut keep);
    kept
}

/// Calls `step` with each 8 signatures of `list` in a register and the
/// mask of the lanes that hold one (the last, fewer, zeroed past them).
#[target_feature(enable = "avx512f,popcnt")]
#[inline]
fn each_eight(list: &[u64], step: &mut impl FnMut(__m512i, __mmask8)) {
    let mut chunks = list.chunks_exact(8);
    for chunk in &mut chunks {
        // SAFETY: `chunk` is 8 initialised u64s; loadu takes any alignment.
        step(unsafe { _mm512_loadu_si512(chunk.as_ptr().cast()) }, 0xff);
    }
    let rest = chunks.remainder();
    let real = (1u8 << rest.len()).wrapping_sub(1);
    // SAFETY: the mask selects the `rest.len()` u64s of `rest` only.
    step(
        unsafe { _mm512_maskz_loadu_epi64(real, rest.as_ptr().cast()) },
        real,
    );
}
