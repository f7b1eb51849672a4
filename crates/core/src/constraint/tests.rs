//! Completion and conflicts against brute force over the reference
//! solutions.

use super::*;
use crate::{Solution, Square};
use nqueens_testkit::{is_valid_on, reference_solutions};
use proptest::prelude::*;
use std::sync::OnceLock;

fn squares(pairs: &[(usize, usize)]) -> Vec<Square> {
    pairs
        .iter()
        .map(|&(row, col)| Square { row, col })
        .collect()
}

/// The testkit's brute-force solutions of n ≤ 10 (every permutation
/// tried: 10! of them), made once and shared by every case.
fn brute_force(n: usize) -> &'static [Vec<u32>] {
    static MADE: [OnceLock<Vec<Vec<u32>>>; 11] = [const { OnceLock::new() }; 11];
    MADE[n].get_or_init(|| reference_solutions(n))
}

/// The solutions that keep `queens` and avoid `blocked`, by brute force.
fn reference_completions(n: usize, queens: &[Square], blocked: &[Square]) -> Vec<Vec<u32>> {
    let keeps = |cols: &&Vec<u32>| {
        queens.iter().all(|q| (cols[q.row] as usize) == q.col)
            && blocked.iter().all(|b| (cols[b.row] as usize) != b.col)
    };
    brute_force(n).iter().filter(keeps).cloned().collect()
}

/// Whether some solution keeps `queens` and avoids `blocked`.
fn completable(n: usize, queens: &[Square], blocked: &[Square]) -> bool {
    !reference_completions(n, queens, blocked).is_empty()
}

/// Every completion is found once, and nothing else.
fn check_all_completions(n: usize, queens: Vec<Square>, blocked: Vec<Square>) {
    let partial = Partial::new(n, queens.clone(), blocked.clone()).unwrap();
    let mut found: Vec<Solution> = Vec::new();
    let done = completions(&partial, &mut found, &|| false).unwrap();
    let columns: Vec<Vec<u32>> = found.iter().map(|s| s.columns().to_vec()).collect();
    let mut expected = reference_completions(n, &queens, &blocked);
    expected.sort();
    assert_eq!(done.end, End::Exhausted);
    assert_eq!(done.found, columns.len() as u128);
    // In lexicographic order, as `solve` writes solutions.
    assert_eq!(columns, expected);
    assert_eq!(count_completions(&partial, &|| false), done);
}

fn check_completion(n: usize, queens: Vec<Square>, blocked: Vec<Square>) {
    let partial = Partial::new(n, queens.clone(), blocked.clone()).unwrap();
    match complete(&partial, &|| false) {
        Completion::Found(cols) => {
            assert!(is_valid_on(&cols, n), "{cols:?} is not a solution");
            assert!(queens.iter().all(|q| (cols[q.row] as usize) == q.col));
            assert!(blocked.iter().all(|b| (cols[b.row] as usize) != b.col));
        }
        Completion::Impossible => assert!(!completable(n, &queens, &blocked)),
        other => panic!("{other:?} for {queens:?}"),
    }
}

#[test]
fn every_single_queen_on_boards_up_to_eight() {
    for n in 1..=8 {
        for row in 0..n {
            for col in 0..n {
                check_completion(n, squares(&[(row, col)]), vec![]);
            }
        }
    }
}

#[test]
fn every_completion_of_open_and_blocked_boards() {
    for n in 0..=9 {
        check_all_completions(n, vec![], vec![]);
    }
    for n in 1..=9 {
        let centre = n / 2;
        check_all_completions(n, vec![], squares(&[(centre, centre)]));
    }
    // A board whose every square is blocked in one row has none.
    let row: Vec<(usize, usize)> = (0..6).map(|col| (3, col)).collect();
    check_all_completions(6, vec![], squares(&row));
}

#[test]
fn a_sink_that_stops_or_fails_ends_the_search() {
    let partial = Partial::new(8, vec![], vec![]).unwrap();
    let mut three = take(3);
    let done = completions(&partial, &mut three, &|| false).unwrap();
    assert_eq!((done.found, done.end), (3, End::Stopped));
    let mut failing = crate::from_fn(|_: &Solution| Err::<bool, &str>("disk full"));
    assert_eq!(
        completions(&partial, &mut failing, &|| false),
        Err("disk full")
    );
    let attacking = Partial::new(8, squares(&[(0, 0), (1, 1)]), vec![]).unwrap();
    let mut none: Vec<Solution> = Vec::new();
    let done = completions(&attacking, &mut none, &|| false).unwrap();
    assert_eq!((done.found, none.len()), (0, 0));
}

/// A sink that takes `k` solutions, then says stop.
fn take(k: usize) -> impl crate::Sink<Error = std::convert::Infallible> {
    let mut left = k;
    crate::from_fn(move |_: &Solution| {
        left -= 1;
        Ok(left > 0)
    })
}

#[test]
fn attacking_queens_are_reported_not_searched() {
    let partial = Partial::new(8, squares(&[(0, 0), (3, 3), (5, 0)]), vec![]).unwrap();
    let Completion::Conflicts(found) = complete(&partial, &|| false) else {
        panic!("conflicts expected");
    };
    let lines: Vec<Line> = found.iter().map(|c| c.line).collect();
    assert_eq!(lines, [Line::Diagonal(0), Line::Column(0)]);
}

#[test]
fn a_search_told_to_give_up_gives_up() {
    let partial = Partial::new(64, vec![], squares(&[(0, 0)])).unwrap();
    // Only asked every few thousand nodes; a 64 board may need fewer.
    let answer = complete(&partial, &|| true);
    if let Completion::Found(cols) = &answer {
        assert!(is_valid_on(cols, 64));
    } else {
        assert_eq!(answer, Completion::GaveUp);
    }
}

