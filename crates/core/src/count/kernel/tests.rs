//! One conformance macro: every kernel, step by step, against the
//! portable code and a naive reference. The search on every unit of the
//! searching methods' plans for n = 4..=15 against the scalar kernel, and
//! for n ≤ 10 against pairwise attack checks with no bitmasks; the join's
//! steps on random signatures and placements against plain loops.

use super::pairs::{Bounds, Halves, Leaf, Placement, Quadrant, LANES, SLACK};
use super::{scalar, Scratch};
use crate::count::rules::Rules;
use crate::count::{Kernel, Method, Plan, Tally};
use crate::stats::ScalarOnly;
use crate::BoardSize;
use proptest::prelude::*;
use std::io::Write;

/// The unit below `placed` searched square by square: every valid
/// placement is a node, every solution weighs what the rules say.
fn naive(rules: &Rules, placed: &mut Vec<u8>) -> Tally {
    let (n, row) = (rules.n, placed.len());
    if row == n {
        return Tally::new(u128::from(naive_weight(rules, placed)), 1);
    }
    let mut tally = Tally::new(0, 1);
    for col in 0..n as u8 {
        let free = rules.allowed[row] & (1 << col) != 0
            && side_rule_allows(rules, placed, col)
            && placed
                .iter()
                .enumerate()
                .all(|(r, &c)| c != col && (row - r) != usize::from(c.abs_diff(col)));
        if free {
            placed.push(col);
            tally += naive(rules, placed);
            placed.pop();
        }
    }
    tally
}

/// At the last row a side queen may stand in, a placement with no side
/// queen yet cannot get both; with one, this row must take the other.
fn side_rule_allows(rules: &Rules, placed: &[u8], col: u8) -> bool {
    if placed.len() != rules.last_side_row() {
        return true;
    }
    let last = (rules.n - 1) as u8;
    let sides_taken = placed.iter().filter(|&&c| c == 0 || c == last).count();
    match sides_taken {
        0 => false,
        1 => col == 0 || col == last,
        _ => true,
    }
}

fn naive_weight(rules: &Rules, board: &[u8]) -> u32 {
    let (top, far) = rules.tie_rows();
    let on_side = |row: usize| {
        board
            .get(row)
            .is_some_and(|&c| c == 0 || usize::from(c) == rules.n - 1)
    };
    let bottom = 1u32 << board[rules.n - 1];
    let ties = usize::from(on_side(top))
        + usize::from(on_side(far))
        + usize::from(bottom & rules.tie_columns() != 0);
    rules.weights[ties]
}

/// Runs `check` on every unit that a kernel searches (boards below 5×5
/// are one unit searched whole, by the driver).
fn each_unit(sizes: std::ops::RangeInclusive<usize>, mut check: impl FnMut(&Rules, &[u8])) {
    for &method in Method::ALL {
        for n in sizes.clone() {
            let plan = Plan::new(BoardSize::new(n).unwrap(), method).unwrap();
            for unit in plan.units() {
                if let Some(rules) = plan.rules(unit) {
                    check(&rules, unit.start().columns().unwrap());
                }
            }
        }
    }
}

/// Signatures of `n` as the join makes them: 2n bits, about a quarter set.
fn signatures(n: usize, len: usize) -> impl Strategy<Value = Vec<u64>> {
    let bits = (1u64 << (2 * n).min(63)) - 1;
    prop::collection::vec(
        (any::<u64>(), any::<u64>()).prop_map(move |(a, b)| a & b & bits),
        0..len,
    )
}

/// The disjoint pairs by definition: every pair looked at.
fn plain_pairs(east: &[u64], west: &[u64]) -> u64 {
    (east.iter().flat_map(|a| west.iter().map(move |b| a & b)))
        .filter(|&both| both == 0)
        .count() as u64
}

/// Quadrant placements on 8 columns, sorted by their columns as the join
/// keeps them, with random diagonals; those on column 7 (the middle one,
/// as it were) with a queen there on one of 8 rows.
fn placements(len: usize) -> impl Strategy<Value = Vec<Placement>> {
    let one = (
        any::<u8>(),
        any::<u64>(),
        any::<u64>(),
        any::<u64>(),
        0..8u32,
    );
    prop::collection::vec(one, 0..len).prop_map(|raw| {
        let mut placed: Vec<Placement> = (raw.into_iter())
            .map(|(cols, a, b, signature, row)| Placement {
                cols: u32::from(cols),
                middle: u32::from(cols >> 7) << row,
                down: a & b,
                up: a & !b & signature,
                signature,
            })
            .collect();
        placed.sort_by_key(|p| p.cols);
        placed
    })
}

