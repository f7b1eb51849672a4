//! Splitting a list of signatures by a bit, and keeping those without
//! some bits, 4 at a time: each side's lanes packed by a permutation from
//! a table, then a whole register's store.

use super::{runs_here, words_kept};
use crate::count::kernel::pairs::SLACK;
use std::arch::x86_64::*;

/// Splits `list` by `bit`, as [`scalar::split`](crate::count::kernel::scalar::split)
/// does.
///
/// # Panics
/// If the CPU lacks AVX2, BMI2 or POPCNT, or `out` is shorter than
/// `2 * (list.len() + SLACK)`.
pub(crate) fn split<'o>(bit: u64, list: &[u64], out: &'o mut [u64]) -> [&'o [u64]; 2] {
    assert!(runs_here(), "the split needs AVX2, BMI2 and POPCNT");
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
/// If the CPU lacks AVX2, BMI2 or POPCNT, or `out` is shorter than
/// `list.len() + SLACK`.
pub(crate) fn keep_without<'o>(bits: u64, list: &[u64], out: &'o mut [u64]) -> &'o [u64] {
    assert!(runs_here(), "the filter needs AVX2, BMI2 and POPCNT");
    let out = &mut out[..list.len() + SLACK];
    // SAFETY: the instructions are present (asserted above), and `out` has
    // room for `list.len() + SLACK` u64s, what `keep_into` may write.
    let kept = unsafe { keep_into(bits, list, out.as_mut_ptr()) };
    &out[..kept]
}

/// Stores from `to[0]` on the signatures of `list` without `bit` and
/// from `to[1]` on those with it, 4 at a time (up to 4 u64s past the
/// last one kept are written), and returns how many each got.
///
/// # Safety
/// Each of `to` must have room for `list.len() + SLACK` u64s.
#[target_feature(enable = "avx2,bmi2,popcnt")]
unsafe fn split_into(bit: u64, list: &[u64], to: [*mut u64; 2]) -> [usize; 2] {
    let bit = _mm256_set1_epi64x(bit as i64);
    let mut kept = [0, 0];
    each_four(list, |values, real| {
        let has = _mm256_cmpeq_epi64(_mm256_and_si256(values, bit), bit);
        let has = _mm256_movemask_pd(_mm256_castsi256_pd(has)) as u32;
        for (side, lanes) in [real & !has, real & has].into_iter().enumerate() {
            let packed = _mm256_permutevar8x32_epi32(values, words_kept(lanes));
            // SAFETY: each side holds at most the signatures read so far,
            // so its store ends within `list.len() + SLACK` of its start,
            // the caller's promise.
            unsafe { _mm256_storeu_si256(to[side].add(kept[side]).cast(), packed) };
            kept[side] += lanes.count_ones() as usize;
        }
    });
    kept
}

/// [`split_into`]'s first side alone, without any of `bits`.
///
/// # Safety
/// `to` must have room for `list.len() + SLACK` u64s.
#[target_feature(enable = "avx2,bmi2,popcnt")]
unsafe fn keep_into(bits: u64, list: &[u64], to: *mut u64) -> usize {
    let bits = _mm256_set1_epi64x(bits as i64);
    let mut kept = 0;
    each_four(list, |values, real| {
        let clear = _mm256_cmpeq_epi64(_mm256_and_si256(values, bits), _mm256_setzero_si256());
        let lanes = real & _mm256_movemask_pd(_mm256_castsi256_pd(clear)) as u32;
        let packed = _mm256_permutevar8x32_epi32(values, words_kept(lanes));
        // SAFETY: as in `split_into`.
        unsafe { _mm256_storeu_si256(to.add(kept).cast(), packed) };
        kept += lanes.count_ones() as usize;
    });
    kept
}

/// Calls `step` with each 4 signatures of `list` in a register and the
/// lanes that hold one (the last, fewer, zero past them).
#[target_feature(enable = "avx2")]
#[inline]
fn each_four(list: &[u64], mut step: impl FnMut(__m256i, u32)) {
    let mut chunks = list.chunks_exact(4);
    for chunk in &mut chunks {
        // SAFETY: `chunk` is 4 initialised u64s; loadu takes any alignment.
        step(unsafe { _mm256_loadu_si256(chunk.as_ptr().cast()) }, 0xf);
    }
    let rest = chunks.remainder();
    let left = _mm256_set1_epi64x(rest.len() as i64);
    let lanes = _mm256_cmpgt_epi64(left, _mm256_setr_epi64x(0, 1, 2, 3));
    // SAFETY: the mask selects the `rest.len()` u64s of `rest` only; a
    // masked-off lane is not read (VPMASKMOVQ does not fault on it).
    let values = unsafe { _mm256_maskload_epi64(rest.as_ptr().cast(), lanes) };
    step(values, (1 << rest.len()) - 1);
}
