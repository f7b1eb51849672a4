//! The scalar search (see [`crate::count::kernel::scalar::search`]) on
//! 16 lanes at once in AVX-512F registers, a wide search as wide.rs
//! describes. It visits the same nodes as the scalar search and adds up
//! the same weights; the tests check both against each other.

use crate::count::kernel::wide::{self, first_state, FIELDS};
use crate::count::kernel::Scratch;
use crate::count::rules::Rules;
use crate::count::Tally;
use std::arch::x86_64::*;

const LANES: usize = 16;

/// The states waiting at each row.
type Levels = wide::Levels<LANES, { wide::capacity(LANES) }>;

/// The bytes of one thread's buffers.
pub(crate) const SCRATCH_BYTES: u64 = Levels::BYTES;

/// Searches below `prefix` as the scalar search does, in the thread's
/// buffers.
///
/// # Panics
/// If the CPU lacks AVX-512F: the tier is never picked then, and the
/// check makes the call below sound whoever calls.
pub(crate) fn tally(rules: &Rules, prefix: &[u8], scratch: &mut Scratch) -> Tally {
    assert!(
        std::is_x86_feature_detected!("avx512f"),
        "the 16-lane search needs AVX-512F"
    );
    // SAFETY: `run` only needs AVX-512F, which the assertion above has
    // just found on this CPU.
    unsafe { run(rules, prefix, scratch.get()) }
}

#[target_feature(enable = "avx512f")]
fn run(rules: &Rules, prefix: &[u8], levels: &mut Levels) -> Tally {
    let (n, start) = (rules.n, prefix.len());
    let (top, far) = rules.tie_rows();
    let side_row = rules.last_side_row();
    levels.len = [0; crate::MAX_N];
    for (field, value) in first_state(rules, prefix).into_iter().enumerate() {
        levels.row_mut(start)[field][0] = value;
    }
    levels.len[start] = 1;
    let mut tally = Tally::new(0, 1);
    while let Some(row) = levels.next_row(start, n) {
        if row + 2 == n {
            expand_last_two(rules, levels, row, (top, far), &mut tally);
        } else {
            expand(rules, levels, row, (top, far, side_row), &mut tally);
        }
    }
    tally
}

/// Takes up to 16 states from the end of `row`'s buffer: the five fields
/// and the mask of lanes that hold one.
#[target_feature(enable = "avx512f")]
fn take(levels: &mut Levels, row: usize) -> ([__m512i; FIELDS], __mmask16) {
    let count = levels.len[row].min(LANES);
    let from = levels.len[row] - count;
    levels.len[row] = from;
    let lanes: __mmask16 = ((1u32 << count) - 1) as __mmask16;
    let fields = levels.row(row);
    let load = |i: usize| {
        let source = fields[i][from..].as_ptr();
        // SAFETY: a masked load touches only the lanes its mask selects:
        // here `count` u32 from `from`, that is `from..len` of this row's
        // buffer, and `push` never lets `len` pass the buffer's end (CAP).
        // The buffer is borrowed for the call; AVX-512F is enabled here.
        unsafe { _mm512_maskz_loadu_epi32(lanes, source.cast()) }
    };
    ([load(0), load(1), load(2), load(3), load(4)], lanes)
}

/// Expands a batch of `row` into `row + 1`, one square per lane per step.
#[target_feature(enable = "avx512f")]
fn expand(
    rules: &Rules,
    levels: &mut Levels,
    row: usize,
    (top, far, side_row): (usize, usize, usize),
    tally: &mut Tally,
) {
    let ([cols, diag, anti, mut free, ties], _) = take(levels, row);
    let allowed = _mm512_set1_epi32(rules.allowed[row + 1] as i32);
    let sides = _mm512_set1_epi32(rules.sides as i32);
    let counts_ties = row == top || row == far;
    let one = _mm512_set1_epi32(1);
    loop {
        let active = _mm512_test_epi32_mask(free, free);
        if active == 0 {
            return;
        }
        let (bit, [c, d, a], mut child_free) = place_lowest(&mut free, [cols, diag, anti], allowed);
        if row + 1 == side_row {
            child_free = side_rule(child_free, c, sides);
        }
        let t = if counts_ties {
            _mm512_mask_add_epi32(ties, _mm512_test_epi32_mask(bit, sides), ties, one)
        } else {
            ties
        };
        *tally += Tally::new(0, u128::from(active.count_ones()));
        let keep = active & _mm512_test_epi32_mask(child_free, child_free);
        push(levels, row + 1, keep, [c, d, a, child_free, t]);
    }
}

