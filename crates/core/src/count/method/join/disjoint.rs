//! Counting the disjoint pairs of two lists of signatures: the east and
//! west half boards that make a solution together.
//!
//! Almost every pair clashes (at n = 22, one in ten thousand does not),
//! so both lists are split by the diagonals. Take a diagonal that some
//! but not all signatures of the longer list take, and some of the other
//! list: the disjoint pairs are those of the longer list's signatures
//! without it against the whole other list, and those with it against
//! the other list's without it. The pairs where both take it, which all
//! clash, are never looked at. Each part is split again, the longer list
//! each time, until both fit a [`Leaf`] of 512 signatures, which the
//! kernel tests others against 512 at once.
//!
//! Which diagonal: the first that would split, in the order of the chance
//! that an east and a west signature both take it (from a sample of
//! each), the pairs a split on it leaves out. Splitting both lists tests
//! about a tenth of the pairs that splitting the east list alone by fixed
//! diagonals did (this module's first version) at n = 22.

use crate::count::kernel::pairs::{Bounds, Leaf, LANES, SLACK};
use crate::count::Kernel;

/// A list this short is tested pair by pair: a leaf would cost more.
const SHORT: usize = 8;

/// Signatures sampled from each list to order the diagonals.
const SAMPLE: usize = 256;

/// The split's working memory, kept between units: a leaf, and the parts
/// made at each depth of the split: the longer list without the diagonal,
/// then with it, then the other list without it.
#[derive(Debug, Default)]
pub(crate) struct Disjoint {
    leaf: Leaf,
    levels: Vec<Vec<u64>>,
}

/// Both lists of a part of the count, with their bounds.
#[derive(Clone, Copy)]
struct Lists<'a> {
    long: (&'a [u64], Bounds),
    short: (&'a [u64], Bounds),
}

impl Disjoint {
    /// The bytes it holds.
    pub fn bytes(&self) -> usize {
        let words: usize = self.levels.iter().map(Vec::capacity).sum();
        words * 8 + Leaf::BYTES
    }

    /// The most bytes it holds for `east` and `west` signatures: each
    /// depth keeps room for the largest split made there, twice the
    /// longer list (either side may take it all) and the shorter one;
    /// the lists shrink with depth (measured on units of n = 18, 20 and
    /// 22: at most 6.2 times both lists in all).
    pub fn bytes_for(east: usize, west: usize) -> u64 {
        (7 * (east + west) * 8 + Leaf::BYTES) as u64
    }

    /// The pairs of an east and a west signature with no bit in common.
    pub fn count(&mut self, kernel: Kernel, east: &[u64], west: &[u64]) -> u64 {
        let order = order(east, west);
        let lists = Lists {
            long: (east, Bounds::of(east)),
            short: (west, Bounds::of(west)),
        };
        self.split(kernel, &order, 0, lists)
    }

    fn split(&mut self, kernel: Kernel, order: &[u32], depth: usize, lists: Lists) -> u64 {
        let Lists { long, short } = match lists.long.0.len() >= lists.short.0.len() {
            true => lists,
            false => Lists {
                long: lists.short,
                short: lists.long,
            },
        };
        if short.0.len() <= SHORT {
            return pair_by_pair(long.0, short.0);
        }
        if long.0.len() <= LANES {
            return self.leaf_pairs(kernel, long, short.0);
        }
        let splits = long.1.any & !long.1.all & short.1.any;
        let Some(&diagonal) = order.iter().find(|&&bit| splits >> bit & 1 == 1) else {
            // Nothing splits them: a leaf at a time.
            let mut chunks = long.0.chunks(LANES);
            let mut leaf =
                |chunk: &[u64]| self.leaf_pairs(kernel, (chunk, Bounds::of(chunk)), short.0);
            return chunks.by_ref().map(&mut leaf).sum();
        };
        let bit = 1u64 << diagonal;
        if self.levels.len() <= depth {
            self.levels.resize_with(depth + 1, Vec::new);
        }
        let mut parts = std::mem::take(&mut self.levels[depth]);
        let room = 2 * (long.0.len() + SLACK);
        if parts.len() < room + short.0.len() + SLACK {
            parts.resize(room + short.0.len() + SLACK, 0);
        }
        let (split, rest) = parts.split_at_mut(room);
        let [without, with] = kernel.split(bit, long.0, split);
        let other = kernel.keep_without(bit, short.0, rest);
        let pairs = self.split(
            kernel,
            order,
            depth + 1,
            Lists {
                long: without,
                short,
            },
        ) + self.split(
            kernel,
            order,
            depth + 1,
            Lists {
                long: with,
                short: other,
            },
        );
        self.levels[depth] = parts;
        pairs
    }

    fn leaf_pairs(&mut self, kernel: Kernel, leaf: (&[u64], Bounds), others: &[u64]) -> u64 {
        kernel.fill_leaf(&mut self.leaf, leaf.0, leaf.1);
        kernel.leaf_pairs(&self.leaf, others)
    }
}

/// The disjoint pairs of `long` and `short`, one pair at a time.
fn pair_by_pair(long: &[u64], short: &[u64]) -> u64 {
    let pairs = short
        .iter()
        .map(|&s| long.iter().filter(|&&l| l & s == 0).count());
    pairs.sum::<usize>() as u64
}

/// The diagonals (bits) in order of the chance that a signature of each
/// list takes it, from a sample of each.
fn order(east: &[u64], west: &[u64]) -> Vec<u32> {
    let (east, west) = (taken(east), taken(west));
    let mut order: Vec<u32> = (0..64).collect();
    order.sort_by_key(|&bit| std::cmp::Reverse(east[bit as usize] * west[bit as usize]));
    order
}

/// How many of a sample of `signatures` take each bit.
fn taken(signatures: &[u64]) -> [u64; 64] {
    let mut taken = [0; 64];
    let step = (signatures.len() / SAMPLE).max(1);
    for &signature in signatures.iter().step_by(step) {
        let mut left = signature;
        while left != 0 {
            taken[left.trailing_zeros() as usize] += 1;
            left &= left - 1;
        }
    }
    taken
}

#[cfg(test)]
mod tests {
    use super::Disjoint;
    use crate::count::Kernel;
    use proptest::prelude::*;

    /// Signatures of up to 64 bits, about a quarter set.
    fn signatures(len: usize) -> impl Strategy<Value = Vec<u64>> {
        prop::collection::vec(
            (any::<u64>(), any::<u64>()).prop_map(|(a, b)| a & b),
            0..len,
        )
    }

    proptest! {
        #[test]
        fn the_split_misses_no_pair(
            bits in 8u32..=64,
            east in signatures(3000),
            west in signatures(3000),
        ) {
            let bits = u64::MAX >> (64 - bits);
            let east: Vec<u64> = east.iter().map(|s| s & bits).collect();
            let west: Vec<u64> = west.iter().map(|s| s & bits).collect();
            let expected = (east.iter().flat_map(|a| west.iter().map(move |b| a & b)))
                .filter(|&both| both == 0)
                .count() as u64;
            for kernel in Kernel::ALL.into_iter().filter(|k| k.is_available()) {
                let found = Disjoint::default().count(kernel, &east, &west);
                prop_assert_eq!(found, expected, "{}", kernel);
            }
        }
    }
}
