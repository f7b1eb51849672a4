//! The conformance tests: every kernel of [`Kernel::ALL`] this CPU runs,
//! step by step, against the portable code and a naive reference (a
//! kernel it lacks is skipped, with a line saying so). The search on
//! every unit of the searching methods' plans for n = 4..=15 against the
//! scalar search, and for n ≤ 10 against pairwise attack checks with no
//! bitmasks; the join's steps on random signatures and placements
//! against plain loops.

use super::pairs::{Cut, Halves, Leaf, Placement, Quadrant, LANES, SLACK};
use super::{scalar, BitCounts, Scratch, HIDE_FEATURES_VAR};
use crate::count::rules::Rules;
use crate::count::{Kernel, Method, Plan, Tally};
use crate::stats::ScalarOnly;
use crate::BoardSize;
use proptest::prelude::*;
use std::io::Write;
use std::sync::Once;

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

/// Signatures of up to `bits` bits, about a quarter set.
fn signatures(bits: u32, len: usize) -> impl Strategy<Value = Vec<u64>> {
    let bits = u64::MAX >> (64 - bits);
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
            .map(|(cols, a, b, c, row)| Placement {
                cols: u32::from(cols),
                middle: u32::from(cols >> 7) << row,
                down: a & b,
                up: a & !b & c,
                signature: 0,
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
                let signature = |p: Placement| halves.cut.signature(p.down, p.up);
                out.push(signature(north) | signature(south));
            }
        }
    }
    out
}

/// Calls `check` with every kernel this CPU runs. Each kernel it lacks
/// is skipped, and said so once per test run on the terminal (past the
/// harness's capture), as is each kernel tested.
fn each_kernel(mut check: impl FnMut(Kernel)) {
    static SAID: Once = Once::new();
    SAID.call_once(|| {
        for &kernel in Kernel::ALL {
            let line = match kernel.is_available() {
                true => format!("kernel {kernel}: tested"),
                false => {
                    let features = kernel.features().iter();
                    let lacks: Vec<&str> = features.copied().filter(|f| !super::cpu::has(f)).collect();
                    format!(
                        "kernel {kernel}: skipped, this CPU lacks {} (or {HIDE_FEATURES_VAR} hides it)",
                        lacks.join(", ")
                    )
                }
            };
            let _ = writeln!(std::io::stderr(), "{line}");
        }
    });
    Kernel::ALL
        .iter()
        .copied()
        .filter(|k| k.is_available())
        .for_each(&mut check);
}

#[test]
fn every_kernel_searches_as_the_scalar_search_and_the_naive_reference() {
    each_kernel(|kernel| {
        let mut scratch = Scratch::default();
        each_unit(4..=15, |rules, prefix| {
            let reference = scalar::tally(rules, prefix, &mut ScalarOnly);
            let found = kernel.tally(rules, prefix, &mut scratch);
            assert_eq!(found, reference, "{kernel}: n = {}, {prefix:?}", rules.n);
        });
        each_unit(4..=10, |rules, prefix| {
            let reference = naive(rules, &mut prefix.to_vec());
            let found = kernel.tally(rules, prefix, &mut scratch);
            assert_eq!(found, reference, "{kernel}: n = {}, {prefix:?}", rules.n);
        });
    });
}

/// The sample's bit counts by definition.
fn plain_bit_counts(list: &[u64]) -> BitCounts {
    let sample: Vec<u64> = (list.iter().copied())
        .step_by(BitCounts::step(list.len()))
        .take(64)
        .collect();
    let taken =
        std::array::from_fn(|bit| sample.iter().filter(|&&s| s >> bit & 1 == 1).count() as u8);
    BitCounts {
        taken,
        sampled: sample.len() as u32,
    }
}

