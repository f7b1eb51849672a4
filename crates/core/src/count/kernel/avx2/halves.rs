//! Joining a north and a south quadrant into half boards, a north
//! placement against 4 south ones at a time.

use super::{runs_here, words_kept};
use crate::count::kernel::pairs::{Cut, Halves, Placement};
use std::arch::x86_64::*;

/// Appends the signature of every half board `halves` joins, a north
/// placement against 4 south ones at a time.
///
/// # Panics
/// If the CPU lacks AVX2.
pub(crate) fn append_halves(halves: &Halves, out: &mut Vec<u64>) {
    assert!(runs_here(), "the join needs AVX2, BMI2 and POPCNT");
    // SAFETY: the instructions are present (asserted above).
    unsafe { append_all(halves, out) }
}

#[target_feature(enable = "avx2,bmi2,popcnt")]
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
const LANES: usize = 4;

/// The 4 u64s of `array` from `start`, those past its end zero.
///
/// # Safety
/// `start` must be below `array.len()`.
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn load4(array: &[u64], start: usize) -> __m256i {
    let left = (array.len() - start).min(4) as i64;
    let lanes = _mm256_cmpgt_epi64(_mm256_set1_epi64x(left), _mm256_setr_epi64x(0, 1, 2, 3));
    // SAFETY: the mask selects the lanes from `start` below the array's
    // end; a masked-off lane is not read (VPMASKMOVQ does not fault on it).
    unsafe { _mm256_maskload_epi64(array.as_ptr().add(start).cast(), lanes) }
}

/// Stores from `to` on the joined signatures of the compatible south
/// placements (each south one's made from its diagonals where they cross
/// `cut`) (packed by a permutation, then a full store: up to 4 u64s
/// past the last written), and returns how many there are: of the lanes
/// that `keep` keeps of the 4 from `start` (given those in the list).
///
/// # Safety
/// `up` must be as long as `down`; `to` must have room
/// for `down.len() + 4` u64s.
#[target_feature(enable = "avx2,bmi2,popcnt")]
#[inline]
unsafe fn joined(
    north: &Placement,
    cut: Cut,
    (down, up): (&[u64], &[u64]),
    to: *mut u64,
    keep: impl Fn(usize, u32) -> u32,
) -> usize {
    let north_down = _mm256_set1_epi64x(north.down as i64);
    let north_up = _mm256_set1_epi64x(north.up as i64);
    let north_signature = _mm256_set1_epi64x(north.signature as i64);
    let signature = signatures(cut);
    let mut written = 0;
    for start in (0..down.len()).step_by(4) {
        let real = (1u32 << (down.len() - start).min(4)) - 1;
        // SAFETY: `start` < down.len(), the length of both.
        let load = |array: &[u64]| unsafe { load4(array, start) };
        let (south_down, south_up) = (load(down), load(up));
        let clash = _mm256_or_si256(
            _mm256_and_si256(south_down, north_down),
            _mm256_and_si256(south_up, north_up),
        );
        let clear = _mm256_cmpeq_epi64(clash, _mm256_setzero_si256());
        let clear = _mm256_movemask_pd(_mm256_castsi256_pd(clear)) as u32;
        let compatible = clear & keep(start, real);
        let joined = _mm256_or_si256(signature(south_down, south_up), north_signature);
        let packed = _mm256_permutevar8x32_epi32(joined, words_kept(compatible));
        // SAFETY: written ≤ start, so written + 4 ≤ down.len() + 4, the
        // room the caller promised.
        unsafe { _mm256_storeu_si256(to.add(written).cast(), packed) };
        written += compatible.count_ones() as usize;
    }
    written
}

/// The lanes of `real` (the 4 placements from `start`) whose middle
/// queen's row, in `middle_rows`, is not `barred`.
#[inline]
fn unbarred(middle_rows: &[u32], barred: u32, start: usize, real: u32) -> u32 {
    let allowed = (0..4).filter(|&lane| real >> lane & 1 == 1);
    let allowed = allowed.filter(|&lane| middle_rows[start + lane] & barred == 0);
    allowed.fold(0, |lanes, lane| lanes | 1 << lane)
}

/// [`Cut::signature`] on 4 lanes.
#[target_feature(enable = "avx2")]
#[inline]
fn signatures(cut: Cut) -> impl Fn(__m256i, __m256i) -> __m256i {
    let (down_shift, up_shift) = (
        _mm_cvtsi64_si128(cut.down_shift.into()),
        _mm_cvtsi64_si128(cut.up_shift.into()),
    );
    let (rows, n) = (
        _mm256_set1_epi64x(cut.rows as i64),
        _mm_cvtsi64_si128(cut.n.into()),
    );
    move |down, up| {
        let down = _mm256_and_si256(_mm256_srl_epi64(down, down_shift), rows);
        let up = _mm256_and_si256(_mm256_srl_epi64(up, up_shift), rows);
        _mm256_or_si256(down, _mm256_sll_epi64(up, n))
    }
}
