//! The pair test on AVX-512 registers: each plane is one register, so a
//! west signature meets 512 east ones in one VPORQ per group of
//! diagonals and a VPOPCNTQ, up to 4 blocks at a time.

use super::planes::{subset, Planes};
use std::arch::x86_64::*;

/// Whether this CPU has the instructions (AVX-512F and VPOPCNTDQ).
pub(crate) fn available() -> bool {
    std::is_x86_feature_detected!("avx512f") && std::is_x86_feature_detected!("avx512vpopcntdq")
}

/// The pairs of a signature of `planes` and one of `west` with no bit in
/// common.
///
/// # Panics
/// If the CPU lacks the instructions: the kernel is never picked then,
/// and the check makes the call below sound whoever calls.
pub(crate) fn disjoint_pairs(planes: &Planes, west: &[u64]) -> u64 {
    assert!(available(), "the plane test needs AVX-512F and VPOPCNTDQ");
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
#[target_feature(enable = "avx512f,avx512vpopcntdq")]
fn blocks<const B: usize>(planes: &Planes, first: usize, west: &[u64]) -> u64 {
    let load = |words: &[u64; 8]| {
        // SAFETY: a [u64; 8] is 64 readable bytes; loadu takes any alignment.
        unsafe { _mm512_loadu_si512(words.as_ptr().cast()) }
    };
    let lanes: [__m512i; B] = std::array::from_fn(|k| load(&planes.lanes[first + k]));
    let ors: [&[[u64; 8]]; B] = std::array::from_fn(|k| planes.block(first + k));
    let mut sums = _mm512_setzero_si512();
    for &signature in west {
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
