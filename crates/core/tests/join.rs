//! The join method against OEIS A000170/A002562 and against the
//! backtracking method, on every kernel, unit by unit.

use nqueens::count::{Driver, Kernel, Method, Plan, Tally, JOIN_MAX_N};
use nqueens::BoardSize;
use nqueens_testkit::{total, unique};
use std::sync::Mutex;

fn plan(n: usize, method: Method) -> Plan {
    Plan::new(BoardSize::new(n).unwrap(), method).unwrap()
}

/// Each unit's tally, by id, on `kernel`.
fn unit_tallies(plan: &Plan, kernel: Kernel) -> Vec<Tally> {
    let found = Mutex::new(vec![Tally::default(); plan.units().len()]);
    let driver = Driver::new().kernel(kernel).unwrap();
    driver.count(plan, &|done| found.lock().unwrap()[done.id] = done.tally);
    found.into_inner().unwrap()
}

/// The join's (total, unique) for n, checked against OEIS A000170/A002562.
fn joined_as_in_oeis(n: usize) -> (u128, u128) {
    let joined = Driver::new().count(&plan(n, Method::Join), &|_| {});
    let counts = (joined.total, joined.unique);
    assert_eq!(counts, (total(n), unique(n)), "n = {n}");
    counts
}

#[test]
fn join_counts_match_oeis_and_backtracking_up_to_16() {
    for n in 0..=16 {
        let searched = Driver::new().count(&plan(n, Method::Backtrack), &|_| {});
        let joined = joined_as_in_oeis(n);
        assert_eq!(joined, (searched.total, searched.unique), "n = {n}");
    }
}

#[test]
#[ignore = "about a minute: run with --include-ignored (CI does)"]
fn join_counts_match_oeis_for_17_to_19() {
    for n in 17..=19 {
        joined_as_in_oeis(n);
    }
}

#[test]
fn every_kernel_joins_every_unit_alike() {
    for n in [6, 9, 12, 13] {
        let plan = plan(n, Method::Join);
        let reference = unit_tallies(&plan, Kernel::SCALAR);
        for kernel in Kernel::ALL.iter().copied().filter(|k| k.is_available()) {
            assert_eq!(unit_tallies(&plan, kernel), reference, "n = {n} {kernel}");
        }
    }
}

#[test]
fn join_plans_are_reproducible_with_costs() {
    let first = plan(14, Method::Join);
    let again = plan(14, Method::Join);
    assert_eq!(first.units(), again.units());
    assert_eq!(first.fingerprint(), again.fingerprint());
    assert_ne!(
        first.fingerprint(),
        plan(14, Method::Backtrack).fingerprint()
    );
    assert!(first
        .units()
        .iter()
        .all(|unit| unit.cost() > 0 && unit.start().key().len() == 7));
    let costs: Vec<u64> = first.units().iter().map(|unit| unit.cost()).collect();
    assert!(
        costs.iter().max() > costs.iter().min(),
        "costs tell units apart"
    );
}

#[test]
fn auto_picks_the_join_only_where_it_counts() {
    for n in 0..=32 {
        let size = BoardSize::new(n).unwrap();
        let fastest = Method::fastest(size);
        assert!(fastest.counts(size), "n = {n}");
        assert_eq!(Method::parse_choice("auto"), Ok(None));
        assert_eq!(Method::resolve(None, size, false), fastest);
    }
    assert!(!Method::Join.counts(BoardSize::new(JOIN_MAX_N + 1).unwrap()));
    assert_eq!(
        Method::fastest(BoardSize::new(8).unwrap()),
        Method::Backtrack
    );
    assert!(Method::parse_choice("bogus").is_err());
    assert!(Plan::new(BoardSize::new(JOIN_MAX_N + 1).unwrap(), Method::Join).is_err());
}

#[test]
fn a_join_count_reports_its_threads_memory() {
    let driver = Driver::new().threads(1).unwrap();
    let plan = plan(14, Method::Join);
    let predicted = driver.memory_bytes(plan.size(), plan.method()).unwrap();
    driver.count(&plan, &|_| {});
    assert!(driver.peak_thread_bytes() > 0);
    assert!(
        driver.peak_thread_bytes() < predicted,
        "{} within {predicted}",
        driver.peak_thread_bytes()
    );
}

