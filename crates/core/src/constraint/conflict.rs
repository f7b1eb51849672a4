//! Which queens attack each other, and along which line.

use super::clear::no_two_share_a_line;
use crate::{PlacementError, Square};
use std::cmp::Ordering;
use std::collections::BinaryHeap;

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
    /// A sort key that keeps lines of one family apart and in order.
    fn key(self) -> (u8, i64) {
        match self {
            Line::Row(row) => (0, row as i64),
            Line::Column(col) => (1, col as i64),
            Line::Diagonal(d) => (2, d),
            Line::AntiDiagonal(a) => (3, a as i64),
        }
    }

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

/// How many attacking pairs, and how many empty rows, a [`Verdict`]
/// lists: a hostile board (a million queens in one column) has half a
/// trillion pairs, so the rest are counted, not listed.
pub const LISTED: usize = 1000;

/// Every pair of queens that attack each other, in row-major order of the
/// pair. Two distinct squares share at most one line, so each pair is
/// reported once; a square given twice counts once.
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
    first_conflicts(queens, usize::MAX).0
}

/// The first `limit` attacking pairs in row-major order of the pair, and
/// the number of all of them. O(q log q) for q queens, plus the pairs
/// listed, however many pairs there are.
pub fn first_conflicts(queens: &[Square], limit: usize) -> (Vec<Conflict>, u128) {
    if no_two_share_a_line(queens) {
        return (vec![], 0);
    }
    let mut sorted = queens.to_vec();
    sorted.sort_unstable_by_key(|q| (q.row, q.col));
    sorted.dedup();
    let mut first = Smallest::new(limit);
    let mut pairs = 0u128;
    for family in 0..4 {
        let mut on_line: Vec<(Line, Square)> = sorted
            .iter()
            .map(|&q| (Line::through(q)[family], q))
            .collect();
        // Stable: queens stay in row-major order within a line.
        on_line.sort_by_key(|&(line, _)| line.key());
        for group in on_line.chunk_by(|a, b| a.0 == b.0) {
            let k = group.len() as u128;
            pairs += k * (k - 1) / 2;
            first.offer_line(group);
        }
    }
    (first.into_sorted(), pairs)
}

/// The least pairs seen so far, at most `limit` of them.
struct Smallest {
    limit: usize,
    heap: BinaryHeap<Ranked>,
}

/// A conflict ordered by its pair, row-major.
#[derive(PartialEq, Eq)]
struct Ranked(Conflict);

impl Ranked {
    fn rank(&self) -> (usize, usize, usize, usize) {
        let (a, b) = (self.0.first, self.0.second);
        (a.row, a.col, b.row, b.col)
    }
}

impl Ord for Ranked {
    fn cmp(&self, other: &Self) -> Ordering {
        self.rank().cmp(&other.rank())
    }
}

impl PartialOrd for Ranked {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Smallest {
    fn new(limit: usize) -> Smallest {
        Smallest {
            limit,
            heap: BinaryHeap::new(),
        }
    }

    /// The pairs of one line's queens (in row-major order), which come in
    /// increasing order: the first one too large ends the line.
    fn offer_line(&mut self, group: &[(Line, Square)]) {
        for (i, &(line, first)) in group.iter().enumerate() {
            for &(_, second) in &group[i + 1..] {
                if !self.offer(Conflict {
                    first,
                    second,
                    line,
                }) {
                    return;
                }
            }
        }
    }

    /// Keeps `conflict` if it is among the least; false when it is not,
    /// and so neither is any larger pair.
    fn offer(&mut self, conflict: Conflict) -> bool {
        let ranked = Ranked(conflict);
        if self.heap.len() == self.limit {
            match self.heap.peek() {
                Some(top) if ranked < *top => _ = self.heap.pop(),
                _ => return false,
            }
        }
        self.heap.push(ranked);
        true
    }

    fn into_sorted(self) -> Vec<Conflict> {
        self.heap
            .into_sorted_vec()
            .into_iter()
            .map(|r| r.0)
            .collect()
    }
}

/// What [`verify`] found on a board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    /// The board size.
    pub n: usize,
    /// How many queens stand on it.
    pub queens: usize,
    /// The first [`LISTED`] pairs of queens that attack each other.
    pub conflicts: Vec<Conflict>,
    /// How many pairs attack each other in all.
    pub attacking_pairs: u128,
    /// The first [`LISTED`] rows with no queen, in order.
    pub empty_rows: Vec<usize>,
    /// How many rows have no queen in all.
    pub empty_row_count: usize,
}

impl Verdict {
    /// True when the board is a solution: n queens, none attacked.
    pub fn is_solution(&self) -> bool {
        self.attacking_pairs == 0 && self.empty_row_count == 0
    }
}

/// Checks queens on an n×n board of any size: the attacking pairs and the
/// rows left empty. A square off the board or given twice is an error,
/// not a verdict.
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
    let mut empty = (0..n).filter(|&row| !filled[row]);
    let empty_rows: Vec<usize> = empty.by_ref().take(LISTED).collect();
    let empty_row_count = empty_rows.len() + empty.count();
    let (conflicts, attacking_pairs) = first_conflicts(queens, LISTED);
    Ok(Verdict {
        n,
        queens: queens.len(),
        conflicts,
        attacking_pairs,
        empty_rows,
        empty_row_count,
    })
}

/// Every square on the board, none twice.
pub(crate) fn check_squares(n: usize, squares: &[Square]) -> Result<(), PlacementError> {
    if let Some(off) = squares.iter().find(|s| s.row >= n || s.col >= n) {
        return Err(PlacementError::OffBoard { at: *off, n });
    }
    if no_two_share_a_line(squares) {
        return Ok(());
    }
    // Sorted rather than hashed: a board of ten million queens checks in
    // a fraction of the memory.
    let mut sorted: Vec<(usize, usize)> = squares.iter().map(|s| (s.row, s.col)).collect();
    sorted.sort_unstable();
    match sorted.windows(2).find(|pair| pair[0] == pair[1]) {
        Some(twice) => Err(PlacementError::Twice {
            at: Square {
                row: twice[0].0,
                col: twice[0].1,
            },
        }),
        None => Ok(()),
    }
}
