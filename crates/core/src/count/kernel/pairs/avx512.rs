//! The join's steps on AVX-512 registers. The pair test: each plane is
//! one register, so a west signature meets 512 east ones in one VPORQ per
//! group of diagonals and a VPOPCNTQ, up to 4 blocks at a time (AVX-512F,
//! VPOPCNTDQ and BMI2's PEXT). The filter and the half-board join compare
//! 8 signatures an instruction (AVX-512F alone).

use super::planes::{subset, Planes};
use super::{Halves, Placement};
use std::arch::x86_64::*;

/// Whether this CPU has the pair test's instructions.
pub(crate) fn popcount_available() -> bool {
    std::is_x86_feature_detected!("avx512f")
        && std::is_x86_feature_detected!("avx512vpopcntdq")
        && std::is_x86_feature_detected!("bmi2")
}

/// Whether this CPU has the filter's and the half-board join's (AVX-512F).
fn available() -> bool {
    std::is_x86_feature_detected!("avx512f")
}

/// The pairs of a signature of `planes` and one of `west` with no bit in
/// common.
///
/// # Panics
/// If the CPU lacks the instructions: the kernel is never picked then,
/// and the check makes the call below sound whoever calls.
pub(crate) fn disjoint_pairs(planes: &Planes, west: &[u64]) -> u64 {
    assert!(
        popcount_available(),
        "the plane test needs AVX-512F, VPOPCNTDQ and BMI2"
    );
    let mut found = 0;
    for first in (0..planes.blocks()).step_by(4) {
        // SAFETY: the instructions are present (asserted above).
        found += unsafe {
            match planes.blocks() - first {
                1 => blocks::<1>(planes, first, west),
                2 => blocks::<2>(planes, first, west),
                3 => blocks::<3>(planes, first, west),
                _ => blocks::<4>(planes, first, west),
            }
        };
    }
    found
}

/// Blocks `first..first + B` against every west signature, their sums
/// kept in registers (B is a constant so that the loops unroll).
#[target_feature(enable = "avx512f,avx512vpopcntdq,bmi2")]
fn blocks<const B: usize>(planes: &Planes, first: usize, west: &[u64]) -> u64 {
    let load = |words: &[u64; 8]| {
        // SAFETY: a [u64; 8] is 64 readable bytes; loadu takes any alignment.
        unsafe { _mm512_loadu_si512(words.as_ptr().cast()) }
    };
    let lanes: [__m512i; B] = std::array::from_fn(|k| load(&planes.lanes[first + k]));
    let ors: [&[[u64; 8]]; B] = std::array::from_fn(|k| planes.block(first + k));
    let mut sums = _mm512_setzero_si512();
    for &signature in west {
        if signature & planes.all != 0 {
            continue;
        }
        let signature = _pext_u64(signature, planes.useful);
        let mut taken = [_mm512_setzero_si512(); B];
        for group in 0..planes.groups {
            let subset = subset(signature, group);
            for k in 0..B {
                taken[k] = _mm512_or_si512(taken[k], load(&ors[k][subset]));
            }
        }
        for k in 0..B {
            let free = _mm512_andnot_si512(taken[k], lanes[k]);
            sums = _mm512_add_epi64(sums, _mm512_popcnt_epi64(free));
        }
    }
    _mm512_reduce_add_epi64(sums) as u64
}

/// Writes to `out` the signatures of `west` with no bit of `bits`, in
/// order.
///
/// # Panics
/// If the CPU lacks AVX-512F.
pub(crate) fn keep_without(bits: u64, west: &[u64], out: &mut Vec<u64>) {
    assert!(available(), "the filter needs AVX-512F");
    out.clear();
    // Room for a whole register's store past the last signature kept.
    out.reserve(west.len() + 8);
    // SAFETY: the instructions are present; `compress` writes at most
    // west.len() + 8 u64s from the start of `out`'s buffer, all reserved,
    // and returns how many of them are signatures kept, all written.
    unsafe {
        let kept = compress(bits, west, out.as_mut_ptr());
        out.set_len(kept);
    }
}

