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
//! each time, until the longer fits a [`Leaf`] of 512 signatures, which
//! the kernel tests the other list against 512 at once.
//!
//! Which diagonal: at each split, the one that leaves out the most pairs
//! for the work it makes, as a sample of each list tells (the kernel's
//! bit counts, the same on every tier): a share a of the longer list and
//! b of the other take it, and the split leaves out a·b of their pairs,
//! weighed by 1 − a, the share the first half keeps (a split that keeps
//! almost all in one half gains a level of work for little). At n = 22
//! this tests 0.72 of the pairs that one order of the diagonals for a
//! whole unit did (the version before), in 0.85 of the splitting.

use crate::count::kernel::pairs::{Leaf, LANES, SLACK};
use crate::count::kernel::BitCounts;
use crate::count::Kernel;

/// A list this short is tested pair by pair: a leaf would cost more.
const SHORT: usize = 8;

/// The split's working memory, kept between units: a leaf, and the parts
/// made at each depth of the split: the longer list without the diagonal,
/// then with it, then the other list without it.
#[derive(Debug, Default)]
pub(crate) struct Disjoint {
    leaf: Leaf,
    levels: Vec<Vec<u64>>,
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
    /// the lists shrink with depth (measured on units of n = 16 to 24:
    /// at most 7.6 times both lists in all, at n = 20; a depth keeps
    /// the room of the unit that needed most there, and run over every
    /// unit of n = 17 to 19 the depths kept at most 8.6 times the
    /// costliest unit's lists, at n = 17).
    pub fn bytes_for(east: usize, west: usize) -> u64 {
        (9 * (east + west) * 8 + Leaf::BYTES) as u64
    }

    /// The pairs of an east and a west signature with no bit in common.
    pub fn count(&mut self, kernel: Kernel, east: &[u64], west: &[u64]) -> u64 {
        self.split(kernel, 0, east, west)
    }

    fn split(&mut self, kernel: Kernel, depth: usize, one: &[u64], other: &[u64]) -> u64 {
        let (long, short) = match one.len() >= other.len() {
            true => (one, other),
            false => (other, one),
        };
        if short.len() <= SHORT {
            return pair_by_pair(long, short);
        }
        if long.len() <= LANES {
            return self.leaf_pairs(kernel, long, short);
        }
        let Some(diagonal) = choose(kernel.bit_counts(long), kernel.bit_counts(short)) else {
            // Nothing splits them: a leaf at a time.
            let mut chunks = long.chunks(LANES);
            let mut leaf = |chunk: &[u64]| self.leaf_pairs(kernel, chunk, short);
            return chunks.by_ref().map(&mut leaf).sum();
        };
        let bit = 1u64 << diagonal;
        if self.levels.len() <= depth {
            self.levels.resize_with(depth + 1, Vec::new);
        }
        let mut parts = std::mem::take(&mut self.levels[depth]);
        let room = 2 * (long.len() + SLACK);
        if parts.len() < room + short.len() + SLACK {
            parts.resize(room + short.len() + SLACK, 0);
        }
        let (split, rest) = parts.split_at_mut(room);
        let [without, with] = kernel.split(bit, long, split);
        let others = kernel.keep_without(bit, short, rest);
        let pairs = self.split(kernel, depth + 1, without, short)
            + self.split(kernel, depth + 1, with, others);
        self.levels[depth] = parts;
        pairs
    }

    fn leaf_pairs(&mut self, kernel: Kernel, leaf: &[u64], others: &[u64]) -> u64 {
        kernel.fill_leaf(&mut self.leaf, leaf);
        kernel.leaf_pairs(&self.leaf, others)
    }
}

/// The diagonal to split `long` and `short` on, from their samples: the
/// one with the most a·b·(n − a), where a of the n sampled of `long` and
/// b of those of `short` take it, among those that some but not all of
/// `long`'s sample take and some of `short`'s (none if no diagonal does).
/// The lowest such diagonal on a tie.
fn choose(long: BitCounts, short: BitCounts) -> Option<u32> {
    let sampled = long.sampled;
    let score = |bit: usize| {
        let (a, b) = (u32::from(long.taken[bit]), u32::from(short.taken[bit]));
        let splits = a > 0 && a < sampled && b > 0;
        splits.then(|| a * b * (sampled - a))
    };
    let scores = (0..64).filter_map(|bit| Some((score(bit)?, bit as u32)));
    let best = scores.fold(None, |best: Option<(u32, u32)>, (score, bit)| match best {
        Some((top, _)) if top >= score => best,
        _ => Some((score, bit)),
    });
    best.map(|(_, bit)| bit)
}

/// The disjoint pairs of `long` and `short`, one pair at a time.
fn pair_by_pair(long: &[u64], short: &[u64]) -> u64 {
    let pairs = short
        .iter()
        .map(|&s| long.iter().filter(|&&l| l & s == 0).count());
    pairs.sum::<usize>() as u64
}

#[cfg(test)]
mod tests {
    use super::{choose, Disjoint};
    use crate::count::kernel::BitCounts;
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
            for &kernel in Kernel::ALL.iter().filter(|k| k.is_available()) {
                let found = Disjoint::default().count(kernel, &east, &west);
                prop_assert_eq!(found, expected, "{}", kernel);
            }
        }
    }

    #[test]
    fn the_diagonal_chosen_splits_both_and_weighs_what_it_leaves_out() {
        let counts = |sampled: u32, taken: &[(usize, u8)]| {
            let mut counts = BitCounts {
                taken: [0; 64],
                sampled,
            };
            taken
                .iter()
                .for_each(|&(bit, count)| counts.taken[bit] = count);
            counts
        };
        // Bit 3: all of the long list's sample (no split); bit 9: none of
        // the short one's; bit 5: 10·20·(40 − 10) = 6000 against bit 7's
        // 30·20·(40 − 30) = 6000, equal: the lower; bit 2 most.
        let long = counts(40, &[(3, 40), (9, 20), (5, 10), (7, 30), (2, 20)]);
        let short = counts(40, &[(3, 40), (5, 20), (7, 20), (2, 20)]);
        assert_eq!(choose(long, short), Some(2));
        let short = counts(40, &[(3, 40), (5, 20), (7, 20)]);
        assert_eq!(choose(long, short), Some(5));
        assert_eq!(choose(long, counts(40, &[(3, 40)])), None);
    }
}