/// The half boards by definition: every north and south placement on
/// complementary columns with no diagonal in common.
fn plain_halves(halves: &Halves) -> Vec<u64> {
    let mut out = Vec::new();
    let allowed = |quadrant: &Quadrant, i: usize| quadrant.get(i).middle & !halves.middles == 0;
    for (i, north) in (halves.from..halves.to).map(|i| (i, halves.north.get(i))) {
        for (j, south) in (0..halves.south.len()).map(|j| (j, halves.south.get(j))) {
            let (down, up) = halves.placed;
            let fits = north.cols ^ south.cols == halves.columns
                && (north.down & south.down) | (north.up & south.up) == 0
                && ((north.down | south.down) & down) | ((north.up | south.up) & up) == 0
                && allowed(halves.north, i)
                && allowed(halves.south, j);
            if fits {
                out.push(north.signature | south.signature);
            }
        }
    }
    out
}

/// Says on the terminal, past the test harness's capture, that a kernel
/// this CPU lacks was not run; true when it is available.
fn runs_here(kernel: Kernel) -> bool {
    if !kernel.is_available() {
        let _ = writeln!(
            std::io::stderr(),
            "skipped kernel {}: this CPU lacks {}",
            kernel.name(),
            kernel.features().join(", ")
        );
    }
    kernel.is_available()
}

macro_rules! kernel_conformance {
    ($($name:ident: $kernel:expr;)*) => {$(
        mod $name {
            use super::*;

            #[test]
            fn searches_as_the_scalar_kernel_and_the_naive_reference() {
                let kernel: Kernel = $kernel;
                if !runs_here(kernel) {
                    return;
                }
                let mut scratch = Scratch::default();
                each_unit(4..=15, |rules, prefix| {
                    let reference = scalar::tally(rules, prefix, &mut ScalarOnly);
                    let found = kernel.tally(rules, prefix, &mut scratch);
                    assert_eq!(found, reference, "n = {}, {prefix:?}", rules.n);
                });
                each_unit(4..=10, |rules, prefix| {
                    let reference = naive(rules, &mut prefix.to_vec());
                    let found = kernel.tally(rules, prefix, &mut scratch);
                    assert_eq!(found, reference, "n = {}, {prefix:?}", rules.n);
                });
            }

            proptest! {
                #[test]
                fn counts_every_disjoint_pair(
                    leaf in signatures(32, LANES + 1),
                    others in signatures(16, 300),
                ) {
                    let kernel: Kernel = $kernel;
                    prop_assume!(runs_here(kernel));
                    let mut filled = Leaf::default();
                    kernel.fill_leaf(&mut filled, &leaf, Bounds::of(&leaf));
                    let expected = plain_pairs(&leaf, &others);
                    // The portable code reads what any kernel filled.
                    prop_assert_eq!(scalar_pairs(&filled, &others), expected);
                    prop_assert_eq!(kernel.leaf_pairs(&filled, &others), expected);
                }

                #[test]
                fn splits_by_the_bit(list in signatures(32, 100), bit in 0u32..64) {
                    let kernel: Kernel = $kernel;
                    prop_assume!(runs_here(kernel));
                    let bit = 1u64 << bit;
                    let (without, with): (Vec<u64>, Vec<u64>) = list.iter().partition(|&&s| s & bit == 0);
                    let mut out = vec![7; 2 * (list.len() + SLACK)];
                    let found = kernel.split(bit, &list, &mut out);
                    prop_assert_eq!(found, [(&without[..], Bounds::of(&without)), (&with[..], Bounds::of(&with))]);
                }

                #[test]
                fn keeps_the_signatures_without_any_of_the_bits(
                    west in signatures(16, 100),
                    bit in 0u32..32,
                    another in 0u32..64,
                ) {
                    let kernel: Kernel = $kernel;
                    prop_assume!(runs_here(kernel));
                    // One bit, or two (the middle column's queen's diagonals).
                    let bits = 1u64 << bit | 1u64 << another;
                    let expected: Vec<u64> = west.iter().copied().filter(|s| s & bits == 0).collect();
                    let mut out = vec![7; west.len() + SLACK];
                    let found = kernel.keep_without(bits, &west, &mut out);
                    prop_assert_eq!(found, (&expected[..], Bounds::of(&expected)));
                }

                #[test]
                fn joins_every_fitting_pair_of_quadrants(
                    north in placements(60),
                    south in placements(60),
                    columns in any::<u8>(),
                    middles in prop_oneof![Just(u32::MAX), 0..256u32],
                    placed in (any::<u64>(), any::<u64>(), any::<u64>()),
                ) {
                    let kernel: Kernel = $kernel;
                    prop_assume!(runs_here(kernel));
                    let (north, south) = (Quadrant::of(&north), Quadrant::of(&south));
                    // A part of the north placements, as a unit's parts are made.
                    let (from, to) = (north.len() / 3, north.len() - north.len() / 4);
                    // Only some rows of the middle queens, or all; and
                    // queens placed outside the quadrants, on a few diagonals.
                    let placed = (placed.0 & placed.1, placed.0 & placed.2 & !placed.1);
                    let halves = Halves { columns: u32::from(columns), north: &north, from, to, south: &south, middles, placed };
                    let mut joined = Vec::new();
                    kernel.append_halves(&halves, &mut joined);
                    prop_assert_eq!(joined, plain_halves(&halves));
                }
            }
        }
    )*};
}

