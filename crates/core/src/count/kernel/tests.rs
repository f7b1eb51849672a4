//! Every kernel against the scalar kernel on every unit of the searching
//! methods' plans (backtrack and plain; a join's units are not searched)
//! for n = 4..=15, and against a naive reference (pairwise attack
//! checks, no bitmasks) for n ≤ 10: weights and nodes equal.

use super::scalar;
use crate::algorithm::ScalarOnly;
use crate::count::rules::Rules;
use crate::count::{Kernel, Method, Plan, Tally};
use crate::BoardSize;
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
    for method in Method::ALL {
        for n in sizes.clone() {
            let plan = Plan::new(BoardSize::new(n).unwrap(), method);
            for unit in plan.units() {
                if let Some(rules) = plan.rules(unit) {
                    check(&rules, unit.prefix());
                }
            }
        }
    }
}

macro_rules! kernel_conformance {
    ($($name:ident: $kernel:expr;)*) => {$(
        #[test]
        fn $name() {
            let kernel: Kernel = $kernel;
            if !kernel.is_available() {
                // Straight to the terminal, past the test harness's capture.
                let _ = writeln!(
                    std::io::stderr(),
                    "skipped kernel {}: this CPU lacks its instructions",
                    kernel.name()
                );
                return;
            }
            each_unit(4..=15, |rules, prefix| {
                let reference = scalar::tally(rules, prefix, &mut ScalarOnly);
                assert_eq!(kernel.tally(rules, prefix), reference, "n = {}, {prefix:?}", rules.n);
            });
            each_unit(4..=10, |rules, prefix| {
                let reference = naive(rules, &mut prefix.to_vec());
                assert_eq!(kernel.tally(rules, prefix), reference, "n = {}, {prefix:?}", rules.n);
            });
        }
    )*};
}

kernel_conformance! {
    scalar_conforms: Kernel::Scalar;
    avx512_conforms: Kernel::Avx512;
}

#[test]
fn every_kernel_is_in_the_list_once() {
    for kernel in Kernel::ALL {
        assert_eq!(
            Kernel::from_name(kernel.name()).ok().is_some(),
            kernel.is_available()
        );
    }
    assert_eq!(Kernel::from_name("auto"), Ok(Kernel::best()));
    assert!(Kernel::best().is_available());
}
