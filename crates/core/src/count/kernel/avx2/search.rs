//! The scalar search (see [`crate::count::kernel::scalar::search`]) on 8
//! lanes at once in AVX2 registers, a wide search as wide.rs describes.
//! AVX2 has no mask registers and no compress: a lane's flag is a lane of
//! all ones, and a batch's children are packed with VPERMD by a table of
//! permutations, one for each set of lanes kept.

use super::{lanes_kept, runs_here};
use crate::count::kernel::wide::{self, first_state, FIELDS};
use crate::count::kernel::Scratch;
use crate::count::rules::Rules;
use crate::count::Tally;
use std::arch::x86_64::*;

const LANES: usize = 8;

/// The states waiting at each row.
type Levels = wide::Levels<LANES, { wide::capacity(LANES) }>;

/// The bytes of one thread's buffers.
pub(crate) const SCRATCH_BYTES: u64 = Levels::BYTES;

/// Searches below `prefix` as the scalar search does, in the thread's
/// buffers.
///
/// # Panics
/// If the CPU lacks AVX2: the tier is never picked then, and the check
/// makes the call below sound whoever calls.
pub(crate) fn tally(rules: &Rules, prefix: &[u8], scratch: &mut Scratch) -> Tally {
    assert!(runs_here(), "the 8-lane search needs AVX2");
    // SAFETY: `run` needs AVX2 and POPCNT, which the assertion above has
    // just found on this CPU.
    unsafe { run(rules, prefix, scratch.get()) }
}

#[target_feature(enable = "avx2,popcnt")]
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

/// Takes up to 8 states from the end of `row`'s buffer: the five fields,
/// the lanes past the states taken zero.
#[target_feature(enable = "avx2")]
fn take(levels: &mut Levels, row: usize) -> [__m256i; FIELDS] {
    let count = levels.len[row].min(LANES);
    let from = levels.len[row] - count;
    levels.len[row] = from;
    let lanes = _mm256_cmpgt_epi32(
        _mm256_set1_epi32(count as i32),
        _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7),
    );
    let fields = levels.row(row);
    std::array::from_fn(|i| {
        let source = fields[i][from..from + LANES].as_ptr();
        // SAFETY: the slice above is 8 u32 of the row's buffer (its
        // bounds are checked: `from + 8` ≤ CAP, as `push` keeps `len`
        // below CAP − 8); loadu takes any alignment.
        let values = unsafe { _mm256_loadu_si256(source.cast()) };
        _mm256_and_si256(values, lanes)
    })
}

/// The lanes of `values` that are not zero, as bits.
#[target_feature(enable = "avx2")]
fn nonzero(values: __m256i) -> u32 {
    let zero = _mm256_cmpeq_epi32(values, _mm256_setzero_si256());
    !(_mm256_movemask_ps(_mm256_castsi256_ps(zero)) as u32) & 0xff
}

/// All ones in the lanes of `values` that are not zero.
#[target_feature(enable = "avx2")]
fn nonzero_lanes(values: __m256i) -> __m256i {
    let zero = _mm256_cmpeq_epi32(values, _mm256_setzero_si256());
    _mm256_xor_si256(zero, _mm256_set1_epi32(-1))
}

/// Expands a batch of `row` into `row + 1`, one square per lane per step.
#[target_feature(enable = "avx2,popcnt")]
fn expand(
    rules: &Rules,
    levels: &mut Levels,
    row: usize,
    (top, far, side_row): (usize, usize, usize),
    tally: &mut Tally,
) {
    let [cols, diag, anti, mut free, ties] = take(levels, row);
    let allowed = _mm256_set1_epi32(rules.allowed[row + 1] as i32);
    let sides = _mm256_set1_epi32(rules.sides as i32);
    let counts_ties = row == top || row == far;
    loop {
        let active = nonzero(free);
        if active == 0 {
            return;
        }
        let (bit, [c, d, a], mut child_free) = place_lowest(&mut free, [cols, diag, anti], allowed);
        if row + 1 == side_row {
            child_free = side_rule(child_free, c, sides);
        }
        let t = match counts_ties {
            // A lane of all ones is −1: subtracting it adds one.
            true => _mm256_sub_epi32(ties, nonzero_lanes(_mm256_and_si256(bit, sides))),
            false => ties,
        };
        *tally += Tally::new(0, u128::from(active.count_ones()));
        let keep = active & nonzero(child_free);
        push(levels, row + 1, keep, [c, d, a, child_free, t]);
    }
}

