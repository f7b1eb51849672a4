//! The AVX-512 tier: the AVX-512F tier's search and join (its folder),
//! with the leaf's transpose in eight GFNI affine steps and the pair
//! count's popcount in VPOPCNTQ (leaf.rs): AVX-512F, BW, VBMI, VPOPCNTDQ,
//! GFNI, BMI2 and POPCNT (Ice Lake, Sapphire Rapids, Zen 4 and later).

mod leaf;

use super::avx512f::{halves, search, split};
use super::Tier;
use std::sync::OnceLock;

/// The table.
pub(crate) static TIER: Tier = Tier {
    name: "avx512",
    features: &[
        "avx512f",
        "avx512bw",
        "avx512vbmi",
        "avx512vpopcntdq",
        "gfni",
        "bmi2",
        "popcnt",
    ],
    scratch_bytes: search::SCRATCH_BYTES,
    tally: search::tally,
    append_halves: halves::append_halves,
    split: split::split,
    keep_without: split::keep_without,
    bit_counts: super::avx512f::leaf::bit_counts,
    transpose: leaf::transpose,
    fill_leaf: leaf::fill_leaf,
    leaf_pairs: leaf::leaf_pairs,
};

/// Whether this CPU has the instructions this folder adds, found once
/// per process (what the CPU reports: this only guards their use).
fn runs_here() -> bool {
    static RUNS: OnceLock<bool> = OnceLock::new();
    *RUNS.get_or_init(|| {
        std::is_x86_feature_detected!("avx512f")
            && std::is_x86_feature_detected!("avx512bw")
            && std::is_x86_feature_detected!("avx512vbmi")
            && std::is_x86_feature_detected!("avx512vpopcntdq")
            && std::is_x86_feature_detected!("gfni")
            && std::is_x86_feature_detected!("bmi2")
            && std::is_x86_feature_detected!("popcnt")
    })
}
