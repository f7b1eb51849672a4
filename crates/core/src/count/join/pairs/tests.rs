//! Every pair kernel, and the bucketed walk, against a plain count of
//! disjoint pairs on random signature sets.

use super::planes::Planes;
use super::{keep_without, leaf, scalar, Buckets};
use crate::count::join::quadrant::Geometry;
use crate::count::Kernel;
use proptest::prelude::*;

/// Signatures of `n` as the join makes them: 2n bits, about a quarter set.
fn signatures(n: usize, len: usize) -> impl Strategy<Value = Vec<u64>> {
    let bits = (1u64 << (2 * n).min(63)) - 1;
    prop::collection::vec(
        (any::<u64>(), any::<u64>()).prop_map(move |(a, b)| a & b & bits),
        0..len,
    )
}

/// The count by definition: every pair looked at.
fn plain(east: &[u64], west: &[u64]) -> u64 {
    east.iter()
        .flat_map(|a| west.iter().map(move |b| a & b))
        .filter(|&both| both == 0)
        .count() as u64
}

proptest! {
    #[test]
    fn every_kernel_counts_every_disjoint_pair(
        east in signatures(16, 5000),
        west in signatures(16, 300),
    ) {
        let expected = plain(&east, &west);
        let mut planes = Planes::default();
        planes.fill(&east);
        prop_assert_eq!(scalar::disjoint_pairs(&planes, &west), expected);
        for kernel in Kernel::ALL.into_iter().filter(|k| k.is_available()) {
            prop_assert_eq!(leaf(kernel, &planes, &west), expected, "{}", kernel);
        }
    }

    #[test]
    fn the_bucketed_walk_misses_no_pair(
        n in 4usize..=32,
        east in signatures(32, 3000),
        west in signatures(32, 3000),
    ) {
        let bits = if n == 32 { u64::MAX } else { (1u64 << (2 * n)) - 1 };
        let east: Vec<u64> = east.iter().map(|s| s & bits).collect();
        let west: Vec<u64> = west.iter().map(|s| s & bits).collect();
        let expected = plain(&east, &west);
        for kernel in Kernel::ALL.into_iter().filter(|k| k.is_available()) {
            let found = Buckets::default().disjoint_pairs(kernel, Geometry::of(n), &east, &west);
            prop_assert_eq!(found, expected, "{} n = {}", kernel, n);
        }
    }

    #[test]
    fn every_kernel_keeps_the_signatures_without_a_bit(
        west in signatures(16, 100),
        bit in 0u32..32,
    ) {
        let expected: Vec<u64> = west.iter().copied().filter(|s| s >> bit & 1 == 0).collect();
        for kernel in Kernel::ALL.into_iter().filter(|k| k.is_available()) {
            let mut kept = vec![7; 3];
            keep_without(kernel, 1 << bit, &west, &mut kept);
            prop_assert_eq!(&kept, &expected, "{}", kernel);
        }
    }
}
