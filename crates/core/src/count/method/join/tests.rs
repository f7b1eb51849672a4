//! The join's parts against plain definitions: half boards against a
//! search of every column assignment, families against all row sets,
//! and whole counts against OEIS A000170.

use super::family::{east_row_sets, family_size, terms, Term};
use super::half::Quadrants;
use super::memory::Sizing;
use super::quadrant::Geometry;
use super::JoinWorker;
use crate::count::Kernel;
use crate::BoardSize;

/// Every half board on `rows` by brute force: each assignment of the
/// half's columns to the rows, kept when no two queens share a diagonal
/// (nor one with the queen `placed`, as (row, column), if any).
fn halves_by_search(
    geometry: Geometry,
    rows: u32,
    east: bool,
    placed: Option<(usize, usize)>,
) -> Vec<u64> {
    let rows: Vec<usize> = (0..geometry.n).filter(|r| rows >> r & 1 == 1).collect();
    let columns: Vec<usize> = (0..geometry.n)
        .filter(|c| geometry.columns(east) >> c & 1 == 1)
        .collect();
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
                let expected = halves_by_search(geometry, rows, east, None);
                for kernel in Kernel::ALL.into_iter().filter(|k| k.is_available()) {
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
fn half_boards_beside_the_middle_queen_miss_its_diagonals() {
    for n in (1..=9).step_by(2) {
        let geometry = Geometry::of(n);
        for (rows, east, middle) in (0..=geometry.all_rows())
            .flat_map(|rows| [(rows, true), (rows, false)])
            .filter(|&(rows, east)| rows.count_ones() == geometry.columns(east).count_ones())
            .flat_map(|(rows, east)| (0..n).map(move |r| (rows, east, r)))
            .filter(|&(rows, _, r)| rows >> r & 1 == 0)
        {
            let expected = halves_by_search(geometry, rows, east, Some((middle, geometry.west)));
            let term = Term {
                east: 0,
                west: 0,
                middle: Some(middle),
                weight: 1,
            };
            let half = Quadrants::new(geometry, u64::MAX).half(rows, east);
            for kernel in Kernel::ALL.into_iter().filter(|k| k.is_available()) {
                let mut joined = Vec::new();
                half.beside(term.placed(geometry))
                    .append(kernel, 0, usize::MAX, &mut joined);
                joined.sort_unstable();
                assert_eq!(joined, expected, "n = {n} rows {rows:b} middle {middle}");
                // So their signatures miss the middle queen's.
                assert!(joined
                    .iter()
                    .all(|s| s & term.placed_signature(geometry) == 0));
            }
        }
    }
}

#[test]
fn an_odd_boards_terms_stand_for_each_middle_row_once() {
    for n in (1..=17usize).step_by(2) {
        let geometry = Geometry::of(n);
        // Every set of east rows with one more row, the middle queen's.
        let all_terms = (0..=geometry.all_rows())
            .filter(|rows| rows.count_ones() as usize == n - geometry.west)
            .count() as u128
            * (n - geometry.west) as u128;
        let covered: u128 = (east_row_sets(n).into_iter())
            .flat_map(|rows| terms(geometry, rows))
            .map(|term| term.weight)
            .sum();
        assert_eq!(covered, all_terms, "n = {n}");
    }
}

#[test]
fn the_units_families_cover_every_row_set_once() {
    for n in 0..=18usize {
        let geometry = Geometry::of(n);
        let size = n - geometry.west;
        let covered: u128 = east_row_sets(n)
            .iter()
            .map(|&rows| family_size(geometry, rows))
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
        for kernel in Kernel::ALL.into_iter().filter(|k| k.is_available()) {
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

#[test]
fn units_joined_in_small_parts_tally_as_whole() {
    for n in 4..=13 {
        let size = BoardSize::new(n).unwrap();
        let whole = JoinWorker::new(size, Kernel::best(), 1, Sizing::of(n, 1, None));
        // Parts of a few half boards, and no quadrant list kept.
        let parts = Sizing {
            store: 0,
            part: 3,
            in_use: 0,
        };
        let parted = JoinWorker::new(size, Kernel::best(), 1, parts);
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
