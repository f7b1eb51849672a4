//! The leaf of the pair count on AVX2 registers: the 64×64 transpose on
//! sixteen registers, the pair count two registers per plane with a
//! byte-table popcount (VPSHUFB: AVX2 has no popcount of its own), and
//! the sample's bit counts a byte per bit.

use super::runs_here;
use crate::count::kernel::pairs::{with_groups, Leaf, Plane};
use crate::count::kernel::{tier, BitCounts};
use std::arch::x86_64::*;

/// Turns `signatures` into `leaf`, the useful bits packed with PEXT.
///
/// # Panics
/// If the CPU lacks the tier's instructions.
pub(super) fn fill_leaf(leaf: &mut Leaf, signatures: &[u64]) {
    assert!(runs_here(), "the leaf needs AVX2 and BMI2");
    // SAFETY: the instructions are present (asserted above).
    unsafe { fill(leaf, signatures) }
}

#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
fn fill(leaf: &mut Leaf, signatures: &[u64]) {
    leaf.fill(signatures, true, |words| transpose_wide(words));
}

/// [`scalar::transpose`](crate::count::kernel::scalar::transpose) on
/// sixteen registers.
///
/// # Panics
/// If the CPU lacks the tier's instructions.
pub(super) fn transpose(words: &mut [u64; 64]) {
    assert!(runs_here(), "the transpose needs AVX2");
    // SAFETY: the instructions are present (asserted above).
    unsafe { transpose_wide(words) }
}

/// The transpose on sixteen registers, a word a lane: the four rounds
/// that swap between words 32, 16, 8 and 4 apart swap between registers,
/// the other two within them.
#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
fn transpose_wide(words: &mut [u64; 64]) {
    // SAFETY: `words` is 64 u64s, sixteen registers' worth; loadu and
    // storeu take any alignment.
    let mut rows: [__m256i; 16] =
        std::array::from_fn(|r| unsafe { _mm256_loadu_si256(words.as_ptr().add(4 * r).cast()) });
    for (width, low) in [
        (32, 0x0000_0000_FFFF_FFFFu64),
        (16, 0x0000_FFFF_0000_FFFF),
        (8, 0x00FF_00FF_00FF_00FF),
        (4, 0x0F0F_0F0F_0F0F_0F0F),
    ] {
        let (low, apart, shift) = (
            _mm256_set1_epi64x(low as i64),
            width / 4,
            _mm_set1_epi64x(width as i64),
        );
        for r in (0..16).filter(|r| r & apart == 0) {
            let shifted = _mm256_srl_epi64(rows[r], shift);
            let swapped = _mm256_and_si256(_mm256_xor_si256(shifted, rows[r + apart]), low);
            rows[r + apart] = _mm256_xor_si256(rows[r + apart], swapped);
            rows[r] = _mm256_xor_si256(rows[r], _mm256_sll_epi64(swapped, shift));
        }
    }
    // Lanes l and l + width of each register, for l with no bit of width:
    // the partner lane's word brought beside by a permutation, and only
    // the first of each pair's lanes kept in `swapped`.
    for row in rows.iter_mut() {
        let low = _mm256_set1_epi64x(0x3333_3333_3333_3333);
        let first = _mm256_setr_epi64x(-1, -1, 0, 0);
        let other = _mm256_permute4x64_epi64::<0b01_00_11_10>(*row);
        let swapped = _mm256_and_si256(_mm256_xor_si256(_mm256_srli_epi64::<2>(*row), other), low);
        let swapped = _mm256_and_si256(swapped, first);
        let back = _mm256_permute4x64_epi64::<0b01_00_11_10>(swapped);
        *row = _mm256_xor_si256(*row, _mm256_or_si256(back, _mm256_slli_epi64::<2>(swapped)));
        let low = _mm256_set1_epi64x(0x5555_5555_5555_5555);
        let first = _mm256_setr_epi64x(-1, 0, -1, 0);
        let other = _mm256_permute4x64_epi64::<0b10_11_00_01>(*row);
        let swapped = _mm256_and_si256(_mm256_xor_si256(_mm256_srli_epi64::<1>(*row), other), low);
        let swapped = _mm256_and_si256(swapped, first);
        let back = _mm256_permute4x64_epi64::<0b10_11_00_01>(swapped);
        *row = _mm256_xor_si256(*row, _mm256_or_si256(back, _mm256_slli_epi64::<1>(swapped)));
    }
    for (r, row) in rows.iter().enumerate() {
        // SAFETY: as the loads above.
        unsafe { _mm256_storeu_si256(words.as_mut_ptr().add(4 * r).cast(), *row) };
    }
}

/// The pairs of a signature of `leaf` and one of `others` with no bit in
/// common: each signature's tables ORed in two registers, 512 lanes at
/// once, the lanes left clear counted a byte at a time.
///
/// # Panics
/// If the CPU lacks the tier's instructions.
pub(super) fn leaf_pairs(leaf: &Leaf, others: &[u64]) -> u64 {
    assert!(runs_here(), "the pair count needs AVX2 and BMI2");
    // SAFETY: the instructions are present (asserted above).
    unsafe { with_groups!(leaf.groups, pairs(leaf, others)) }
}

