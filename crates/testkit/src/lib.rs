//! Shared by the test suites: OEIS figures and a validity check written
//! without any of the engines' code.
#![deny(missing_docs)]

/// OEIS A000170: the number of solutions on an n×n board, n = 0, 1, 2, ...
pub const A000170: [u128; 19] = [
    1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184, 14772512,
    95815104, 666090624,
];

/// True when the queens (`columns[r]` = column of row r) attack no one: the
/// definition, pair by pair, written without any of the engine's code.
pub fn is_valid(columns: &[u8]) -> bool {
    let n = columns.len();
    columns.iter().all(|&c| usize::from(c) < n)
        && (0..n).all(|r1| {
            (r1 + 1..n).all(|r2| {
                let (c1, c2) = (i64::from(columns[r1]), i64::from(columns[r2]));
                c1 != c2 && (c1 - c2).abs() != (r2 - r1) as i64
            })
        })
}

/// A000170 for board size `n` (for n up to 18).
pub fn total(n: usize) -> u128 {
    A000170[n]
}
