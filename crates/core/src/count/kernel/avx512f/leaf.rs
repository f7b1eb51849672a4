//! The leaf of the pair count on AVX-512F and BW registers: the 64×64
//! transpose that builds it on eight registers, the pair count one
//! register per plane with a byte-table popcount (VPSHUFB: AVX-512F has
//! no popcount of its own), and the sample's bit counts a byte per bit.

use super::runs_here;
use crate::count::kernel::pairs::{with_groups, Leaf, LANES};
use crate::count::kernel::{tier, BitCounts};
use std::arch::x86_64::*;

/// Turns `signatures` into `leaf`, the useful bits packed with PEXT.
///
/// # Panics
/// If the CPU lacks the tier's instructions.
pub(crate) fn fill_leaf(leaf: &mut Leaf, signatures: &[u64]) {
    assert!(runs_here(), "the leaf needs AVX-512F and BMI2");
    // SAFETY: the instructions are present (asserted above).
    unsafe { fill(leaf, signatures) }
}

#[target_feature(enable = "avx512f,avx512bw,bmi2,popcnt")]
fn fill(leaf: &mut Leaf, signatures: &[u64]) {
    leaf.fill(signatures, true, |words| transpose_wide(words));
}

/// [`scalar::transpose`](crate::count::kernel::scalar::transpose) on
/// eight registers.
///
/// # Panics
/// If the CPU lacks the tier's instructions.
pub(crate) fn transpose(words: &mut [u64; 64]) {
    assert!(runs_here(), "the transpose needs AVX-512F");
    // SAFETY: the instructions are present (asserted above).
    unsafe { transpose_wide(words) }
}

/// The transpose on eight registers, a word a lane: the three rounds that
/// swap between words 32, 16 and 8 apart swap between registers, the
/// other three within them.
#[target_feature(enable = "avx512f,avx512bw,bmi2,popcnt")]
fn transpose_wide(words: &mut [u64; 64]) {
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

/// The pairs of a signature of `leaf` and one of `others` with no bit in
/// common: each signature's tables ORed in one register, 512 lanes at
/// once, the lanes left clear counted a byte at a time.
///
/// # Panics
/// If the CPU lacks the tier's instructions.
pub(crate) fn leaf_pairs(leaf: &Leaf, others: &[u64]) -> u64 {
    assert!(runs_here(), "the pair count needs AVX-512F, BW and BMI2");
    // SAFETY: the instructions are present (asserted above).
    unsafe { with_groups!(leaf.groups, pairs(leaf, others)) }
}

/// [`leaf_pairs`] with the leaf's `G` groups unrolled.
#[target_feature(enable = "avx512f,avx512bw,bmi2,popcnt")]
fn pairs<const G: usize>(leaf: &Leaf, others: &[u64]) -> u64 {
    let lanes = load(&leaf.lanes.0);
    let (nibble, table) = (_mm512_set1_epi8(0x0f), nibble_counts());
    let (mut sums, mut bytes, mut in_bytes) = (_mm512_setzero_si512(), _mm512_setzero_si512(), 0);
    for &signature in others.iter().filter(|&&s| s & leaf.all == 0) {
        let key = _pext_u64(signature, leaf.useful);
        let taken = or_tables::<G>(leaf, key);
        let free = _mm512_andnot_si512(taken, lanes);
        let low = _mm512_shuffle_epi8(table, _mm512_and_si512(free, nibble));
        let high = _mm512_shuffle_epi8(
            table,
            _mm512_and_si512(_mm512_srli_epi64::<4>(free), nibble),
        );
        bytes = _mm512_add_epi8(bytes, _mm512_add_epi8(low, high));
        // A byte counts up to 8 a signature: 31 fit before it overflows.
        in_bytes += 1;
        if in_bytes == 31 {
            sums = _mm512_add_epi64(sums, _mm512_sad_epu8(bytes, _mm512_setzero_si512()));
            (bytes, in_bytes) = (_mm512_setzero_si512(), 0);
        }
    }
    sums = _mm512_add_epi64(sums, _mm512_sad_epu8(bytes, _mm512_setzero_si512()));
    _mm512_reduce_add_epi64(sums) as u64
}

/// The set bits of each nibble, for VPSHUFB (each 128-bit lane its own).
#[target_feature(enable = "avx512f,avx512bw")]
fn nibble_counts() -> __m512i {
    let counts = _mm_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4);
    _mm512_broadcast_i32x4(counts)
}

/// The OR of `leaf`'s `G` group tables for `key`, in a tree of ORs.
#[target_feature(enable = "avx512f")]
#[inline]
pub(crate) fn or_tables<const G: usize>(leaf: &Leaf, key: u64) -> __m512i {
    let mut taken: [__m512i; G] = std::array::from_fn(|group| load(&leaf.table(group, key).0));
    let mut width = G;
    while width > 1 {
        let half = width / 2;
        for i in 0..half {
            taken[i] = _mm512_or_si512(taken[i], taken[i + width - half]);
        }
        width -= half;
    }
    taken[0]
}

/// A plane in a register.
#[target_feature(enable = "avx512f")]
#[inline]
pub(crate) fn load(words: &[u64; 8]) -> __m512i {
    // SAFETY: a [u64; 8] is 64 readable bytes; loadu takes any alignment.
    unsafe { _mm512_loadu_si512(words.as_ptr().cast()) }
}

/// How many of a sample of `list` take each bit ([`BitCounts`]): each
/// signature's bits as 64 bytes of 0 or −1 (VPMOVM2B), subtracted.
///
/// # Panics
/// If the CPU lacks the tier's instructions.
pub(crate) fn bit_counts(list: &[u64]) -> BitCounts {
    assert!(runs_here(), "the bit counts need AVX-512BW");
    // SAFETY: the instructions are present (asserted above).
    unsafe { count_bits(list) }
}

#[target_feature(enable = "avx512f,avx512bw")]
fn count_bits(list: &[u64]) -> BitCounts {
    let step = BitCounts::step(list.len());
    let mut counts = _mm512_setzero_si512();
    let mut sampled = 0;
    for &signature in list.iter().step_by(step).take(tier::SAMPLE) {
        counts = _mm512_sub_epi8(counts, _mm512_movm_epi8(signature));
        sampled += 1;
    }
    let mut taken = [0u8; 64];
    // SAFETY: `taken` is 64 writable bytes; storeu takes any alignment.
    unsafe { _mm512_storeu_si512(taken.as_mut_ptr().cast(), counts) };
    BitCounts { taken, sampled }
}

const _: () = assert!(LANES == 512, "a plane is one AVX-512 register");