proptest! {
    #[test]
    fn every_kernel_turns_bits_on_their_side(words in prop::array::uniform32(any::<u64>()), more in prop::array::uniform32(any::<u64>())) {
        let words: [u64; 64] = std::array::from_fn(|i| if i < 32 { words[i] } else { more[i - 32] });
        let defined: [u64; 64] = std::array::from_fn(|b| (0..64).map(|i| (words[i] >> b & 1) << i).sum());
        each_kernel(|kernel| {
            let mut turned = words;
            kernel.transpose(&mut turned);
            assert_eq!(turned, defined, "{kernel}");
        });
    }

    #[test]
    fn every_kernel_counts_every_disjoint_pair(
        leaf in signatures(64, LANES + 1),
        others in signatures(44, 300),
    ) {
        let expected = plain_pairs(&leaf, &others);
        each_kernel(|kernel| {
            let mut filled = Leaf::default();
            kernel.fill_leaf(&mut filled, &leaf);
            assert_eq!(kernel.leaf_pairs(&filled, &others), expected, "{kernel}");
            // A leaf refilled with fewer signatures forgets the ones before.
            let fewer = &leaf[..leaf.len() / 3];
            kernel.fill_leaf(&mut filled, fewer);
            assert_eq!(kernel.leaf_pairs(&filled, &others), plain_pairs(fewer, &others), "{kernel}");
        });
    }

    #[test]
    fn every_kernel_splits_by_the_bit(list in signatures(64, 100), bit in 0u32..64) {
        let bit = 1u64 << bit;
        let (without, with): (Vec<u64>, Vec<u64>) = list.iter().partition(|&&s| s & bit == 0);
        each_kernel(|kernel| {
            let mut out = vec![7; 2 * (list.len() + SLACK)];
            assert_eq!(kernel.split(bit, &list, &mut out), [&without[..], &with[..]], "{kernel}");
        });
    }

    #[test]
    fn every_kernel_keeps_the_signatures_without_any_of_the_bits(
        west in signatures(32, 100),
        bit in 0u32..32,
        another in 0u32..64,
    ) {
        // One bit, or two (the middle column's queen's diagonals).
        let bits = 1u64 << bit | 1u64 << another;
        let expected: Vec<u64> = west.iter().copied().filter(|s| s & bits == 0).collect();
        each_kernel(|kernel| {
            let mut out = vec![7; west.len() + SLACK];
            assert_eq!(kernel.keep_without(bits, &west, &mut out), &expected[..], "{kernel}");
        });
    }

    #[test]
    fn every_kernel_counts_the_bits_of_its_sample(list in prop_oneof![signatures(64, 70), signatures(64, 3000)]) {
        let expected = plain_bit_counts(&list);
        each_kernel(|kernel| assert_eq!(kernel.bit_counts(&list), expected, "{kernel}"));
    }

    #[test]
    fn every_kernel_joins_every_fitting_pair_of_quadrants(
        north in placements(60),
        south in placements(60),
        columns in any::<u8>(),
        middles in prop_oneof![Just(u32::MAX), 0..256u32],
        placed in (any::<u64>(), any::<u64>(), any::<u64>()),
        n in 4u32..=27,
    ) {
        let (north, south) = (Quadrant::of(&north), Quadrant::of(&south));
        // A part of the north placements, as a unit's parts are made.
        let (from, to) = (north.len() / 3, north.len() - north.len() / 4);
        // Only some rows of the middle queens, or all; and
        // queens placed outside the quadrants, on a few diagonals.
        let placed = (placed.0 & placed.1, placed.0 & placed.2 & !placed.1);
        // Where a board of n would be cut: the diagonals' bits at the cut.
        let cut = Cut { down_shift: n - 1 - n / 2, up_shift: n / 2, rows: (1 << n) - 1, n };
        let halves = Halves { cut, columns: u32::from(columns), north: &north, from, to, south: &south, middles, placed };
        let expected = plain_halves(&halves);
        each_kernel(|kernel| {
            let mut joined = Vec::new();
            kernel.append_halves(&halves, &mut joined);
            assert_eq!(joined, expected, "{kernel}");
        });
    }
}

#[test]
fn every_kernel_is_in_the_list_once_and_refused_where_it_cannot_run() {
    for &kernel in Kernel::ALL {
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
    let names: Vec<&str> = Kernel::ALL.iter().map(|kernel| kernel.name()).collect();
    #[cfg(target_arch = "x86_64")]
    assert_eq!(names, ["scalar", "avx2", "avx512f", "avx512"]);
    #[cfg(not(target_arch = "x86_64"))]
    assert_eq!(names, ["scalar"]);
    assert_eq!(Kernel::choices(), format!("auto, {}", names.join(", ")));
}

/// On a CPU with AVX-512F but no VPOPCNTDQ (a Cascade Lake), the kernel
/// that needs it is refused by name, and the others run; on one with
/// AVX2 alone (a Zen 3), the AVX-512 kernels are refused and AVX2 runs.
#[cfg(target_arch = "x86_64")]
#[test]
fn a_kernel_whose_features_the_cpu_lacks_is_refused_naming_them() {
    let cascade_lake =
        |feature: &str| !["avx512vpopcntdq", "avx512vbmi", "gfni"].contains(&feature);
    assert_eq!(Kernel::SCALAR.require_on(&cascade_lake), Ok(Kernel::SCALAR));
    assert_eq!(Kernel::AVX2.require_on(&cascade_lake), Ok(Kernel::AVX2));
    assert_eq!(
        Kernel::AVX512F.require_on(&cascade_lake),
        Ok(Kernel::AVX512F)
    );
    let refused = Kernel::AVX512.require_on(&cascade_lake).unwrap_err();
    assert_eq!(
        refused.to_string(),
        "the avx512 kernel needs the CPU features avx512f, avx512bw, avx512vbmi, avx512vpopcntdq, gfni, bmi2, popcnt, which this machine does not have all of (use auto or scalar)"
    );
    let zen3 = |feature: &str| !feature.starts_with("avx512") && feature != "gfni";
    assert_eq!(Kernel::AVX2.require_on(&zen3), Ok(Kernel::AVX2));
    assert!(Kernel::AVX512F.require_on(&zen3).is_err());
    let none = |_: &str| false;
    assert!(Kernel::AVX2.require_on(&none).is_err());
    assert_eq!(Kernel::SCALAR.require_on(&none), Ok(Kernel::SCALAR));
}
