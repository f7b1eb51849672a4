//! A random solution by local search: min-conflicts repair by swaps, after
//! Sosic and Gu, "Efficient local search with conflict minimization: a
//! case study of the n-queens problem" (1994).
//!
//! The columns stay a permutation throughout, so only diagonals can clash.
//! A greedy start puts each row's queen, where a few random tries find
//! one, on a column whose two diagonals are still empty; for large n this
//! leaves few attacking pairs, often none. The repair then takes an
//! attacked queen and swaps its column with a random other queen's
//! whenever that lowers the number of attacking pairs. A start that stops
//! improving is thrown away for a fresh one, which is what makes tiny
//! boards, with their many dead ends, finish too.
//!
//! Every random choice comes from one `Pcg64Mcg` seeded with the caller's
//! seed and is drawn with plain 64-bit arithmetic, so a seed gives the same
//! board on every machine and in every build.

use super::construct::check_size;
use super::search::{Progress, Search};
use super::HugeError;

/// The largest n [`random_solution`] accepts: its working memory is about
/// 24 bytes a row, 240 MB at this size, and the search takes seconds.
pub const RANDOM_MAX_N: usize = 10_000_000;

/// A random solution of the n-queens problem, found by min-conflicts local
/// search and reproducible from `seed`.
///
/// `columns[r]` is the 0-based column of the queen in row `r`. The same n
/// and seed give the same board on every machine. In a release build
/// n = 1 000 000 takes about a tenth of a second, ten million a few.
///
/// `progress` is called every 65 536 steps with the [`Progress`] so far;
/// returning false stops the search with [`HugeError::Stopped`]. It is
/// called once more, with 0 conflicts, when a solution is found; what it
/// returns then is ignored. Boards of n ≤ 1 are returned without a call.
///
/// For every n ≥ 4 the search ends with a solution: each restart has a fair
/// chance of success, so the chance of needing many is vanishingly small.
///
/// # Errors
///
/// [`HugeError::NoSolution`] for n = 2 and n = 3; [`HugeError::TooLarge`]
/// for n above [`RANDOM_MAX_N`]; [`HugeError::Stopped`] when `progress`
/// returns false.
///
/// ```
/// use nqueens::huge::{is_solution, random_solution};
///
/// let board = random_solution(100, 42, &mut |_| true)?;
/// assert!(is_solution(&board));
/// assert_eq!(board, random_solution(100, 42, &mut |_| true)?);
/// # Ok::<(), nqueens::huge::HugeError>(())
/// ```
pub fn random_solution(
    n: usize,
    seed: u64,
    progress: &mut dyn FnMut(Progress) -> bool,
) -> Result<Vec<u32>, HugeError> {
    check_size(n, RANDOM_MAX_N, "random search")?;
    if n <= 1 {
        return Ok((0..n as u32).collect());
    }
    Search::new(n, seed, progress).run()
}
