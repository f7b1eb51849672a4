//! The AVX2 tier, x86-64-v3 (AVX2, BMI1, BMI2, POPCNT, LZCNT: Haswell and
//! later, every Zen): the search 8 nodes at once (search.rs), the join 4
//! signatures an instruction (halves.rs, split.rs) and its leaf two
//! registers per plane, counted a byte at a time (leaf.rs). AVX2 has no
//! compress: what a step keeps is packed by a permutation from a table
//! ([`lanes_kept`]).

mod halves;
mod leaf;
mod search;
mod split;

use super::Tier;
use std::arch::x86_64::*;
use std::sync::OnceLock;

/// The table.
pub(crate) static TIER: Tier = Tier {
    name: "avx2",
    features: &["avx2", "bmi1", "bmi2", "lzcnt", "popcnt"],
    scratch_bytes: search::SCRATCH_BYTES,
    tally: search::tally,
    append_halves: halves::append_halves,
    split: split::split,
    keep_without: split::keep_without,
    bit_counts: leaf::bit_counts,
    transpose: leaf::transpose,
    fill_leaf: leaf::fill_leaf,
    leaf_pairs: leaf::leaf_pairs,
};

/// Whether this CPU has the tier's instructions, found once per process
/// (what the CPU reports, whatever is hidden from the kernels' choice:
/// this only guards the instructions' use).
fn runs_here() -> bool {
    static RUNS: OnceLock<bool> = OnceLock::new();
    *RUNS.get_or_init(|| {
        std::is_x86_feature_detected!("avx2")
            && std::is_x86_feature_detected!("bmi1")
            && std::is_x86_feature_detected!("bmi2")
            && std::is_x86_feature_detected!("lzcnt")
            && std::is_x86_feature_detected!("popcnt")
    })
}

/// For each set of 32-bit lanes (a bit each), the permutation that brings
/// them to the front in order (VPERMD's indices; the rest after them).
static KEPT: [[u32; 8]; 256] = {
    let mut table = [[0u32; 8]; 256];
    let mut lanes = 0;
    while lanes < 256 {
        let (mut to, mut lane) = (0, 0);
        while lane < 8 {
            if lanes >> lane & 1 == 1 {
                table[lanes][to] = lane as u32;
                to += 1;
            }
            lane += 1;
        }
        lane = 0;
        while lane < 8 {
            if lanes >> lane & 1 == 0 {
                table[lanes][to] = lane as u32;
                to += 1;
            }
            lane += 1;
        }
        lanes += 1;
    }
    table
};

/// The permutation that packs the 32-bit lanes of `lanes` (a bit each)
/// to the front, in order.
#[target_feature(enable = "avx2")]
fn lanes_kept(lanes: u32) -> __m256i {
    let order = &KEPT[(lanes & 0xff) as usize];
    // SAFETY: 8 readable u32; loadu takes any alignment.
    unsafe { _mm256_loadu_si256(order.as_ptr().cast()) }
}

/// The same for 64-bit lanes (a bit each of `lanes`, 4 at most): each
/// one's two halves kept together.
#[target_feature(enable = "avx2,bmi2")]
fn words_kept(lanes: u32) -> __m256i {
    lanes_kept(_pdep_u32(lanes, 0x55) * 3)
}
