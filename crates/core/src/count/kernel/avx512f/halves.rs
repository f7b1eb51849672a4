//! Joining a north and a south quadrant into half boards, a north
//! placement against 8 south ones at a time.

use super::runs_here;
use crate::count::kernel::pairs::{Cut, Halves, Placement};
use std::arch::x86_64::*;

/// Appends the signature of every half board `halves` joins, a north
/// placement against 8 south ones at a time.
///
/// # Panics
/// If the CPU lacks AVX-512F.
pub(crate) fn append_halves(halves: &Halves, out: &mut Vec<u64>) {
    assert!(runs_here(), "the join needs AVX-512F and POPCNT");
    // SAFETY: the instructions are present (asserted above).
    unsafe { append_all(halves, out) }
}

#[target_feature(enable = "avx512f,popcnt")]
fn append_all(halves: &Halves, out: &mut Vec<u64>) {
    let (barred, cut) = (!halves.middles, halves.cut);
    halves.each_run(|norths, (down, up, middle_rows)| {
        out.reserve(norths.len() * down.len() + LANES);
        for north in norths {
            let len = out.len();
            // SAFETY: `each_run` hands over two arrays of one length,
            // and the middle rows as long or empty (then not read);
            // `joined` reads them within bounds and writes at most
            // down.len() + LANES u64s past the end of `out`, within the
            // room reserved for this north placement and those after it,
            // returning how many of them are signatures written.
            unsafe {
                let (south, to) = ((down, up), out.as_mut_ptr().add(len));
                let added = match middle_rows.is_empty() {
                    true => joined(north, cut, south, to, |_, real| real),
                    false => joined(north, cut, south, to, |start, real| {
                        unbarred(middle_rows, barred, start, real)
                    }),
                };
                out.set_len(len + added);
            }
        }
    });
}

/// South placements a step joins.
const LANES: usize = 8;

/// Stores from `to` on the joined signatures of the compatible south
/// placements (each south one's made from its diagonals where they cross
/// `cut`) (VPCOMPRESSQ, then a full store: up to 8 u64s past the last
/// written), and returns how many there are: of the lanes that `keep`
/// keeps of the 8 from `start` (given those in the list).
///
/// # Safety
/// `up` must be as long as `down`; `to` must have room
/// for `down.len() + 8` u64s.
#[target_feature(enable = "avx512f,popcnt")]
#[inline]
unsafe fn joined(
    north: &Placement,
    cut: Cut,
    (down, up): (&[u64], &[u64]),
    to: *mut u64,
    keep: impl Fn(usize, u8) -> u8,
) -> usize {
    let (north_down, north_up) = (
        _mm512_set1_epi64(north.down as i64),
        _mm512_set1_epi64(north.up as i64),
    );
    let north_signature = _mm512_set1_epi64(north.signature as i64);
    let signature = signatures(cut);
    let mut written = 0;
    for start in (0..down.len()).step_by(8) {
        let real = match down.len() - start {
            8.. => 0xff,
            left => (1u8 << left) - 1,
        };
        // SAFETY: the mask selects indices start.. below down.len(), the
        // length of both arrays; masked-off lanes are not read.
        let load = |array: &[u64]| unsafe {
            _mm512_maskz_loadu_epi64(real, array.as_ptr().add(start).cast())
        };
        let (south_down, south_up) = (load(down), load(up));
        let clash = _mm512_or_si512(
            _mm512_and_si512(south_down, north_down),
            _mm512_and_si512(south_up, north_up),
        );
        let compatible = _mm512_mask_testn_epi64_mask(keep(start, real), clash, clash);
        let joined = _mm512_or_si512(signature(south_down, south_up), north_signature);
        let packed = _mm512_maskz_compress_epi64(compatible, joined);
        // SAFETY: written ≤ start, so written + 8 ≤ down.len() + 8, the
        // room the caller promised.
        unsafe { _mm512_storeu_si512(to.add(written).cast(), packed) };
        written += compatible.count_ones() as usize;
    }
    written
}

/// The lanes of `real` (the 8 placements from `start`) whose middle
/// queen's row, in `middle_rows`, is not `barred`.
///
/// # Safety
/// `middle_rows` must hold the lanes of `real`.
#[target_feature(enable = "avx512f,popcnt")]
#[inline]
unsafe fn unbarred(middle_rows: &[u32], barred: u32, start: usize, real: u8) -> u8 {
    // SAFETY: the mask selects lanes the caller promised are there.
    let rows = unsafe {
        _mm512_maskz_loadu_epi32(u16::from(real), middle_rows.as_ptr().add(start).cast())
    };
    let rows = _mm512_cvtepu32_epi64(_mm512_castsi512_si256(rows));
    _mm512_mask_testn_epi64_mask(real, rows, _mm512_set1_epi64(i64::from(barred)))
}

/// [`Cut::signature`] on 8 lanes.
#[target_feature(enable = "avx512f")]
#[inline]
fn signatures(cut: Cut) -> impl Fn(__m512i, __m512i) -> __m512i {
    let (down_shift, up_shift) = (
        _mm_cvtsi64_si128(cut.down_shift.into()),
        _mm_cvtsi64_si128(cut.up_shift.into()),
    );
    let (rows, n) = (
        _mm512_set1_epi64(cut.rows as i64),
        _mm_cvtsi64_si128(cut.n.into()),
    );
    move |down, up| {
        let down = _mm512_and_si512(_mm512_srl_epi64(down, down_shift), rows);
        let up = _mm512_and_si512(_mm512_srl_epi64(up, up_shift), rows);
        _mm512_or_si512(down, _mm512_sll_epi64(up, n))
    }
}
