//! Every emitted board checked by an independent test of validity.

use nqueens::{from_fn, solve, solve_n_queens, BoardSize, Solution};
use nqueens_testkit::{is_valid, total};
use proptest::prelude::*;
use std::collections::HashSet;

fn all(n: usize) -> Vec<Solution> {
    let mut found: Vec<Solution> = Vec::new();
    solve(BoardSize::new(n).unwrap(), &mut found).unwrap();
    found
}

#[test]
fn every_board_is_valid_distinct_and_counted_up_to_10() {
    for n in 1..=10 {
        let found = all(n);
        assert_eq!(found.len() as u128, total(n), "n = {n}");
        for s in &found {
            assert_eq!(s.n(), n);
            assert!(is_valid(s.columns()), "n = {n}: invalid {:?}", s.columns());
        }
        let distinct: HashSet<&[u32]> = found.iter().map(|s| s.columns()).collect();
        assert_eq!(distinct.len(), found.len(), "n = {n}: duplicates");
    }
}

#[test]
fn solutions_come_in_lexicographic_order() {
    for n in 1..=10 {
        let found = all(n);
        assert!(
            found.windows(2).all(|w| w[0].columns() < w[1].columns()),
            "n = {n}"
        );
    }
    let four: Vec<Vec<u32>> = all(4).iter().map(|s| s.columns().to_vec()).collect();
    assert_eq!(four, [[1, 3, 0, 2], [2, 0, 3, 1]]);
}

#[test]
fn the_empty_board_has_one_solution() {
    let found = all(0);
    assert_eq!(found, [Solution::from_columns(vec![])]);
}

#[test]
fn a_sink_can_stop_the_search() {
    let mut seen = Vec::new();
    let summary = solve(
        BoardSize::new(8).unwrap(),
        from_fn(|s| {
            seen.push(s.clone());
            Ok::<_, ()>(seen.len() < 5)
        }),
    )
    .unwrap();
    assert_eq!(summary.solutions, 5);
    assert!(!summary.complete);
    assert_eq!(seen, all(8)[..5]);
}

#[test]
fn a_sink_error_comes_back() {
    let result = solve(BoardSize::new(6).unwrap(), from_fn(|_| Err("disk full")));
    assert_eq!(result, Err("disk full"));
}

#[test]
fn leetcode_51_examples() {
    assert_eq!(
        solve_n_queens(4),
        [
            [".Q..", "...Q", "Q...", "..Q."],
            ["..Q.", "Q...", "...Q", ".Q.."]
        ]
    );
    assert_eq!(solve_n_queens(1), [["Q"]]);
    assert!(solve_n_queens(2).is_empty());
    assert!(solve_n_queens(3).is_empty());
}

#[test]
fn the_checker_rejects_attacks() {
    assert!(is_valid(&[1, 3, 0, 2]));
    assert!(!is_valid(&[0, 0]), "same column");
    assert!(!is_valid(&[0, 1]), "diagonal");
    assert!(!is_valid(&[1, 0]), "anti-diagonal");
    assert!(!is_valid(&[0, 2, 1]), "diagonal two rows apart");
}

proptest! {
    #[test]
    fn solve_and_count_agree(n in 0usize..=9) {
        let size = BoardSize::new(n).unwrap();
        prop_assert_eq!(all(n).len() as u128, nqueens::count(size).total);
    }
}

#[test]
fn parallel_solve_gives_the_same_solutions_in_the_same_order() {
    for n in [10, 11, 12] {
        for threads in [2, 3] {
            let mut found: Vec<Solution> = Vec::new();
            let summary =
                nqueens::solve_parallel(BoardSize::new(n).unwrap(), threads, &mut found).unwrap();
            assert!(summary.complete);
            assert_eq!(found, all(n), "n = {n}, {threads} threads");
        }
    }
}

#[test]
fn parallel_solve_stops_when_the_sink_says_so() {
    let mut seen = Vec::new();
    let summary = nqueens::solve_parallel(
        BoardSize::new(12).unwrap(),
        2,
        from_fn(|s| {
            seen.push(s.clone());
            Ok::<_, ()>(seen.len() < 5000)
        }),
    )
    .unwrap();
    assert_eq!((summary.solutions, summary.complete), (5000, false));
    assert_eq!(seen, all(12)[..5000]);
    let failed = nqueens::solve_parallel(
        BoardSize::new(12).unwrap(),
        2,
        from_fn(|_| Err("disk full")),
    );
    assert_eq!(failed, Err("disk full"));
}
