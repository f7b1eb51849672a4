//! The join's parts against plain definitions: half boards against a
//! search of every column assignment, families against all row sets,
//! and whole counts against OEIS A000170.

use super::family::{east_row_sets, join, joins};
use super::half::Quadrants;
use super::memory::Sizing;
use super::quadrant::Geometry;
#[cfg(doc)]
use super::quadrant::{ODD_TRANSPOSED_FROM, WIDE_MAX_N};
use super::worker::Forecast;
use super::JoinWorker;
use crate::count::Kernel;
use crate::BoardSize;

/// Every half board on `rows` by brute force: each assignment of
/// `columns` to the rows, kept when no two queens share a diagonal (nor
/// one with the queen `placed`, as (row, column), if any).
fn halves_by_search(
    geometry: Geometry,
    rows: u32,
    columns: u32,
    placed: Option<(usize, usize)>,
) -> Vec<u64> {
    let rows: Vec<usize> = (0..geometry.n).filter(|r| rows >> r & 1 == 1).collect();
    let columns: Vec<usize> = (0..geometry.n).filter(|c| columns >> c & 1 == 1).collect();
    let mut found = Vec::new();
    let mut order: Vec<usize> = (0..columns.len()).collect();
    permutations(&mut order, 0, &mut |order| {
        let queens: Vec<(usize, usize)> = rows
            .iter()
            .zip(order)
            .map(|(&r, &i)| (r, columns[i]))
            .collect();
        let attack =
            |a: &(usize, usize), b: &(usize, usize)| a.0.abs_diff(b.0) == a.1.abs_diff(b.1);
        let clash = queens.iter().enumerate().any(|(i, a)| {
            queens[i + 1..].iter().any(|b| attack(a, b))
                || placed.is_some_and(|placed| attack(a, &placed))
        });
        if !clash {
            let (mut down, mut up) = (0u64, 0u64);
            for &(r, c) in &queens {
                down |= 1 << (r + geometry.n - 1 - c);
                up |= 1 << (r + c);
            }
            found.push(geometry.signature(down, up));
        }
    });
    found.sort_unstable();
    found
}

fn permutations(items: &mut [usize], from: usize, visit: &mut impl FnMut(&[usize])) {
    if from == items.len() {
        return visit(items);
    }
    for i in from..items.len() {
        items.swap(from, i);
        permutations(items, from + 1, visit);
        items.swap(from, i);
    }
}

#[test]
fn half_boards_are_every_assignment_without_a_clash() {
    for n in 1..=9 {
        let geometry = Geometry::of(n);
        for rows in 0..=geometry.all_rows() {
            for east in [true, false] {
                let width = geometry.columns(east).count_ones();
                if rows.count_ones() != width {
                    continue;
                }
                let expected = halves_by_search(geometry, rows, geometry.columns(east), None);
                for kernel in Kernel::ALL.iter().copied().filter(|k| k.is_available()) {
                    let mut joined = Vec::new();
                    Quadrants::new(geometry, u64::MAX).halves(kernel, rows, east, &mut joined);
                    joined.sort_unstable();
                    assert_eq!(joined, expected, "n = {n} rows {rows:b} {kernel}");
                }
            }
        }
    }
}

#[test]
fn an_odd_boards_east_half_boards_have_their_middle_queen_where_asked() {
    for n in (1..=9).step_by(2) {
        let geometry = Geometry::of(n);
        let width = geometry.columns(true).count_ones();
        for rows in (0..=geometry.all_rows()).filter(|rows| rows.count_ones() == width) {
            let half = Quadrants::new(geometry, u64::MAX).half(rows, true);
            for middle in (0..n).filter(|&r| rows >> r & 1 == 1) {
                let placed = Some((middle, geometry.west));
                let others = geometry.columns(true) ^ 1 << geometry.west;
                let mut expected = halves_by_search(geometry, rows ^ 1 << middle, others, placed);
                let down = 1 << (middle + n - 1 - geometry.west);
                let queen = geometry.signature(down, 1 << (middle + geometry.west));
                expected
                    .iter_mut()
                    .for_each(|signature| *signature |= queen);
                expected.sort_unstable();
                for kernel in Kernel::ALL.iter().copied().filter(|k| k.is_available()) {
                    let mut joined = Vec::new();
                    (half.middles_in(1 << middle)).append(kernel, 0, usize::MAX, &mut joined);
                    joined.sort_unstable();
                    assert_eq!(joined, expected, "n = {n} rows {rows:b} middle {middle}");
                }
            }
        }
    }
}

/// `rows` upside down.
fn turned(n: usize, rows: u32) -> u32 {
    (u64::from(rows.reverse_bits()) >> (32 - n)) as u32
}

