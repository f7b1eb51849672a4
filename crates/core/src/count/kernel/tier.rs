//! One tier of kernels: its name, the CPU features it needs, and a
//! function for each step of each method. The functions are safe to call
//! on any CPU: each one that needs instructions the CPU may lack checks
//! for them first (a cached flag), so a table is never unsound, only
//! refused by [`super::Kernel::require`] where it cannot run.

use super::pairs::{Halves, Leaf};
use super::Scratch;
use crate::count::rules::Rules;
use crate::count::Tally;

/// A tier's table.
pub(crate) struct Tier {
    /// Its name, as `NQUEENS_KERNEL` takes it.
    pub name: &'static str,
    /// The CPU features it needs, as `is_x86_feature_detected!` names them.
    pub features: &'static [&'static str],
    /// The working memory its search keeps on a thread, in bytes.
    pub scratch_bytes: u64,
    /// The search below a unit's prefix under its rules.
    pub tally: fn(&Rules, &[u8], &mut Scratch) -> Tally,
    /// The half boards of a north and a south quadrant, appended.
    pub append_halves: fn(&Halves, &mut Vec<u64>),
    /// A list split by a bit: without it, then with it.
    pub split: Split,
    /// The signatures of a list with none of some bits.
    pub keep_without: Filter,
    /// How many of a sample of a list take each bit.
    pub bit_counts: fn(&[u64]) -> BitCounts,
    /// A 64×64 bit transpose: the one its leaf is filled with, called
    /// here by the conformance test alone.
    #[cfg_attr(not(test), allow(dead_code))]
    pub transpose: fn(&mut [u64; 64]),
    /// A leaf made of up to 512 signatures.
    pub fill_leaf: fn(&mut Leaf, &[u64]),
    /// The disjoint pairs of a leaf's signatures and others.
    pub leaf_pairs: fn(&Leaf, &[u64]) -> u64,
}

/// A split of a list by a bit, into a buffer: the list without it and
/// the list with it.
pub(crate) type Split = for<'o> fn(u64, &[u64], &'o mut [u64]) -> [&'o [u64]; 2];

/// The signatures of a list with none of some bits, into a buffer.
pub(crate) type Filter = for<'o> fn(u64, &[u64], &'o mut [u64]) -> &'o [u64];

/// Signatures a sample takes from a list, at most (a count fits a byte).
pub(crate) const SAMPLE: usize = 64;

/// How many signatures of a sample of a list take each bit: the list's
/// first and every ⌊len / 64⌋th one after it (all of a list of 64 or
/// fewer), [`SAMPLE`] at most. Every tier counts the same sample.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct BitCounts {
    /// For each bit, the sampled signatures that take it.
    pub taken: [u8; 64],
    /// The signatures sampled.
    pub sampled: u32,
}

impl BitCounts {
    /// The sample's step through a list of `len`.
    pub fn step(len: usize) -> usize {
        (len / SAMPLE).max(1)
    }
}