/// Stores the signatures of `west` with no bit of `bits` from `to` on, 8 at a
/// time (VPCOMPRESSQ, then a full store: up to 8 u64s past the last one
/// kept are written), and returns how many there are.
///
/// # Safety
/// `to` must have room for `west.len() + 8` u64s.
#[target_feature(enable = "avx512f")]
unsafe fn compress(bits: u64, west: &[u64], to: *mut u64) -> usize {
    let bits = _mm512_set1_epi64(bits as i64);
    let mut kept = 0;
    let mut chunks = west.chunks_exact(8);
    let mut store = |values: __m512i, mask: __mmask8| {
        let packed = _mm512_maskz_compress_epi64(mask, values);
        // SAFETY: kept ≤ the signatures read so far, so kept + 8 ≤
        // west.len() + 8, within the room the caller promised.
        unsafe { _mm512_storeu_si512(to.add(kept).cast(), packed) };
        kept += mask.count_ones() as usize;
    };
    for chunk in &mut chunks {
        // SAFETY: `chunk` is 8 initialised u64s; loadu takes any alignment.
        let values = unsafe { _mm512_loadu_si512(chunk.as_ptr().cast()) };
        store(values, _mm512_testn_epi64_mask(values, bits));
    }
    let rest = chunks.remainder();
    if !rest.is_empty() {
        let real = (1u8 << rest.len()).wrapping_sub(1);
        // SAFETY: the mask selects the `rest.len()` u64s of `rest` only.
        let values = unsafe { _mm512_maskz_loadu_epi64(real, rest.as_ptr().cast()) };
        store(values, _mm512_mask_testn_epi64_mask(real, values, bits));
    }
    kept
}

/// Appends the signature of every half board `halves` joins, a north
/// placement against 8 south ones at a time.
///
/// # Panics
/// If the CPU lacks AVX-512F.
pub(crate) fn append_halves(halves: &Halves, out: &mut Vec<u64>) {
    assert!(available(), "the join needs AVX-512F");
    // SAFETY: the instructions are present (asserted above).
    unsafe { append_all(halves, out) }
}

#[target_feature(enable = "avx512f")]
fn append_all(halves: &Halves, out: &mut Vec<u64>) {
    halves.each_match(|north, (down, up, signatures)| {
        out.reserve(down.len() + 8);
        let len = out.len();
        // SAFETY: `each_match` hands over three arrays of one length;
        // `joined` reads them within bounds and writes at most
        // down.len() + 8 u64s past the end of `out`, all reserved,
        // returning how many of them are signatures written.
        unsafe {
            let added = joined(north, down, up, signatures, out.as_mut_ptr().add(len));
            out.set_len(len + added);
        }
    });
}

/// Stores from `to` on the joined signatures of the compatible south
/// placements (VPCOMPRESSQ, then a full store: up to 8 u64s past the last
/// written), and returns how many there are.
///
/// # Safety
/// `up` and `signatures` must be as long as `down`; `to` must have room
/// for `down.len() + 8` u64s.
#[target_feature(enable = "avx512f")]
#[inline]
unsafe fn joined(
    north: &Placement,
    down: &[u64],
    up: &[u64],
    signatures: &[u64],
    to: *mut u64,
) -> usize {
    let (north_down, north_up) = (
        _mm512_set1_epi64(north.down as i64),
        _mm512_set1_epi64(north.up as i64),
    );
    let north_signature = _mm512_set1_epi64(north.signature as i64);
    let mut written = 0;
    for start in (0..down.len()).step_by(8) {
        let real = match down.len() - start {
            8.. => 0xff,
            left => (1u8 << left) - 1,
        };
        // SAFETY: the mask selects indices start.. below down.len(), the
        // length of all three arrays; masked-off lanes are not read.
        let load = |array: &[u64]| unsafe {
            _mm512_maskz_loadu_epi64(real, array.as_ptr().add(start).cast())
        };
        let clash = _mm512_or_si512(
            _mm512_and_si512(load(down), north_down),
            _mm512_and_si512(load(up), north_up),
        );
        let compatible = _mm512_mask_testn_epi64_mask(real, clash, clash);
        let packed = _mm512_maskz_compress_epi64(
            compatible,
            _mm512_or_si512(load(signatures), north_signature),
        );
        // SAFETY: written ≤ start, so written + 8 ≤ down.len() + 8, the
        // room the caller promised.
        unsafe { _mm512_storeu_si512(to.add(written).cast(), packed) };
        written += compatible.count_ones() as usize;
    }
    written
}
