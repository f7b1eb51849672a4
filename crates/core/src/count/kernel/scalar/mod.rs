//! The portable tier: the scalar search (search.rs) and the join's steps
//! one signature at a time (join.rs), the reference every other tier is
//! checked against. It has no code for any one CPU: on x86-64 a second
//! build of it runs where the CPU has POPCNT, BMI1, BMI2, LZCNT and SSE4.2
//! (multiversion.rs); elsewhere, as on an ARM CPU, the compiler's own
//! choice of instructions (NEON where it vectorizes).

mod join;
#[cfg(target_arch = "x86_64")]
mod multiversion;
pub(crate) mod search;

pub(crate) use join::{append_halves, keep_without, split, transpose};
pub(crate) use search::{tally, tally_from};

use super::pairs::{Halves, Leaf};
use super::{BitCounts, Scratch, Tier};
use crate::count::rules::Rules;
use crate::count::Tally;
use crate::MAX_N;

/// The table.
pub(crate) static TIER: Tier = Tier {
    name: "scalar",
    features: &[],
    // The search's stack of pending rows.
    scratch_bytes: (MAX_N * 32) as u64,
    tally: tally_unit,
    append_halves: each_half,
    split: split_list,
    keep_without: keep_list,
    bit_counts: count_bits,
    transpose: turn,
    fill_leaf,
    leaf_pairs,
};

/// Calls the x86-64-v3 build of `$name` where the CPU runs it, else the
/// portable one.
macro_rules! either_build {
    ($name:ident ($($arg:expr),*) else $portable:expr) => {{
        #[cfg(target_arch = "x86_64")]
        if multiversion::runs_here() {
            // SAFETY: the CPU has what that build is compiled for
            // (`runs_here` just said so).
            return unsafe { multiversion::$name($($arg),*) };
        }
        $portable
    }};
}

fn tally_unit(rules: &Rules, prefix: &[u8], _: &mut Scratch) -> Tally {
    either_build!(tally(rules, prefix) else tally(rules, prefix, &mut ()))
}

fn each_half(halves: &Halves, out: &mut Vec<u64>) {
    either_build!(append_halves(halves, out) else append_halves(halves, out))
}

fn split_list<'o>(bit: u64, list: &[u64], out: &'o mut [u64]) -> [&'o [u64]; 2] {
    either_build!(split(bit, list, out) else split(bit, list, out))
}

fn keep_list<'o>(bits: u64, list: &[u64], out: &'o mut [u64]) -> &'o [u64] {
    either_build!(keep_without(bits, list, out) else keep_without(bits, list, out))
}

fn count_bits(list: &[u64]) -> BitCounts {
    either_build!(bit_counts(list) else join::bit_counts(list))
}

fn turn(words: &mut [u64; 64]) {
    either_build!(transpose(words) else transpose(words))
}

fn fill_leaf(leaf: &mut Leaf, signatures: &[u64]) {
    either_build!(fill_leaf(leaf, signatures) else join::fill_leaf(leaf, signatures))
}

fn leaf_pairs(leaf: &Leaf, others: &[u64]) -> u64 {
    either_build!(leaf_pairs(leaf, others) else join::leaf_pairs(leaf, others))
}
