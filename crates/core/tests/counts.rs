//! Every counter against OEIS A000170.

use nqueens::count::{Driver, Method, Plan};
use nqueens::{count, solve, total_n_queens, BoardSize, Summary};
use nqueens_testkit::total;

fn size(n: usize) -> BoardSize {
    BoardSize::new(n).unwrap()
}

/// The whole tree, every board counted once.
fn count_plain(size: BoardSize) -> u128 {
    let plan = Plan::new(size, Method::PlainTree).unwrap();
    Driver::new().count(&plan, &|_| {}).total
}

fn enumerated(n: usize) -> u128 {
    let mut tally = 0u128;
    let summary = solve(
        size(n),
        nqueens::from_fn(|_| {
            tally += 1;
            Ok::<_, ()>(true)
        }),
    )
    .unwrap();
    assert_eq!(
        summary,
        Summary {
            solutions: tally,
            complete: true
        }
    );
    tally
}

#[test]
fn counts_match_a000170_up_to_14() {
    for n in 0..=14 {
        assert_eq!(count(size(n)).total, total(n), "count, n = {n}");
        assert_eq!(count_plain(size(n)), total(n), "count_plain, n = {n}");
        assert_eq!(enumerated(n), total(n), "solve, n = {n}");
    }
}

#[test]
#[ignore = "a few seconds: run with --include-ignored (CI does)"]
fn counts_match_a000170_for_15_and_16() {
    for n in 15..=16 {
        assert_eq!(count(size(n)).total, total(n), "count, n = {n}");
        assert_eq!(enumerated(n), total(n), "solve, n = {n}");
    }
}

#[test]
fn leetcode_total_matches() {
    for n in 1..=9 {
        assert_eq!(u128::from(total_n_queens(n)), total(n));
    }
}

#[test]
#[should_panic(expected = "board size 33 is not supported")]
fn leetcode_total_refuses_33() {
    total_n_queens(33);
}
