//! Total and unique counts with the full 8-fold symmetry, and the unique
//! enumeration, against OEIS A000170/A002562 and independent checks.

use nqueens::{
    canonical_class_size, count_plain, count_subproblems, count_unique, count_unique_with_stats,
    solve, subproblems, BoardSize, Counts, Solution,
};
use nqueens_testkit::{images, is_valid, total, unique};
use std::collections::HashSet;

fn size(n: usize) -> BoardSize {
    BoardSize::new(n).unwrap()
}

fn on_threads(threads: usize, n: usize) -> Counts {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    pool.install(|| count_unique(size(n)))
}

fn assert_oeis(sizes: std::ops::RangeInclusive<usize>) {
    for n in sizes {
        let counts = count_unique(size(n));
        assert_eq!(
            (counts.total, counts.unique),
            (total(n), unique(n)),
            "n = {n}"
        );
    }
}

#[test]
fn totals_and_uniques_match_oeis_up_to_14() {
    assert_oeis(0..=14);
}

#[test]
#[ignore = "several seconds: run with --include-ignored (CI does)"]
fn totals_and_uniques_match_oeis_for_15_to_17() {
    assert_oeis(15..=17);
}

#[test]
fn totals_equal_the_plain_counter() {
    for n in 0..=12 {
        assert_eq!(count_unique(size(n)).total, count_plain(size(n)), "n = {n}");
    }
}

#[test]
fn one_thread_and_many_agree() {
    for n in [5, 9, 12, 13] {
        let one = on_threads(1, n);
        assert_eq!(one, on_threads(2, n), "n = {n}");
        assert_eq!(one, on_threads(4, n), "n = {n}");
    }
}

#[test]
fn subproblems_are_reproducible_and_add_up_in_any_split() {
    let n = 11;
    let list = subproblems(size(n));
    assert_eq!(list, subproblems(size(n)));
    assert!(list.len() > 100, "{} subproblems", list.len());
    let whole = count_subproblems(size(n), &list, &|| {});
    let halves = [&list[..list.len() / 3], &list[list.len() / 3..]]
        .map(|part| count_subproblems(size(n), part, &|| {}));
    assert_eq!(halves[0] + halves[1], whole);
    let done = std::sync::atomic::AtomicUsize::new(0);
    count_subproblems(size(n), &list, &|| {
        done.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    });
    assert_eq!(done.into_inner(), list.len());
}

#[test]
fn stats_see_the_same_counts_and_a_fraction_of_the_tree() {
    for n in 0..=12 {
        let (tally, stats) = count_unique_with_stats(size(n));
        assert_eq!(
            (tally.total, tally.unique),
            (total(n), unique(n)),
            "n = {n}"
        );
        assert_eq!(stats.nodes, stats.profile.iter().sum::<u128>(), "n = {n}");
    }
    let plain = nqueens::Algorithm::Bitmask
        .on(size(12))
        .unwrap()
        .count(false)
        .stats
        .nodes;
    let (_, stats) = count_unique_with_stats(size(12));
    assert!(stats.nodes * 4 < plain, "{} of {plain}", stats.nodes);
}

/// `solve --unique`: the canonical boards, one per class.
#[test]
fn unique_enumeration_gives_one_valid_board_per_class() {
    for n in 1..=10 {
        let mut all: Vec<Solution> = Vec::new();
        solve(size(n), &mut all).unwrap();
        let kept: Vec<(&Solution, u8)> = all
            .iter()
            .filter_map(|s| canonical_class_size(s).map(|class| (s, class)))
            .collect();
        assert_eq!(kept.len() as u128, unique(n), "n = {n}");
        let sizes: u128 = kept.iter().map(|&(_, class)| u128::from(class)).sum();
        assert_eq!(sizes, total(n), "n = {n}");
        let mut seen = HashSet::new();
        for &(s, class) in &kept {
            assert!(is_valid(s.columns()));
            let orbit: HashSet<Vec<u8>> = images(s.columns()).into_iter().collect();
            assert_eq!(
                orbit.len(),
                usize::from(class),
                "n = {n}: {:?}",
                s.columns()
            );
            assert_eq!(
                orbit.iter().min().unwrap().as_slice(),
                s.columns(),
                "not the smallest"
            );
            assert!(
                orbit.iter().all(|image| seen.insert(image.clone())),
                "two boards of one class"
            );
        }
    }
}

#[test]
fn eight_queens_have_twelve_classes() {
    let mut all: Vec<Solution> = Vec::new();
    solve(size(8), &mut all).unwrap();
    let classes: Vec<u8> = all.iter().filter_map(canonical_class_size).collect();
    assert_eq!(classes.len(), 12);
    assert_eq!(classes.iter().map(|&c| u32::from(c)).sum::<u32>(), 92);
    assert_eq!(classes.iter().filter(|&&c| c == 4).count(), 1);
}

#[test]
fn plain_tree_nodes_match_the_plain_search() {
    for n in 0..=11 {
        let plain = nqueens::Algorithm::Bitmask
            .on(size(n))
            .unwrap()
            .count(false);
        assert_eq!(
            nqueens::plain_tree_nodes(size(n)),
            plain.stats.nodes,
            "n = {n}"
        );
    }
}

#[test]
fn the_largest_boards_split_without_overflow() {
    for n in [31, 32] {
        let list = subproblems(size(n));
        assert!(list.len() > 10_000, "n = {n}: {} subproblems", list.len());
        assert!(list
            .iter()
            .all(|s| s.prefix.len() == 4 && s.prefix.iter().all(|&c| usize::from(c) < n)));
        assert!(nqueens::prefix_nodes(&list) > 1);
    }
    assert_eq!(
        count_subproblems(size(32), &[], &|| {}),
        nqueens::Tally::default()
    );
}
