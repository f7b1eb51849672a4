//! What a unit will cost, before it runs: the product of its four
//! quadrants' placement counts, which follows the pairs it tests. The
//! counts of every set of rows are made once per plan.

use super::quadrant::Geometry;

/// The scale of the largest unit's cost: costs add up over a million
/// units without overflow and keep 40 bits of precision.
const LARGEST: f64 = (1u64 << 40) as f64;

/// The cost of each unit, whose east rows are `row_sets`, and the
/// placements of every quadrant on every set of rows (what a thread would
/// keep if it kept them all).
pub(crate) fn unit_costs(n: usize, row_sets: &[u32]) -> (Vec<u64>, u64) {
    let geometry = Geometry::of(n);
    let north = geometry.north;
    let south = n - north;
    let north_east = placement_counts(geometry, true, 0, north);
    let tables: Vec<Vec<f64>> = match n % 2 {
        // An even board's four quadrants are mirror images of one another:
        // east to west keeps the rows, north to south turns them over.
        0 => {
            let turned = |rows: usize| (rows as u32).reverse_bits() as usize >> (32 - north);
            let south_east: Vec<f64> = (0..north_east.len())
                .map(|rows| north_east[turned(rows)])
                .collect();
            vec![
                north_east.clone(),
                south_east.clone(),
                north_east,
                south_east,
            ]
        }
        _ => vec![
            north_east,
            placement_counts(geometry, true, north, south),
            placement_counts(geometry, false, 0, north),
            placement_counts(geometry, false, north, south),
        ],
    };
    let quadrants = |rows: u32, east: bool| {
        let (north_table, south_table) = (
            &tables[2 * usize::from(!east)],
            &tables[2 * usize::from(!east) + 1],
        );
        let north_rows = rows & geometry.north_rows();
        north_table[north_rows as usize] * south_table[(rows >> north) as usize]
    };
    let raw: Vec<f64> = (row_sets.iter())
        .map(|&rows| quadrants(rows, true) * quadrants(rows ^ geometry.all_rows(), false))
        .collect();
    let largest = raw.iter().copied().fold(1.0, f64::max);
    let costs = (raw.iter())
        .map(|&cost| ((cost / largest * LARGEST) as u64).max(1))
        .collect();
    let placements = tables.iter().flatten().sum::<f64>() as u64;
    (costs, placements)
}

/// For every set of the `height` rows of one quadrant (bit i standing for
/// row `first + i`), the placements on it within one half's columns.
fn placement_counts(geometry: Geometry, east: bool, first: usize, height: usize) -> Vec<f64> {
    let columns = geometry.columns(east);
    (0..1u32 << height)
        .map(|rows| count(geometry, rows << first, columns, 0, 0, 0) as f64)
        .collect()
}

/// The placements on `rows` given the columns and diagonals taken.
fn count(geometry: Geometry, rows: u32, columns: u32, cols: u32, down: u64, up: u64) -> u64 {
    if rows == 0 {
        return 1;
    }
    let row = rows.trailing_zeros() as usize;
    let mut free = columns & !cols;
    let mut found = 0;
    while free != 0 {
        let col = free.trailing_zeros() as usize;
        free &= free - 1;
        let d = 1u64 << (row + geometry.n - 1 - col);
        let u = 1u64 << (row + col);
        if down & d == 0 && up & u == 0 {
            found += count(
                geometry,
                rows & (rows - 1),
                columns,
                cols | 1 << col,
                down | d,
                up | u,
            );
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_even_boards_quadrants_count_alike_mirrored() {
        for n in (2..=12).step_by(2) {
            let geometry = Geometry::of(n);
            let q = n / 2;
            let north_east = placement_counts(geometry, true, 0, q);
            let turned = |rows: usize| (rows as u32).reverse_bits() as usize >> (32 - q);
            let south_east = placement_counts(geometry, true, q, q);
            let north_west = placement_counts(geometry, false, 0, q);
            let south_west = placement_counts(geometry, false, q, q);
            for rows in 0..1 << q {
                assert_eq!(north_west[rows], north_east[rows], "n = {n}");
                assert_eq!(south_east[rows], north_east[turned(rows)], "n = {n}");
                assert_eq!(south_west[rows], north_east[turned(rows)], "n = {n}");
            }
        }
    }
}
