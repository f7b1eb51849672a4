//! The AVX-512F tier (with BW, BMI2 and POPCNT, which every CPU with
//! AVX-512F has: Skylake-SP, Cascade Lake): the search 16 nodes at once
//! (search.rs), the join 8 signatures an instruction (halves.rs,
//! split.rs) and its leaf one register per plane (leaf.rs).

pub(super) mod halves;
pub(super) mod leaf;
pub(super) mod search;
pub(super) mod split;

use super::Tier;
use std::sync::OnceLock;

/// The table.
pub(crate) static TIER: Tier = Tier {
    name: "avx512f",
    features: FEATURES,
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

const FEATURES: &[&str] = &["avx512f", "avx512bw", "bmi2", "popcnt"];

/// Whether this CPU has the tier's instructions, found once per process
/// (what the CPU reports, whatever is hidden from the kernels' choice:
/// this only guards the instructions' use).
pub(super) fn runs_here() -> bool {
    static RUNS: OnceLock<bool> = OnceLock::new();
    *RUNS.get_or_init(|| {
        std::is_x86_feature_detected!("avx512f")
            && std::is_x86_feature_detected!("avx512bw")
            && std::is_x86_feature_detected!("bmi2")
            && std::is_x86_feature_detected!("popcnt")
    })
}