#[test]
fn an_odd_boards_units_join_each_orbit_of_terms_once() {
    for n in (1..=15usize).step_by(2) {
        let geometry = Geometry::of(n);
        let all = geometry.all_rows();
        let joined = |(rows, middle): (u32, u32)| {
            join(geometry, rows).filter(|join| join.middles & middle != 0)
        };
        let mirrored = |(rows, middle): (u32, u32)| ((all ^ rows) | middle, middle);
        // Every term (S, r): S holds r and the east queens' rows.
        for rows in (0..=all).filter(|rows| rows.count_ones() as usize == n - geometry.west) {
            for middle in (0..n).filter(|&r| rows >> r & 1 == 1).map(|r| 1u32 << r) {
                let turn = (turned(n, rows), turned(n, middle));
                let mut orbit = vec![
                    (rows, middle),
                    mirrored((rows, middle)),
                    turn,
                    mirrored(turn),
                ];
                orbit.sort_unstable();
                orbit.dedup();
                let size = orbit.len() as u128;
                let joins: Vec<_> = orbit.into_iter().filter_map(joined).collect();
                assert_eq!(joins.len(), 1, "n = {n} rows {rows:b} middle {middle:b}");
                assert_eq!(joins[0].weight, size, "n = {n} rows {rows:b}");
            }
        }
    }
}

#[test]
fn an_even_boards_units_families_cover_every_row_set_once() {
    for n in (0..=18usize).step_by(2) {
        let geometry = Geometry::of(n);
        let size = n - geometry.west;
        let covered: u128 = (east_row_sets(n).iter())
            .map(|&rows| join(geometry, rows).unwrap().weight)
            .sum();
        let all = (0..=geometry.all_rows())
            .filter(|r| r.count_ones() as usize == size)
            .count();
        assert_eq!(covered, all as u128, "n = {n}");
    }
}

#[test]
fn joined_units_add_up_to_every_solution() {
    const A000170: [u128; 13] = [1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200];
    for (n, &expected) in A000170.iter().enumerate() {
        for kernel in Kernel::ALL.iter().copied().filter(|k| k.is_available()) {
            let worker = JoinWorker::new(
                BoardSize::new(n).unwrap(),
                kernel,
                1,
                Sizing::of(n, 1, None),
            );
            let thirds: u128 = (east_row_sets(n).iter())
                .map(|&rows| worker.tally_rows(kernel, rows).thirds())
                .sum();
            assert_eq!(thirds, 3 * expected, "n = {n} {kernel}");
        }
    }
}

/// An odd board cut as those above [`WIDE_MAX_N`] are: the middle
/// column in neither half.
fn narrow(n: usize) -> Geometry {
    Geometry {
        wide: false,
        ..Geometry::of(n)
    }
}

/// An odd board cut as `geometry` says, its units joined by their
/// transpose as those from [`ODD_TRANSPOSED_FROM`] are.
fn transposed(geometry: Geometry) -> Geometry {
    Geometry {
        transposed: true,
        ..geometry
    }
}

#[test]
fn odd_units_joined_term_by_term_tally_as_in_one_list() {
    for n in (1..=15).step_by(2) {
        let kernel = Kernel::best();
        let sizing = Sizing::of(n, 1, None);
        for cut in [Geometry::of(n), transposed(Geometry::of(n))] {
            let wide = JoinWorker::cut(cut, kernel, 1, sizing);
            let narrow = Geometry { wide: false, ..cut };
            let by_term = JoinWorker::cut(narrow, kernel, 1, sizing);
            for rows in east_row_sets(n) {
                let (wide, by_term) = (
                    wide.tally_rows(kernel, rows),
                    by_term.tally_rows(kernel, rows),
                );
                assert_eq!(wide.thirds(), by_term.thirds(), "n = {n} rows {rows:b}");
            }
        }
    }
}

/// Each odd board's units, cut in each way, with every kernel, add up to
/// its solutions.
#[test]
fn odd_boards_joined_every_way_add_up_to_every_solution() {
    const A000170: [u128; 8] = [1, 0, 10, 40, 352, 2680, 73712, 2279184];
    for (n, &expected) in (1..).step_by(2).zip(&A000170) {
        let cuts = [
            narrow(n),
            transposed(Geometry::of(n)),
            transposed(narrow(n)),
        ];
        for (cut, kernel) in cuts.into_iter().flat_map(every_kernel) {
            let worker = JoinWorker::cut(cut, kernel, 1, Sizing::of(n, 1, None));
            let thirds: u128 = (east_row_sets(n).iter())
                .map(|&rows| worker.tally_rows(kernel, rows).thirds())
                .sum();
            assert_eq!(thirds, 3 * expected, "n = {n} {kernel} {cut:?}");
        }
    }
}

/// `cut` with each kernel this CPU has.
fn every_kernel(cut: Geometry) -> impl Iterator<Item = (Geometry, Kernel)> {
    let kernels = Kernel::ALL.iter().copied().filter(|k| k.is_available());
    kernels.map(move |kernel| (cut, kernel))
}

