//! Splitting a list of signatures by a bit, and keeping those without
//! some bits, 8 at a time: VPCOMPRESSQ, then a whole register's store.

use super::super::{Bounds, SLACK};
use super::available;
use std::arch::x86_64::*;

/// Splits `list` by `bit`, as [`scalar::split`](super::super::scalar::split)
/// does.
///
/// # Panics
/// If the CPU lacks AVX-512F or POPCNT, or `out` is shorter than
/// `2 * (list.len() + SLACK)`.
pub(crate) fn split<'o>(bit: u64, list: &[u64], out: &'o mut [u64]) -> [(&'o [u64], Bounds); 2] {
    assert!(available(), "the split needs AVX-512F and POPCNT");
    let (without, with) = out[..2 * (list.len() + SLACK)].split_at_mut(list.len() + SLACK);
    // SAFETY: the instructions are present (asserted above), and each side
    // has room for `list.len() + SLACK` u64s, what `split_into` may write.
    let [(kept_without, bounds_without), (kept_with, bounds_with)] =
        unsafe { split_into(bit, list, [without.as_mut_ptr(), with.as_mut_ptr()]) };
    [
        (&without[..kept_without], bounds_without),
        (&with[..kept_with], bounds_with),
    ]
}

/// The signatures of `list` with no bit of `bits`, as
/// [`scalar::keep_without`](super::super::scalar::keep_without) keeps them.
///
/// # Panics
/// If the CPU lacks AVX-512F or POPCNT, or `out` is shorter than
/// `list.len() + SLACK`.
pub(crate) fn keep_without<'o>(bits: u64, list: &[u64], out: &'o mut [u64]) -> (&'o [u64], Bounds) {
    assert!(available(), "the filter needs AVX-512F and POPCNT");
    let out = &mut out[..list.len() + SLACK];
    // SAFETY: the instructions are present (asserted above), and `out` has
    // room for `list.len() + SLACK` u64s, what `keep_into` may write.
    let (kept, bounds) = unsafe { keep_into(bits, list, out.as_mut_ptr()) };
    (&out[..kept], bounds)
}

/// Stores the signatures of `list` without `bit` from `to[0]` on and
/// those with it from `to[1]` on, 8 at a time (VPCOMPRESSQ, then a full
/// store: up to SLACK u64s past the last one kept are written), and
/// returns how many each got and their bounds.
///
/// # Safety
/// Each of `to` must have room for `list.len() + SLACK` u64s.
#[target_feature(enable = "avx512f,popcnt")]
unsafe fn split_into(bit: u64, list: &[u64], to: [*mut u64; 2]) -> [(usize, Bounds); 2] {
    let bits = _mm512_set1_epi64(bit as i64);
    let mut sides = [Side::new(), Side::new()];
    let mut chunks = list.chunks_exact(8);
    for chunk in &mut chunks {
        // SAFETY: `chunk` is 8 initialised u64s; loadu takes any alignment.
        let values = unsafe { _mm512_loadu_si512(chunk.as_ptr().cast()) };
        let without = _mm512_testn_epi64_mask(values, bits);
        // SAFETY: each side holds at most the signatures read so far, so
        // its store ends within `list.len() + SLACK` of its start.
        unsafe {
            sides[0].store(values, without, to[0]);
            sides[1].store(values, !without, to[1]);
        }
    }
    let rest = chunks.remainder();
    let real = (1u8 << rest.len()).wrapping_sub(1);
    // SAFETY: the mask selects the `rest.len()` u64s of `rest` only.
    let values = unsafe { _mm512_maskz_loadu_epi64(real, rest.as_ptr().cast()) };
    let without = _mm512_mask_testn_epi64_mask(real, values, bits);
    // SAFETY: as above.
    unsafe {
        sides[0].store(values, without, to[0]);
        sides[1].store(values, real & !without, to[1]);
    }
    sides.map(|side| (side.kept, side.bounds()))
}

/// [`split_into`]'s first side alone.
///
/// # Safety
/// `to` must have room for `list.len() + SLACK` u64s.
#[target_feature(enable = "avx512f,popcnt")]
unsafe fn keep_into(bits: u64, list: &[u64], to: *mut u64) -> (usize, Bounds) {
    let bits = _mm512_set1_epi64(bits as i64);
    let mut side = Side::new();
    let mut chunks = list.chunks_exact(8);
    for chunk in &mut chunks {
        // SAFETY: as in `split_into`.
        unsafe {
            let values = _mm512_loadu_si512(chunk.as_ptr().cast());
            side.store(values, _mm512_testn_epi64_mask(values, bits), to);
        }
    }
    let rest = chunks.remainder();
    let real = (1u8 << rest.len()).wrapping_sub(1);
    // SAFETY: as in `split_into`.
    unsafe {
        let values = _mm512_maskz_loadu_epi64(real, rest.as_ptr().cast());
        side.store(values, _mm512_mask_testn_epi64_mask(real, values, bits), to);
    }
    (side.kept, side.bounds())
}

/// One output of a split: how many signatures it holds, and their OR and
/// AND so far, a lane each.
#[derive(Clone, Copy)]
struct Side {
    kept: usize,
    any: __m512i,
    all: __m512i,
}

impl Side {
    #[target_feature(enable = "avx512f,popcnt")]
    fn new() -> Side {
        Side {
            kept: 0,
            any: _mm512_setzero_si512(),
            all: _mm512_set1_epi64(-1),
        }
    }

    /// Appends the lanes of `values` in `mask` to the side's signatures
    /// at `to`, with a whole register's store (a masked store is three
    /// times slower, measured on lists that fit the cache).
    ///
    /// # Safety
    /// `to` must have room for `self.kept + 8` u64s.
    #[target_feature(enable = "avx512f,popcnt")]
    unsafe fn store(&mut self, values: __m512i, mask: __mmask8, to: *mut u64) {
        let packed = _mm512_maskz_compress_epi64(mask, values);
        // SAFETY: the caller's promise.
        unsafe { _mm512_storeu_si512(to.add(self.kept).cast(), packed) };
        self.kept += mask.count_ones() as usize;
        self.any = _mm512_mask_or_epi64(self.any, mask, self.any, values);
        self.all = _mm512_mask_and_epi64(self.all, mask, self.all, values);
    }

    #[target_feature(enable = "avx512f,popcnt")]
    fn bounds(self) -> Bounds {
        Bounds {
            any: _mm512_reduce_or_epi64(self.any) as u64,
            all: _mm512_reduce_and_epi64(self.all) as u64,
        }
    }
}
