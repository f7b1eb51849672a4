//! Joining a north and a south quadrant into half boards, a north
//! placement against 8 south ones at a time.

use super::super::{Halves, Placement};
use super::available;
use std::arch::x86_64::*;

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