/// Packs the lanes in `keep` onto the end of `row`'s buffer.
#[target_feature(enable = "avx2,popcnt")]
fn push(levels: &mut Levels, row: usize, keep: u32, values: [__m256i; FIELDS]) {
    let at = levels.len[row];
    // Fewer than 8 leftovers plus at most 8 children per column per batch
    // always fit below CAP − 8; the check makes the full-width stores
    // below sound whatever happens, at one compare per batch.
    assert!(
        at + 2 * LANES <= wide::capacity(LANES),
        "row buffer overflow"
    );
    let order = lanes_kept(keep);
    for (field, value) in levels.row_mut(row).iter_mut().zip(values) {
        let target = field[at..at + LANES].as_mut_ptr();
        let packed = _mm256_permutevar8x32_epi32(value, order);
        // SAFETY: the slice above is 8 u32 of the field, borrowed
        // mutably for the call; storeu takes any alignment.
        unsafe { _mm256_storeu_si256(target.cast(), packed) };
    }
    levels.len[row] = at + keep.count_ones() as usize;
}

/// Row n−2: each square tried leaves one column for the last row; a
/// solution adds the rules' weight for its ties (see [`Rules::weights`]).
#[target_feature(enable = "avx2,popcnt")]
fn expand_last_two(
    rules: &Rules,
    levels: &mut Levels,
    row: usize,
    (top, far): (usize, usize),
    tally: &mut Tally,
) {
    let [cols, diag, anti, mut free, ties] = take(levels, row);
    let last_allowed = _mm256_set1_epi32(rules.allowed[row + 1] as i32);
    let sides = _mm256_set1_epi32(rules.sides as i32);
    let tie_columns = _mm256_set1_epi32(rules.tie_columns() as i32);
    let [w0, w1, w2, w3] = rules.weights.map(|w| w as i32);
    let weights = _mm256_setr_epi32(w0, w1, w2, w3, w3, w3, w3, w3);
    let counts_ties = row == top || row == far;
    let mut thirds = _mm256_setzero_si256();
    loop {
        let active = nonzero(free);
        if active == 0 {
            break;
        }
        let active_lanes = nonzero_lanes(free);
        let (bit, _, last_free) = place_lowest(&mut free, [cols, diag, anti], last_allowed);
        let leaf = _mm256_and_si256(active_lanes, nonzero_lanes(last_free));
        let mut t = ties;
        if counts_ties {
            t = _mm256_sub_epi32(t, nonzero_lanes(_mm256_and_si256(bit, sides)));
        }
        t = _mm256_sub_epi32(t, nonzero_lanes(_mm256_and_si256(last_free, tie_columns)));
        let weight = _mm256_permutevar8x32_epi32(weights, t);
        thirds = _mm256_add_epi32(thirds, _mm256_and_si256(weight, leaf));
        let leaves = active & nonzero(last_free);
        *tally += Tally::new(0, u128::from(active.count_ones() + leaves.count_ones()));
    }
    let mut lanes = [0u32; LANES];
    // SAFETY: 8 writable u32; storeu takes any alignment.
    unsafe { _mm256_storeu_si256(lanes.as_mut_ptr().cast(), thirds) };
    *tally += Tally::new(lanes.iter().map(|&t| u128::from(t)).sum(), 0);
}

/// In every lane, takes the lowest free square out of `free` and places a
/// queen there: returns the square, the attacks on the next row and the
/// squares of `allowed` they leave free. (A lane with no free square
/// places nothing: its square is 0.)
#[target_feature(enable = "avx2")]
fn place_lowest(
    free: &mut __m256i,
    [cols, diag, anti]: [__m256i; 3],
    allowed: __m256i,
) -> (__m256i, [__m256i; 3], __m256i) {
    let bit = _mm256_and_si256(*free, _mm256_sub_epi32(_mm256_setzero_si256(), *free));
    *free = _mm256_xor_si256(*free, bit);
    let c = _mm256_or_si256(cols, bit);
    let d = _mm256_slli_epi32::<1>(_mm256_or_si256(diag, bit));
    let a = _mm256_srli_epi32::<1>(_mm256_or_si256(anti, bit));
    let child_free = _mm256_andnot_si256(_mm256_or_si256(c, _mm256_or_si256(d, a)), allowed);
    (bit, [c, d, a], child_free)
}

/// The side rule of [`crate::count::rules::side_rule`], lane by lane.
#[target_feature(enable = "avx2")]
fn side_rule(free: __m256i, cols: __m256i, sides: __m256i) -> __m256i {
    let taken = _mm256_and_si256(cols, sides);
    let none = _mm256_cmpeq_epi32(taken, _mm256_setzero_si256());
    let both = _mm256_cmpeq_epi32(taken, sides);
    let one_side = _mm256_and_si256(free, sides);
    _mm256_andnot_si256(none, _mm256_blendv_epi8(one_side, free, both))
}