#[test]
#[ignore = "about two minutes on 2 cores: run with --include-ignored (CI does)"]
fn join_counts_n_20_exactly_in_bounded_memory() {
    let limit = 256 << 20;
    let driver = Driver::new().max_memory(limit);
    let plan = plan(20, Method::Join);
    assert!(driver.memory_bytes(plan.size(), plan.method()).unwrap() <= limit);
    let counts = driver.count(&plan, &|_| {});
    assert_eq!((counts.total, counts.unique), (total(20), unique(20)));
    assert!(
        driver.peak_thread_bytes() < limit,
        "{}",
        driver.peak_thread_bytes()
    );
}

/// Up to n = 26 in a gibibyte on two threads (n = 26: 629 MiB, most of
/// it the four quadrant lists each thread holds), n = 27 on one (672 MiB:
/// its plan of 7.4 million units takes 300 MB, a thread's lists 360 MB;
/// on two threads just over 1 GiB).
#[test]
fn joins_fit_in_a_gibibyte_up_to_n_27() {
    let needed = |n: usize, threads: usize, limit: u64| {
        let driver = Driver::new().threads(threads).unwrap().max_memory(limit);
        let size = BoardSize::new(n).unwrap();
        driver.memory_bytes(size, Method::Join).unwrap()
    };
    for n in 0..=26 {
        let two = needed(n, 2, 1 << 30);
        assert!(two <= 1 << 30, "n = {n}: {two} bytes");
    }
    assert!(needed(27, 1, 1 << 30) <= 1 << 30, "n = 27 on one thread");
    assert!(needed(27, 2, 1 << 30) > 1 << 30, "n = 27 on two threads");
}

#[test]
#[ignore = "plans n = 25 to 27, about a minute: run with --include-ignored (CI does)"]
fn the_largest_joins_are_planned_and_sized() {
    for n in 25..=JOIN_MAX_N {
        let size = BoardSize::new(n).unwrap();
        let driver = Driver::new().threads(2).unwrap().max_memory(16 << 30);
        let needed = driver.memory_bytes(size, Method::Join).unwrap();
        assert!(needed <= 16 << 30, "n = {n}: {needed} bytes");
        let plan = plan(n, Method::Join);
        let units = plan.units().len() as u64;
        match n % 2 {
            // Every set of east rows is in one unit's family of up to four.
            0 => {
                let sets = binomial(n as u64, n as u64 / 2);
                assert!(units >= sets / 4 && units < sets, "n = {n}: {units} units");
            }
            _ => assert_eq!(units, odd_units(n as u64), "n = {n}"),
        }
        assert!(plan.units().iter().all(|unit| unit.cost() > 0));
    }
}

/// An odd board's units, counted by Burnside's lemma: the sets of
/// (n + 1) / 2 east rows without the middle row, up to the turn; and those
/// with it, whose other k = (n - 1) / 2 rows are taken up to the turn and
/// to their complement among the n - 1 (the turn fixes the symmetric
/// sets, the turned complement one row of each mirror pair, 2^k sets;
/// the complement none, from n = 3).
fn odd_units(n: u64) -> u64 {
    let (size, k) = (n.div_ceil(2), n / 2);
    let symmetric = |size: u64| match size % 2 {
        0 => binomial(k, size / 2),
        _ => 0,
    };
    let without = (binomial(n - 1, size) + symmetric(size)) / 2;
    let with = (binomial(n - 1, k) + symmetric(k) + (1 << k)) / 4;
    without + with
}

#[test]
fn odd_units_are_as_burnside_counts_them() {
    for n in (3..=17).step_by(2) {
        assert_eq!(
            plan(n, Method::Join).units().len() as u64,
            odd_units(n as u64),
            "n = {n}"
        );
    }
}

fn binomial(n: u64, k: u64) -> u64 {
    (0..k).fold(1, |c, i| c * (n - i) / (i + 1))
}
