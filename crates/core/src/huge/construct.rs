//! One solution for any n from 4 up, written down directly instead of
//! searched for, and an O(n) check of a board.
//!
//! The construction is the classic one (Ahrens 1910; Hoffman, Loessi and
//! Moore 1969). Numbering rows and columns from 1, put the queens of the
//! first rows in the even columns 2, 4, 6, … and those of the remaining
//! rows in the odd columns 1, 3, 5, …. That list is already a solution
//! unless n mod 6 is 2 or 3, where a few entries must move:
//!
//! - n mod 6 = 2: the odd part becomes 3, 1, 7, 9, …, n − 1, 5 (1 and 3
//!   swap, 5 goes last);
//! - n mod 6 = 3: the even part becomes 4, 6, …, n − 1, 2 and the odd part
//!   5, 7, …, n, 1, 3 (2 goes last, then 1 and 3 go last).

use super::bits::Bits;
use super::HugeError;

/// The largest n [`construct`] accepts: the board alone is then 400 MB.
pub const ONE_MAX_N: usize = 100_000_000;

/// One solution of the n-queens problem, by the closed-form construction,
/// in O(n) time and memory.
///
/// `columns[r]` is the 0-based column of the queen in row `r`. The board
/// is always the same for a given n. n = 0 gives the empty board and n = 1
/// the single queen `[0]`.
///
/// # Errors
///
/// [`HugeError::NoSolution`] for n = 2 and n = 3, which have no solution;
/// [`HugeError::TooLarge`] for n above [`ONE_MAX_N`].
///
/// ```
/// use nqueens::huge::construct;
///
/// assert_eq!(construct(8)?, [1, 3, 5, 7, 2, 0, 6, 4]);
/// # Ok::<(), nqueens::huge::HugeError>(())
/// ```
pub fn construct(n: usize) -> Result<Vec<u32>, HugeError> {
    check_size(n, ONE_MAX_N, "construction")?;
    // Fits: n is at most ONE_MAX_N, far below u32::MAX.
    let size = n as u32;
    let mut columns = Vec::with_capacity(n);
    push_evens(size, &mut columns);
    push_odds(size, &mut columns);
    // The lists above are 1-based, as the construction is usually stated.
    for column in &mut columns {
        *column -= 1;
    }
    debug_assert_eq!(columns.len(), n);
    Ok(columns)
}

/// Refuses n above `max`, then the two sizes without a solution.
pub(super) fn check_size(n: usize, max: usize, method: &'static str) -> Result<(), HugeError> {
    if n > max {
        return Err(HugeError::TooLarge { n, max, method });
    }
    if n == 2 || n == 3 {
        return Err(HugeError::NoSolution { n });
    }
    Ok(())
}

/// The 1-based even columns of the first rows, in the order they are used.
fn push_evens(n: u32, columns: &mut Vec<u32>) {
    if n % 6 == 3 {
        columns.extend((4..=n).step_by(2));
        columns.push(2);
    } else {
        columns.extend((2..=n).step_by(2));
    }
}

/// The 1-based odd columns of the remaining rows, in the order they are used.
fn push_odds(n: u32, columns: &mut Vec<u32>) {
    match n % 6 {
        // n ≥ 8 here, so 1, 3, 5 and 7 all exist.
        2 => {
            columns.extend([3, 1]);
            columns.extend((7..=n).step_by(2));
            columns.push(5);
        }
        // n ≥ 9 here, so 1, 3 and 5 all exist.
        3 => {
            columns.extend((5..=n).step_by(2));
            columns.extend([1, 3]);
        }
        _ => columns.extend((1..=n).step_by(2)),
    }
}

/// Whether `columns` is a solution: a permutation of `0..n` with no two
/// queens on one ↘ diagonal (same r − c) or one ↗ diagonal (same r + c).
///
/// O(n) time, with three bit sets of about 5n bits in all, so it checks a
/// board of [`ONE_MAX_N`] queens in well under a second. The empty board
/// is a solution.
///
/// ```
/// use nqueens::huge::is_solution;
///
/// assert!(is_solution(&[1, 3, 0, 2]));
/// assert!(!is_solution(&[0, 2, 1, 3]));
/// ```
pub fn is_solution(columns: &[u32]) -> bool {
    let n = columns.len();
    let mut used_columns = Bits::new(n);
    // The ↘ diagonal r − c is shifted by n − 1 so it starts at 0.
    let mut used_down = Bits::new(2 * n);
    let mut used_up = Bits::new(2 * n);
    columns.iter().enumerate().all(|(row, &column)| {
        let column = column as usize;
        column < n
            && used_columns.insert(column)
            && used_down.insert(row + n - 1 - column)
            && used_up.insert(row + column)
    })
}