#[test]
fn units_joined_in_small_parts_tally_as_whole() {
    let odd = (5..=13).step_by(2).map(|n| transposed(Geometry::of(n)));
    for cut in (4..=13).map(Geometry::of).chain(odd) {
        let n = cut.n;
        let whole = JoinWorker::cut(cut, Kernel::best(), 1, Sizing::of(n, 1, None));
        // Parts of a few half boards, and no quadrant list kept.
        let parts = Sizing {
            store: 0,
            part: 3,
            in_use: 0,
            making: 0,
        };
        let parted = JoinWorker::cut(cut, Kernel::best(), 1, parts);
        for rows in east_row_sets(n) {
            let kernel = Kernel::best();
            let (parted, whole) = (
                parted.tally_rows(kernel, rows),
                whole.tally_rows(kernel, rows),
            );
            assert_eq!(parted, whole, "n = {n} rows {rows:b}");
        }
    }
}

/// A forecast where the seconds grow with the share made is exact: from
/// the first part where it is a third or more of the unit, else from the
/// rate of the second; the lists' seconds before the unit are added.
#[test]
fn a_unit_forecast_from_its_progress_follows_its_rate() {
    let read = |weights: Vec<f64>, before: f64, readings: &[(f64, (usize, f64))]| {
        let mut told = Vec::new();
        let mut tell = |seconds: f64, timed: (f64, f64)| told.push((seconds, timed));
        let mut forecast = Forecast::new(weights, before, &mut tell);
        let done: Vec<bool> = (readings.iter())
            .map(|&(seconds, at)| forecast.read(seconds, at))
            .collect();
        (done, told)
    };
    // Half of one side in 3 s: 6 s in all, and 1 s before it.
    let (done, told) = read(vec![1.0], 1.0, &[(3.0, (0, 0.5))]);
    assert_eq!((done, told), (vec![true], vec![(7.0, (4.0, 0.5))]));
    // A tenth in 2 s (a slow start), then a fifth in 3 s: 1 s a tenth.
    let (done, told) = read(vec![1.0], 0.0, &[(2.0, (0, 0.1)), (3.0, (0, 0.2))]);
    assert_eq!(done, vec![false, true]);
    assert!((told[0].0 - 11.0).abs() < 1e-9, "{told:?}");
    // Sides weighed: the first of weight 3 done, a third of the second
    // (weight 3) too: 4 of 6, so 4 s of 6.
    let (_, told) = read(vec![3.0, 3.0], 0.0, &[(4.0, (1, 1.0 / 3.0))]);
    assert!((told[0].0 - 6.0).abs() < 1e-9, "{told:?}");
    // Nothing made, or all of it: nothing to forecast.
    let (done, told) = read(vec![1.0], 0.0, &[(1.0, (0, 0.0)), (2.0, (1, 0.0))]);
    assert_eq!((done, told.len()), (vec![false, false], 0));
}

/// A unit made in parts, or of more than one join (an odd board's
/// transposed unit), is forecast once at most, while it runs, and counts
/// as it would untold; one made whole in one join is not forecast.
#[test]
fn a_unit_made_in_parts_is_forecast_once_and_counts_the_same() {
    for cut in [
        Geometry::of(12),
        Geometry::of(13),
        transposed(Geometry::of(13)),
    ] {
        let n = cut.n;
        let kernel = Kernel::best();
        let parts = Sizing {
            part: 40,
            ..Sizing::of(n, 1, None)
        };
        let parted = JoinWorker::cut(cut, kernel, 1, parts);
        let whole = JoinWorker::cut(cut, kernel, 1, Sizing::of(n, 1, None));
        let tables = super::cost::Tables::of(n);
        let mut forecast_units = 0;
        for rows in east_row_sets(n) {
            let joins = joins(cut, rows);
            let weights: Vec<f64> = (joins.iter())
                .flat_map(|&join| super::cost::east_weights(&tables, join))
                .collect();
            for worker in [&parted, &whole] {
                let mut told = Vec::new();
                let mut tell = |seconds: f64, timed: (f64, f64)| told.push((seconds, timed));
                let forecast = Forecast::new(weights.clone(), 0.0, &mut tell);
                let tally = worker.tally_telling(kernel, rows, Some(forecast));
                assert_eq!(tally, whole.tally_rows(kernel, rows), "rows {rows:b}");
                let in_parts = std::ptr::eq(worker, &parted) || joins.len() > 1;
                assert!(
                    told.len() <= usize::from(in_parts),
                    "rows {rows:b}: {told:?}"
                );
                forecast_units += told.len();
                for (seconds, (timed, share)) in told {
                    assert!(share > 0.0 && share < 1.0 && timed >= 0.0 && seconds >= timed);
                }
            }
        }
        assert!(forecast_units > 0, "n = {n}: no unit was forecast");
    }
}
