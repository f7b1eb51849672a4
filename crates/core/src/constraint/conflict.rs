//! Which queens attack each other, and along which line.

use crate::{PlacementError, Square};
use std::collections::HashMap;

/// A line of the board that two queens can share.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Line {
    /// The row with this index.
    Row(usize),
    /// The column with this index.
    Column(usize),
    /// The ↘ diagonal on which r − c has this value.
    Diagonal(i64),
    /// The ↗ anti-diagonal on which r + c has this value.
    AntiDiagonal(usize),
}

impl Line {
    /// The four lines through a square.
    fn through(at: Square) -> [Line; 4] {
        [
            Line::Row(at.row),
            Line::Column(at.col),
            Line::Diagonal(at.row as i64 - at.col as i64),
            Line::AntiDiagonal(at.row + at.col),
        ]
    }
}

/// Two queens that attack each other along `line` (`first` comes before
/// `second` in row-major order).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Conflict {
    /// The queen met first, row by row.
    pub first: Square,
    /// The other queen.
    pub second: Square,
    /// The line they share.
    pub line: Line,
}

/// Every pair of queens that attack each other, in row-major order of the
/// pair. Two distinct squares share at most one line, so each pair is
/// reported once. Linear in the queens plus the pairs reported.
///
/// ```
/// use nqueens::constraint::{conflicts, Line};
/// use nqueens::Square;
/// let q = |row, col| Square { row, col };
/// let found = conflicts(&[q(2, 5), q(5, 2), q(0, 0)]);
/// assert_eq!(found.len(), 1);
/// assert_eq!(found[0].line, Line::AntiDiagonal(7));
/// ```
pub fn conflicts(queens: &[Square]) -> Vec<Conflict> {
    let mut sorted = queens.to_vec();
    sorted.sort_by_key(|q| (q.row, q.col));
    sorted.dedup();
    let mut on_line: HashMap<Line, Vec<Square>> = HashMap::new();
    for &queen in &sorted {
        for line in Line::through(queen) {
            on_line.entry(line).or_default().push(queen);
        }
    }
    let mut found = Vec::new();
    for (line, queens) in on_line {
        for (i, &first) in queens.iter().enumerate() {
            for &second in &queens[i + 1..] {
                found.push(Conflict {
                    first,
                    second,
                    line,
                });
            }
        }
    }
    found.sort_by_key(|c| (c.first.row, c.first.col, c.second.row, c.second.col));
    found
}

/// What [`verify`] found on a board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    /// The board size.
    pub n: usize,
    /// Every pair of queens that attack each other.
    pub conflicts: Vec<Conflict>,
    /// The rows with no queen, in order.
    pub empty_rows: Vec<usize>,
}

impl Verdict {
    /// True when the board is a solution: n queens, none attacked.
    pub fn is_solution(&self) -> bool {
        self.conflicts.is_empty() && self.empty_rows.is_empty()
    }
}

/// Checks queens on an n×n board: the attacking pairs and the rows left
/// empty. A square off the board or given twice is an error, not a
/// verdict.
///
/// ```
/// use nqueens::constraint::verify;
/// use nqueens::Square;
/// let queens: Vec<Square> = [1, 3, 0, 2].iter().enumerate()
///     .map(|(row, &col)| Square { row, col }).collect();
/// assert!(verify(4, &queens)?.is_solution());
/// assert_eq!(verify(4, &queens[..3])?.empty_rows, [3]);
/// # Ok::<(), nqueens::PlacementError>(())
/// ```
pub fn verify(n: usize, queens: &[Square]) -> Result<Verdict, PlacementError> {
    check_squares(n, queens)?;
    let mut filled = vec![false; n];
    for queen in queens {
        filled[queen.row] = true;
    }
    let empty_rows = (0..n).filter(|&row| !filled[row]).collect();
    Ok(Verdict {
        n,
        conflicts: conflicts(queens),
        empty_rows,
    })
}

/// Every square on the board, none twice.
pub(crate) fn check_squares(n: usize, squares: &[Square]) -> Result<(), PlacementError> {
    if let Some(off) = squares.iter().find(|s| s.row >= n || s.col >= n) {
        return Err(PlacementError::OffBoard { at: *off, n });
    }
    let mut seen = std::collections::HashSet::with_capacity(squares.len());
    match squares.iter().find(|s| !seen.insert((s.row, s.col))) {
        Some(twice) => Err(PlacementError::Twice { at: *twice }),
        None => Ok(()),
    }
}
