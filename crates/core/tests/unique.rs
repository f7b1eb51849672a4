//! Total and unique counts with the full 8-fold symmetry, and the unique
//! enumeration, against OEIS A000170/A002562 and independent checks.

use nqueens::count::{Driver, Method, Plan, Tally};
use nqueens::{representative_class_size, solve, BoardSize, Counts, Solution, Stats};
use nqueens_testkit::{images, is_valid, total, unique};
use std::collections::HashSet;
use std::sync::atomic::AtomicBool;

fn size(n: usize) -> BoardSize {
    BoardSize::new(n).unwrap()
}

fn count_unique(size: BoardSize) -> Counts {
    nqueens::count(size)
}

fn plan(n: usize, method: Method) -> Plan {
    Plan::new(size(n), method).unwrap()
}

fn count_plain(size: BoardSize) -> Counts {
    Driver::new().count(&Plan::new(size, Method::PlainTree).unwrap(), &|_| {})
}

fn with_stats(n: usize, method: Method) -> (Counts, Stats) {
    Driver::new()
        .count_with_stats(&plan(n, method), &AtomicBool::new(true))
        .expect("never stopped")
}

fn on_threads(threads: usize, n: usize) -> Counts {
    let driver = Driver::new().threads(threads).unwrap();
    assert_eq!(driver.thread_count(), threads);
    driver.count(&plan(n, Method::Backtrack), &|_| {})
}

/// The tally of the units `ids`, checking that each is reported once.
fn run_units(plan: &Plan, ids: &[usize]) -> Tally {
    let reported = std::sync::Mutex::new(Vec::new());
    let tally = Driver::new().run(plan, ids, &|done| reported.lock().unwrap().push(done.id));
    let mut reported = reported.into_inner().unwrap();
    reported.sort_unstable();
    assert_eq!(reported, ids);
    tally
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
fn totals_and_uniques_equal_the_plain_tree_method() {
    for n in 0..=12 {
        let (fast, plain) = (count_unique(size(n)), count_plain(size(n)));
        assert_eq!(
            (fast.total, fast.unique),
            (plain.total, plain.unique),
            "n = {n}"
        );
        assert!(
            n < 9 || fast.nodes * 4 < plain.nodes,
            "n = {n}: {fast:?} {plain:?}"
        );
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
fn plans_are_reproducible_and_add_up_in_any_split() {
    let n = 11;
    for &method in Method::ALL {
        let list = plan(n, method);
        assert_eq!(list.units(), plan(n, method).units());
        assert!(list.units().len() > 100, "{} units", list.units().len());
        let ids: Vec<usize> = (0..list.units().len()).collect();
        assert!(list
            .units()
            .iter()
            .enumerate()
            .all(|(i, u)| u.id() == i && u.cost() > 0));
        let whole = run_units(&list, &ids);
        let third = ids.len() / 3;
        let parts = [&ids[..third], &ids[third..]].map(|part| run_units(&list, part));
        assert_eq!(parts[0] + parts[1], whole);
        assert_eq!(list.counts(whole).total, total(n));
    }
    assert_ne!(
        plan(n, Method::Backtrack).fingerprint(),
        plan(n, Method::PlainTree).fingerprint()
    );
    assert_ne!(
        plan(n, Method::Backtrack).fingerprint(),
        plan(12, Method::Backtrack).fingerprint()
    );
}

#[test]
fn stats_see_the_same_counts_and_a_fraction_of_the_tree() {
    for n in 0..=12 {
        let (counts, stats) = with_stats(n, Method::Backtrack);
        assert_eq!(
            (counts.total, counts.unique),
            (total(n), unique(n)),
            "n = {n}"
        );
        assert_eq!(stats.nodes, stats.profile.iter().sum::<u128>(), "n = {n}");
        assert_eq!(stats.nodes, counts.nodes, "n = {n}");
        assert_eq!(counts.nodes, count_unique(size(n)).nodes, "n = {n}");
    }
    let plain = nqueens::Algorithm::Bitmask
        .on(size(12))
        .unwrap()
        .count()
        .nodes;
    let (_, stats) = with_stats(12, Method::Backtrack);
    assert!(stats.nodes * 4 < plain, "{} of {plain}", stats.nodes);
}

/// The plain-tree method's statistics are exactly the teaching
/// algorithms' (Knuth's tree), on any number of threads.
#[test]
fn plain_tree_stats_are_the_teaching_algorithms() {
    for n in 0..=11 {
        let taught = nqueens::Algorithm::Arrays.on(size(n)).unwrap().count();
        for threads in [1, 2] {
            let driver = Driver::new().threads(threads).unwrap();
            let (counts, stats) = driver
                .count_with_stats(&plan(n, Method::PlainTree), &AtomicBool::new(true))
                .expect("never stopped");
            assert_eq!(stats, taught, "n = {n}, {threads} threads");
            assert_eq!(counts.nodes, taught.nodes, "n = {n}");
        }
    }
}

/// `solve --unique`: the canonical boards, one per class.
#[test]
fn unique_enumeration_gives_one_valid_board_per_class() {
    for n in 1..=10 {
        let mut all: Vec<Solution> = Vec::new();
        solve(size(n), &mut all).unwrap();
        let kept: Vec<(&Solution, u8)> = all
            .iter()
            .filter_map(|s| representative_class_size(s).map(|class| (s, class)))
            .collect();
        assert_eq!(kept.len() as u128, unique(n), "n = {n}");
        let sizes: u128 = kept.iter().map(|&(_, class)| u128::from(class)).sum();
        assert_eq!(sizes, total(n), "n = {n}");
        let mut seen = HashSet::new();
        for &(s, class) in &kept {
            assert!(is_valid(s.columns()));
            let orbit: HashSet<Vec<u32>> = images(s.columns()).into_iter().collect();
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
    let classes: Vec<u8> = all.iter().filter_map(representative_class_size).collect();
    assert_eq!(classes.len(), 12);
    assert_eq!(classes.iter().map(|&c| u32::from(c)).sum::<u32>(), 92);
    assert_eq!(classes.iter().filter(|&&c| c == 4).count(), 1);
}

#[test]
fn the_plain_tree_method_counts_knuths_nodes() {
    for n in 0..=11 {
        let taught = nqueens::Algorithm::Bitmask.on(size(n)).unwrap().count();
        assert_eq!(count_plain(size(n)).nodes, taught.nodes, "n = {n}");
    }
}

#[test]
fn the_largest_boards_split_without_overflow() {
    for n in [31, 32] {
        let list = plan(n, Method::Backtrack);
        assert!(
            list.units().len() > 10_000,
            "n = {n}: {} units",
            list.units().len()
        );
        assert!(list.units().iter().all(|u| u
            .start()
            .columns()
            .is_some_and(|p| p.len() == 4 && p.iter().all(|&c| usize::from(c) < n))));
        assert_eq!(Driver::new().run(&list, &[], &|_| {}), Tally::default());
    }
}