#[test]
fn a_million_queens_in_one_column_are_counted_not_listed() {
    let n = 1_000_000;
    let column: Vec<Square> = (0..n).map(|row| Square { row, col: 7 }).collect();
    let verdict = verify(n, &column).unwrap();
    assert_eq!(verdict.attacking_pairs, (n as u128) * (n as u128 - 1) / 2);
    assert_eq!(verdict.conflicts.len(), LISTED);
    let first = verdict.conflicts[0];
    assert_eq!((first.first.row, first.second.row), (0, 1));
    assert_eq!(first.line, Line::Column(7));
    assert_eq!(verdict.empty_row_count, 0);
    let one = verify(n, &column[..1]).unwrap();
    assert_eq!((one.empty_rows.len(), one.empty_row_count), (LISTED, n - 1));
    assert!(!one.is_solution());
}

#[test]
fn bad_squares_are_errors() {
    let err = Partial::new(4, squares(&[(0, 4)]), vec![]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "row 0, col 4 is off the board: rows and columns run from 0 to 3"
    );
    let err = Partial::new(4, squares(&[(1, 1)]), squares(&[(1, 1)])).unwrap_err();
    assert_eq!(err.to_string(), "row 1, col 1 holds a queen and is blocked");
    let err = Partial::new(65, vec![], vec![]).unwrap_err();
    assert!(err.to_string().contains("at most 64"), "{err}");
}

#[test]
fn wide_boards_complete() {
    for n in [32, 50, 64] {
        let queens = squares(&[(0, 1), (n / 2, n / 3), (n - 1, n - 2)]);
        let partial = Partial::new(n, queens, vec![]).unwrap();
        let Completion::Found(cols) = complete(&partial, &|| false) else {
            panic!("n = {n}: no completion");
        };
        assert!(is_valid_on(&cols, n));
    }
}

/// Every pair that shares a line, by the definition, pair by pair.
fn naive_pairs(queens: &[Square]) -> usize {
    let mut count = 0;
    for (i, a) in queens.iter().enumerate() {
        for b in &queens[i + 1..] {
            let (dr, dc) = (a.row as i64 - b.row as i64, a.col as i64 - b.col as i64);
            count += usize::from(dr == 0 || dc == 0 || dr == dc || dr == -dc);
        }
    }
    count
}

proptest! {
    #[test]
    fn partials_and_blocks_agree_with_brute_force(
        n in 4usize..=10,
        picks in proptest::collection::vec((0usize..10, 0usize..10, any::<bool>()), 0..8),
    ) {
        let (mut queens, mut blocked) = (Vec::new(), Vec::new());
        for (row, col, is_queen) in picks {
            let at = Square { row: row % n, col: col % n };
            if !queens.contains(&at) && !blocked.contains(&at) {
                if is_queen { queens.push(at) } else { blocked.push(at) }
            }
        }
        if conflicts(&queens).is_empty() {
            check_completion(n, queens.clone(), blocked.clone());
            check_all_completions(n, queens, blocked);
        }
    }

    #[test]
    fn conflicts_are_every_attacking_pair(
        picks in proptest::collection::hash_set((0usize..10, 0usize..10), 0..20),
    ) {
        let queens = squares(&picks.into_iter().collect::<Vec<_>>());
        let found = conflicts(&queens);
        prop_assert_eq!(found.len(), naive_pairs(&queens));
        for c in &found {
            prop_assert!((c.first.row, c.first.col) < (c.second.row, c.second.col));
        }
        for limit in [0, 1, 3] {
            let (first, pairs) = first_conflicts(&queens, limit);
            prop_assert_eq!(&first[..], &found[..limit.min(found.len())]);
            prop_assert_eq!(pairs, found.len() as u128);
        }
        let verdict = verify(10, &queens).unwrap();
        prop_assert_eq!(verdict.is_solution(), queens.len() == 10 && found.is_empty());
    }
}

#[test]
fn the_answer_key_names_every_solution_once() {
    for n in 0..=9 {
        let mut key = AnswerKey::new(n, 2).unwrap();
        let solutions = brute_force(n);
        assert_eq!(key.len(), solutions.len(), "n = {n}");
        assert_eq!(key.missing_count(), solutions.len());
        for (rank, columns) in solutions.iter().enumerate().rev() {
            assert_eq!(key.mark(columns, rank as u64), Mark::New { rank });
        }
        assert_eq!(key.missing_count(), 0);
        if let Some(first) = solutions.first() {
            assert_eq!(key.mark(first, 99), Mark::Repeat { first: 0 });
        }
    }
    assert!(AnswerKey::new(ANSWER_MAX_N + 1, 2).is_none());
}

#[test]
fn the_answer_key_refuses_what_is_not_a_solution_and_lists_the_missing() {
    let mut key = AnswerKey::new(6, 1).unwrap();
    for bad in [
        vec![0, 1, 2, 3, 4, 5],
        vec![1, 3, 5, 0, 2],
        vec![1, 3, 5, 0, 2, 4, 6],
        vec![1, 3, 5, 0, 2, 16],
    ] {
        assert_eq!(key.mark(&bad, 0), Mark::NotASolution, "{bad:?}");
    }
    key.mark(&[2, 5, 1, 4, 0, 3], 0);
    let missing: Vec<Vec<u32>> = key.missing().map(|s| s.columns().to_vec()).collect();
    assert_eq!(
        missing,
        [
            vec![1, 3, 5, 0, 2, 4],
            vec![3, 0, 4, 1, 5, 2],
            vec![4, 2, 0, 5, 3, 1]
        ]
    );
}
