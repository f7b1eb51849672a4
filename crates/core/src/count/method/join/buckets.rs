//! Counting the disjoint pairs of two sets of signatures: the east and
//! west half boards that make a solution together.
//!
//! Most pairs clash on the long diagonals through the board's middle. So
//! the east signatures are sorted into buckets by those diagonals (the
//! key), and a walk goes down the key's bits: where the east side takes
//! a diagonal, only the west signatures without it go on down. At the
//! bottom, each small bucket of east signatures meets the west ones left,
//! pair by pair, in the kernel's pair count.

use super::quadrant::Geometry;
use crate::count::kernel::pairs::{Planes, GROUP_BITS, LANES};
use crate::count::Kernel;

/// East signatures a bucket should hold: a block of planes.
const BUCKET: usize = 1024;

/// The most key bits: 2^18 buckets, a megabyte of offsets.
const MAX_KEY_BITS: usize = 18;

/// The sorted east signatures, bucket offsets and the west signatures
/// left at each depth of the walk, kept between units.
#[derive(Debug, Default)]
pub(crate) struct Buckets {
    planes: Planes,
    east: Vec<u64>,
    starts: Vec<u32>,
    west_left: Vec<Vec<u64>>,
}

impl Buckets {
    /// The bytes it holds.
    pub fn bytes(&self) -> usize {
        let left: usize = self.west_left.iter().map(Vec::capacity).sum();
        (self.east.capacity() + left) * 8 + self.starts.capacity() * 4 + self.planes.bytes()
    }

    /// The most bytes it holds for `east` and `west` signatures: the
    /// sorted copy, the offsets, a west list at each depth, the planes.
    pub fn bytes_for(geometry: Geometry, east: usize, west: usize) -> u64 {
        let key = Key::new(geometry, east);
        let lists = (east + key.bits.len() * west) * 8;
        let groups = (2 * geometry.n).div_ceil(GROUP_BITS);
        let planes = BUCKET.div_ceil(LANES) * ((groups << GROUP_BITS) + 1) * 64;
        (lists + (4 << key.bits.len()) + planes) as u64
    }

    /// The pairs of an east and a west signature with no bit in common.
    pub fn disjoint_pairs(
        &mut self,
        kernel: Kernel,
        geometry: Geometry,
        east: &[u64],
        west: &[u64],
    ) -> u64 {
        let key = Key::new(geometry, east.len());
        key.sort(east, &mut self.east, &mut self.starts);
        self.west_left.resize_with(key.bits.len(), Vec::new);
        let mut walk = Walk {
            kernel,
            key: &key,
            east: &self.east,
            starts: &self.starts,
            planes: &mut self.planes,
        };
        walk.count(0, 0, west, &mut self.west_left)
    }
}

/// The bits a bucket is keyed by, first bit first: the diagonals through
/// column `west` (see `Geometry::signature`) from the longest down, ↘
/// and ↙ in turn.
#[derive(Debug, Clone)]
struct Key {
    bits: Vec<u32>,
}

impl Key {
    /// A key for `len` east signatures: about [`BUCKET`] a bucket.
    fn new(geometry: Geometry, len: usize) -> Key {
        let n = geometry.n;
        let wanted = (usize::BITS - (len / BUCKET).leading_zeros()) as usize;
        let mut bits: Vec<u32> = (0..2 * n as u32).collect();
        // A ↘ diagonal through row r of column `west` has
        // n − |r − west| squares; a ↙ one, n − |r + west − (n − 1)|.
        let squares = |bit: u32| {
            let (row, west) = ((bit as usize) % n.max(1), geometry.west);
            match (bit as usize) < n {
                true => n - row.abs_diff(west),
                false => n - (row + west).abs_diff(n.saturating_sub(1)),
            }
        };
        bits.sort_by_key(|&bit| (std::cmp::Reverse(squares(bit)), bit));
        bits.truncate(wanted.min(MAX_KEY_BITS));
        Key { bits }
    }

    fn of(&self, signature: u64) -> usize {
        (self.bits.iter()).fold(0, |key, &bit| key << 1 | (signature >> bit & 1) as usize)
    }

    /// Sorts `signatures` into `sorted` by key; `starts[k]` is where key
    /// k's bucket starts, `starts[2^bits]` the end.
    fn sort(&self, signatures: &[u64], sorted: &mut Vec<u64>, starts: &mut Vec<u32>) {
        starts.clear();
        starts.resize((1 << self.bits.len()) + 1, 0);
        for &signature in signatures {
            starts[self.of(signature) + 1] += 1;
        }
        for k in 1..starts.len() {
            starts[k] += starts[k - 1];
        }
        sorted.clear();
        sorted.resize(signatures.len(), 0);
        let mut next = starts[..starts.len() - 1].to_vec();
        for &signature in signatures {
            let slot = &mut next[self.of(signature)];
            sorted[*slot as usize] = signature;
            *slot += 1;
        }
    }
}

/// A walk down the key bits of the sorted east signatures.
struct Walk<'a> {
    kernel: Kernel,
    key: &'a Key,
    east: &'a [u64],
    starts: &'a [u32],
    planes: &'a mut Planes,
}

impl Walk<'_> {
    /// The disjoint pairs between the east signatures whose key starts
    /// with the `depth` bits of `head` and `west`, the west signatures
    /// that miss every diagonal those bits say the east ones take.
    /// `left[0]` holds the west signatures passed one bit further down.
    fn count(&mut self, depth: usize, head: usize, west: &[u64], left: &mut [Vec<u64>]) -> u64 {
        let shift = self.key.bits.len() - depth;
        let east = &self.east
            [self.starts[head << shift] as usize..self.starts[(head + 1) << shift] as usize];
        if east.is_empty() || west.is_empty() {
            return 0;
        }
        let Some((here, deeper)) = left.split_first_mut().filter(|_| east.len() > BUCKET) else {
            self.planes.fill(east);
            return self.kernel.disjoint_pairs(self.planes, west);
        };
        let without = self.count(depth + 1, head * 2, west, deeper);
        let bit = 1u64 << self.key.bits[depth];
        self.kernel.keep_without(bit, west, here);
        without + self.count(depth + 1, head * 2 + 1, here, deeper)
    }
}

#[cfg(test)]
mod tests {
    use super::{Buckets, Geometry};
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
        fn the_bucketed_walk_misses_no_pair(
            n in 4usize..=32,
            east in signatures(3000),
            west in signatures(3000),
        ) {
            let bits = if n == 32 { u64::MAX } else { (1u64 << (2 * n)) - 1 };
            let east: Vec<u64> = east.iter().map(|s| s & bits).collect();
            let west: Vec<u64> = west.iter().map(|s| s & bits).collect();
            let expected = (east.iter().flat_map(|a| west.iter().map(move |b| a & b)))
                .filter(|&both| both == 0)
                .count() as u64;
            for kernel in Kernel::ALL.into_iter().filter(|k| k.is_available()) {
                let found = Buckets::default().disjoint_pairs(kernel, Geometry::of(n), &east, &west);
                prop_assert_eq!(found, expected, "{} n = {}", kernel, n);
            }
        }
    }
}