/// Packs the lanes in `keep` onto the end of `row`'s buffer.
#[target_feature(enable = "avx512f")]
fn push(levels: &mut Levels, row: usize, keep: __mmask16, values: [__m512i; FIELDS]) {
    let at = levels.len[row];
    // Fewer than 16 leftovers plus at most 16 children per column per
    // batch always fit below CAP − 16; the check makes the full-width
    // stores below sound whatever happens, at one compare per batch.
    assert!(at + LANES <= wide::capacity(LANES), "row buffer overflow");
    for (field, value) in levels.row_mut(row).iter_mut().zip(values) {
        let target = field.as_mut_ptr().wrapping_add(at);
        // SAFETY: the store writes the 16 u32 from `at`, which the
        // assertion above keeps inside the field (CAP u32), borrowed
        // mutably for the call; AVX-512F is enabled here.
        unsafe { _mm512_storeu_si512(target.cast(), _mm512_maskz_compress_epi32(keep, value)) };
    }
    levels.len[row] = at + keep.count_ones() as usize;
}

/// Row n−2: each square tried leaves one column for the last row; a
/// solution adds the rules' weight for its ties (see [`Rules::weights`]).
#[target_feature(enable = "avx512f")]
fn expand_last_two(
    rules: &Rules,
    levels: &mut Levels,
    row: usize,
    (top, far): (usize, usize),
    tally: &mut Tally,
) {
    let ([cols, diag, anti, mut free, ties], _) = take(levels, row);
    let last_allowed = _mm512_set1_epi32(rules.allowed[row + 1] as i32);
    let sides = _mm512_set1_epi32(rules.sides as i32);
    let tie_columns = _mm512_set1_epi32(rules.tie_columns() as i32);
    let [w0, w1, w2, w3] = rules.weights.map(|w| w as i32);
    let weights = _mm512_setr_epi32(
        w0, w1, w2, w3, w3, w3, w3, w3, w3, w3, w3, w3, w3, w3, w3, w3,
    );
    let counts_ties = row == top || row == far;
    let one = _mm512_set1_epi32(1);
    let mut thirds = _mm512_setzero_si512();
    loop {
        let active = _mm512_test_epi32_mask(free, free);
        if active == 0 {
            break;
        }
        let (bit, _, last_free) = place_lowest(&mut free, [cols, diag, anti], last_allowed);
        let leaf = active & _mm512_test_epi32_mask(last_free, last_free);
        let mut t = ties;
        if counts_ties {
            t = _mm512_mask_add_epi32(t, _mm512_test_epi32_mask(bit, sides), t, one);
        }
        t = _mm512_mask_add_epi32(t, _mm512_test_epi32_mask(last_free, tie_columns), t, one);
        thirds = _mm512_mask_add_epi32(thirds, leaf, thirds, _mm512_permutexvar_epi32(t, weights));
        *tally += Tally::new(0, u128::from(active.count_ones() + leaf.count_ones()));
    }
    *tally += Tally::new(u128::from(_mm512_reduce_add_epi32(thirds) as u32), 0);
}

/// In every lane, takes the lowest free square out of `free` and places a
/// queen there: returns the square, the attacks on the next row and the
/// squares of `allowed` they leave free.
#[target_feature(enable = "avx512f")]
fn place_lowest(
    free: &mut __m512i,
    [cols, diag, anti]: [__m512i; 3],
    allowed: __m512i,
) -> (__m512i, [__m512i; 3], __m512i) {
    let bit = _mm512_and_si512(*free, _mm512_sub_epi32(_mm512_setzero_si512(), *free));
    *free = _mm512_xor_si512(*free, bit);
    let c = _mm512_or_si512(cols, bit);
    let d = _mm512_slli_epi32::<1>(_mm512_or_si512(diag, bit));
    let a = _mm512_srli_epi32::<1>(_mm512_or_si512(anti, bit));
    let child_free = _mm512_andnot_si512(_mm512_or_si512(c, _mm512_or_si512(d, a)), allowed);
    (bit, [c, d, a], child_free)
}

/// The side rule of [`crate::count::rules::side_rule`], lane by lane.
#[target_feature(enable = "avx512f")]
fn side_rule(free: __m512i, cols: __m512i, sides: __m512i) -> __m512i {
    let taken = _mm512_and_si512(cols, sides);
    let none = _mm512_cmpeq_epi32_mask(taken, _mm512_setzero_si512());
    let both = _mm512_cmpeq_epi32_mask(taken, sides);
    let one_side = _mm512_and_si512(free, sides);
    _mm512_maskz_mov_epi32(!none, _mm512_mask_blend_epi32(both, one_side, free))
}
