//! The join's steps on AVX-512 registers. The pair test: each plane of a
//! leaf is one register, so a signature meets 512 of the leaf's in one
//! VPORQ per group of diagonals and a VPOPCNTQ (AVX-512F, VPOPCNTDQ and
//! BMI2's PEXT). The transpose that builds a leaf, the split, the filter
//! and the half-board join work 8 signatures an instruction (AVX-512F
//! alone).

use super::{Bounds, Halves, Leaf, Placement, SLACK};
use std::arch::x86_64::*;

/// Whether this CPU has the pair test's instructions.
pub(crate) fn popcount_available() -> bool {
    available()
        && std::is_x86_feature_detected!("avx512vpopcntdq")
        && std::is_x86_feature_detected!("bmi2")
}

/// Whether this CPU has the split's, the filter's and the half-board
/// join's (AVX-512F, and POPCNT to count what a mask keeps).
fn available() -> bool {
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

/// Splits `list` by `bit`, as [`scalar::split`](super::scalar::split)
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
/// [`scalar::keep_without`](super::scalar::keep_without) keeps them.
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

/// Appends the signature of every half board `halves` joins, a north
/// placement against 8 south ones at a time.
///
/// # Panics
/// If the CPU lacks AVX-512F.
pub(crate) fn append_halves(halves: &Halves, out: &mut Vec<u64>) {
    assert!(available(), "the join needs AVX-512F and POPCNT");
    // SAFETY: the instructions are present (asserted above).
    unsafe { append_all(halves, out) }
}

#[target_feature(enable = "avx512f,popcnt")]
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
#[target_feature(enable = "avx512f,popcnt")]
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
