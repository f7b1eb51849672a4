//! The portable tier built a second time for x86-64 CPUs with POPCNT,
//! BMI1, BMI2, LZCNT and SSE4.2 (every x86-64-v3 CPU, and some older
//! ones): the same code, inlined here into functions compiled for those
//! instructions, so that a popcount or a trailing-zero count is one
//! instruction rather than a sequence, and what the compiler vectorizes
//! may use SSE4.2. The leaf's key is packed with PEXT, the one
//! instruction named here.

use super::join;
use crate::count::kernel::pairs::Halves;
use crate::count::kernel::pairs::Leaf;
use crate::count::kernel::{cpu, BitCounts};
use crate::count::rules::Rules;
use crate::count::Tally;
use std::arch::x86_64::_pext_u64;
use std::sync::OnceLock;

/// The instructions this build is compiled for.
const FEATURES: [&str; 5] = ["popcnt", "bmi1", "bmi2", "lzcnt", "sse4.2"];

/// Whether this CPU runs this build (less any feature hidden from the
/// kernels), found once per process.
pub(super) fn runs_here() -> bool {
    static RUNS: OnceLock<bool> = OnceLock::new();
    *RUNS.get_or_init(|| {
        let real = std::is_x86_feature_detected!("popcnt")
            && std::is_x86_feature_detected!("bmi1")
            && std::is_x86_feature_detected!("bmi2")
            && std::is_x86_feature_detected!("lzcnt")
            && std::is_x86_feature_detected!("sse4.2");
        real && FEATURES.iter().all(|feature| cpu::has(feature))
    })
}

// SAFETY (every function below): callers check `runs_here` first, which
// found each feature enabled here on this CPU.

#[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt,sse4.2")]
pub(super) fn tally(rules: &Rules, prefix: &[u8]) -> Tally {
    super::search::tally(rules, prefix, &mut ())
}

#[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt,sse4.2")]
pub(super) fn append_halves(halves: &Halves, out: &mut Vec<u64>) {
    join::append_halves(halves, out)
}

#[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt,sse4.2")]
pub(super) fn split<'o>(bit: u64, list: &[u64], out: &'o mut [u64]) -> [&'o [u64]; 2] {
    join::split(bit, list, out)
}

#[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt,sse4.2")]
pub(super) fn keep_without<'o>(bits: u64, list: &[u64], out: &'o mut [u64]) -> &'o [u64] {
    join::keep_without(bits, list, out)
}

#[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt,sse4.2")]
pub(super) fn bit_counts(list: &[u64]) -> BitCounts {
    join::bit_counts(list)
}

#[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt,sse4.2")]
pub(super) fn transpose(words: &mut [u64; 64]) {
    join::transpose(words)
}

/// The leaf with its useful bits packed (PEXT).
#[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt,sse4.2")]
pub(super) fn fill_leaf(leaf: &mut Leaf, signatures: &[u64]) {
    leaf.fill(signatures, true, join::transpose)
}

#[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt,sse4.2")]
pub(super) fn leaf_pairs(leaf: &Leaf, others: &[u64]) -> u64 {
    let useful = leaf.useful;
    let key = |signature| _pext_u64(signature, useful);
    leaf.pairs(others, key, join::free_lanes)
}
