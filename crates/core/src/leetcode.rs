//! The two LeetCode signatures, for learners checking their own answers.

use crate::{count, solve, BoardSize, Glyphs, Solution};

/// LeetCode 51: every solution as a board of `Q` and `.` strings, in
/// lexicographic order of the queens' columns.
///
/// ```
/// let boards = nqueens::solve_n_queens(4);
/// assert_eq!(boards, [[".Q..", "...Q", "Q...", "..Q."], ["..Q.", "Q...", "...Q", ".Q.."]]);
/// assert_eq!(nqueens::solve_n_queens(1), [["Q"]]);
/// ```
///
/// # Panics
/// If `n` is above [`crate::MAX_N`]; use [`solve`] to get an error instead.
pub fn solve_n_queens(n: usize) -> Vec<Vec<String>> {
    let size = BoardSize::new(n).unwrap_or_else(|err| panic!("{err}"));
    let mut boards: Vec<Solution> = Vec::new();
    let Ok(_) = solve(size, &mut boards);
    let glyphs = Glyphs::default();
    boards.iter().map(|board| board.render(&glyphs)).collect()
}

/// LeetCode 52: the number of solutions.
///
/// ```
/// assert_eq!(nqueens::total_n_queens(8), 92);
/// ```
///
/// # Panics
/// If `n` is above [`crate::MAX_N`], or the count does not fit a `u64`
/// (which first happens somewhere above n = 27); use [`count()`](crate::count()) for a `u128`.
pub fn total_n_queens(n: usize) -> u64 {
    let size = BoardSize::new(n).unwrap_or_else(|err| panic!("{err}"));
    let total = count(size).total;
    u64::try_from(total).unwrap_or_else(|_| panic!("{total} solutions do not fit a u64"))
}