/// The portable pair count, called directly: the reference the macro
/// checks first.
fn scalar_pairs(leaf: &Leaf, others: &[u64]) -> u64 {
    super::pairs::scalar::leaf_pairs(leaf, others)
}

proptest! {
    /// The portable transpose against its definition, and the AVX-512
    /// one against the portable one.
    #[test]
    fn transposes_turn_bits_on_their_side(words in prop::array::uniform32(any::<u64>()), more in prop::array::uniform32(any::<u64>())) {
        let mut words: [u64; 64] = std::array::from_fn(|i| if i < 32 { words[i] } else { more[i - 32] });
        let defined: [u64; 64] = std::array::from_fn(|b| (0..64).map(|i| (words[i] >> b & 1) << i).sum());
        let original = words;
        super::pairs::scalar::transpose(&mut words);
        prop_assert_eq!(words, defined);
        #[cfg(target_arch = "x86_64")]
        if Kernel::Avx512F.is_available() {
            let mut wide = original;
            // SAFETY: AVX-512F and POPCNT are present (checked above).
            unsafe { super::pairs::avx512::transpose(&mut wide) };
            prop_assert_eq!(wide, defined);
        }
    }
}

kernel_conformance! {
    scalar_kernel: Kernel::Scalar;
    avx512f_kernel: Kernel::Avx512F;
    avx512_kernel: Kernel::Avx512;
}

#[test]
fn every_kernel_is_in_the_list_once_and_refused_where_it_cannot_run() {
    for kernel in Kernel::ALL {
        match Kernel::from_name(kernel.name()) {
            Ok(found) => assert_eq!((found, kernel.is_available()), (kernel, true)),
            Err(err) => {
                assert!(!kernel.is_available());
                let says = format!(
                    "the {kernel} kernel needs the CPU features {}",
                    kernel.features().join(", ")
                );
                assert!(err.to_string().starts_with(&says), "{err}");
            }
        }
    }
    assert_eq!(Kernel::from_name("auto"), Ok(Kernel::best()));
    assert!(Kernel::best().is_available());
    assert_eq!(
        Kernel::ALL.map(Kernel::name),
        ["scalar", "avx512f", "avx512"]
    );
}

/// On a CPU with AVX-512F but no VPOPCNTDQ (a Cascade Lake), the kernel
/// that needs it is refused by name, and the others run.
#[test]
fn a_kernel_whose_features_the_cpu_lacks_is_refused_naming_them() {
    let cascade_lake = |feature: &str| feature != "avx512vpopcntdq";
    assert_eq!(Kernel::Scalar.require_on(&cascade_lake), Ok(Kernel::Scalar));
    assert_eq!(
        Kernel::Avx512F.require_on(&cascade_lake),
        Ok(Kernel::Avx512F)
    );
    let refused = Kernel::Avx512.require_on(&cascade_lake).unwrap_err();
    assert_eq!(
        refused.to_string(),
        "the avx512 kernel needs the CPU features avx512f, avx512vpopcntdq, bmi2, popcnt, which this machine does not have all of (use auto or scalar)"
    );
    let none = |_: &str| false;
    assert!(Kernel::Avx512F.require_on(&none).is_err());
}