/// A plane in two registers.
#[target_feature(enable = "avx2")]
#[inline]
fn load(plane: &Plane) -> [__m256i; 2] {
    // SAFETY: a plane is 64 readable bytes; loadu takes any alignment.
    unsafe {
        [
            _mm256_loadu_si256(plane.0.as_ptr().cast()),
            _mm256_loadu_si256(plane.0.as_ptr().add(4).cast()),
        ]
    }
}

/// [`leaf_pairs`] with the leaf's `G` groups unrolled.
#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
fn pairs<const G: usize>(leaf: &Leaf, others: &[u64]) -> u64 {
    let lanes = load(&leaf.lanes);
    let nibble = _mm256_set1_epi8(0x0f);
    let table = _mm256_setr_epi8(
        0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3,
        3, 4,
    );
    let count = |free: __m256i| {
        let low = _mm256_shuffle_epi8(table, _mm256_and_si256(free, nibble));
        let high = _mm256_shuffle_epi8(
            table,
            _mm256_and_si256(_mm256_srli_epi64::<4>(free), nibble),
        );
        _mm256_add_epi8(low, high)
    };
    let (mut sums, mut bytes, mut in_bytes) = (_mm256_setzero_si256(), _mm256_setzero_si256(), 0);
    for &signature in others.iter().filter(|&&s| s & leaf.all == 0) {
        let key = _pext_u64(signature, leaf.useful);
        let mut taken: [[__m256i; 2]; G] =
            std::array::from_fn(|group| load(leaf.table(group, key)));
        let mut width = G;
        while width > 1 {
            let half = width / 2;
            for i in 0..half {
                let more = taken[i + width - half];
                taken[i] = [0, 1].map(|h| _mm256_or_si256(taken[i][h], more[h]));
            }
            width -= half;
        }
        let free = [0, 1].map(|h| _mm256_andnot_si256(taken[0][h], lanes[h]));
        bytes = _mm256_add_epi8(bytes, _mm256_add_epi8(count(free[0]), count(free[1])));
        // A byte counts up to 16 a signature: 15 fit before it overflows.
        in_bytes += 1;
        if in_bytes == 15 {
            sums = _mm256_add_epi64(sums, _mm256_sad_epu8(bytes, _mm256_setzero_si256()));
            (bytes, in_bytes) = (_mm256_setzero_si256(), 0);
        }
    }
    sums = _mm256_add_epi64(sums, _mm256_sad_epu8(bytes, _mm256_setzero_si256()));
    let mut lanes = [0u64; 4];
    // SAFETY: 4 writable u64s; storeu takes any alignment.
    unsafe { _mm256_storeu_si256(lanes.as_mut_ptr().cast(), sums) };
    lanes.iter().sum()
}

/// How many of a sample of `list` take each bit ([`BitCounts`]): each
/// signature's bits spread to 64 bytes of 0 or −1 (a byte shuffle, an AND
/// and a compare), subtracted.
///
/// # Panics
/// If the CPU lacks the tier's instructions.
pub(super) fn bit_counts(list: &[u64]) -> BitCounts {
    assert!(runs_here(), "the bit counts need AVX2");
    // SAFETY: the instructions are present (asserted above).
    unsafe { count_bits(list) }
}

#[target_feature(enable = "avx2")]
fn count_bits(list: &[u64]) -> BitCounts {
    // Byte i of a half takes the byte of its 32 bits that holds bit i
    // (the 32 bits are in every 4 bytes of each 128-bit lane), and keeps
    // bit i % 8 of it.
    let spread = _mm256_setr_epi8(
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3,
        3, 3,
    );
    let bit = _mm256_set1_epi64x(0x8040_2010_0804_0201u64 as i64);
    let half = |bits: u32| {
        let bytes = _mm256_shuffle_epi8(_mm256_set1_epi32(bits as i32), spread);
        _mm256_cmpeq_epi8(_mm256_and_si256(bytes, bit), bit)
    };
    let step = BitCounts::step(list.len());
    let (mut low, mut high) = (_mm256_setzero_si256(), _mm256_setzero_si256());
    let mut sampled = 0;
    for &signature in list.iter().step_by(step).take(tier::SAMPLE) {
        low = _mm256_sub_epi8(low, half(signature as u32));
        high = _mm256_sub_epi8(high, half((signature >> 32) as u32));
        sampled += 1;
    }
    let mut taken = [0u8; 64];
    // SAFETY: `taken` is 64 writable bytes; storeu takes any alignment.
    unsafe {
        _mm256_storeu_si256(taken.as_mut_ptr().cast(), low);
        _mm256_storeu_si256(taken.as_mut_ptr().add(32).cast(), high);
    }
    BitCounts { taken, sampled }
}
