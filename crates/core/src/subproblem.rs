//! The deterministic list of independent subproblems that full-symmetry
//! counting (and, later, sharded runs) works through.
//!
//! Of the eight boards in a solution's symmetry class, the search looks for
//! about one, chosen by the *border queens* (the queens of row 0, row n−1,
//! column 0 and column n−1) and their distance to the nearest corner:
//!
//! - **corner**: a queen stands in a corner. Any symmetry brings it to
//!   (0, 0); of the two boards with it there, the one kept has its row-1
//!   queen in a column smaller than the row of its column-1 queen.
//! - **edge**: no corner queen. The top queen is nearest its corner: it is
//!   in column a with a < n−1−a, the side queens are in rows a..=n−1−a and
//!   the bottom queen in columns a..=n−1−a. When another border queen is
//!   as near a corner as the top queen (a tie), several boards of the class
//!   qualify; each then counts for its share (see [`crate::canonical`]).
//!
//! A subproblem is one such case with its first rows filled in.

use crate::BoardSize;

/// Rows filled in by every subproblem (at most n − 2, so that a search is
/// left to do): enough pieces to share the work out evenly, few enough
/// that each is worth a task.
const PREFIX_ROWS: usize = 4;

/// Boards below this size are searched whole (their border rows overlap).
pub(crate) const SMALLEST_SPLIT: usize = 5;

/// One independent piece of work: the columns of the first rows.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Subproblem {
    /// Columns of rows 0, 1, ...; empty for boards below 5×5, which are
    /// searched whole.
    pub prefix: Vec<u8>,
}

/// What a search below a prefix must respect.
#[derive(Debug, Clone)]
pub(crate) struct Rules {
    pub n: usize,
    /// Squares allowed in each row, before attacks.
    pub allowed: [u32; crate::MAX_N],
    /// Edge case: the top queen's column a; corner case: none.
    pub edge: Option<usize>,
    /// Columns 0 and n−1.
    pub sides: u32,
}

impl Rules {
    /// No symmetry rule at all: the plain backtrack tree.
    pub fn plain(n: usize) -> Rules {
        let full = BoardSize::new(n).map_or(0, |size| size.full_mask());
        Rules {
            n,
            allowed: [full; crate::MAX_N],
            edge: None,
            sides: 0,
        }
    }

    /// The rules for the case that `first_rows` starts (row 0, and for a
    /// corner, row 1).
    pub fn new(n: usize, first_rows: &[u8]) -> Rules {
        let full = BoardSize::new(n).map_or(0, |size| size.full_mask());
        let sides = 1 | (1 << (n - 1));
        let mut allowed = [full; crate::MAX_N];
        let top = usize::from(first_rows[0]);
        if top == 0 {
            // Corner: column 1 is closed to rows above the row-1 queen's column.
            let below = usize::from(first_rows[1]);
            for row in allowed.iter_mut().take(below).skip(2) {
                *row &= !2;
            }
            return Rules {
                n,
                allowed,
                edge: None,
                sides,
            };
        }
        let far = n - 1 - top;
        for (row, mask) in allowed.iter_mut().enumerate().take(n - 1).skip(1) {
            if row < top || row > far {
                *mask &= !sides;
            }
        }
        allowed[n - 1] = full & !((1 << top) - 1) & !(full << (far + 1) & full);
        Rules {
            n,
            allowed,
            edge: Some(top),
            sides,
        }
    }

    /// The row from which the side queens can no longer both be placed
    /// unless one of them already is.
    pub fn last_side_row(&self) -> usize {
        self.edge.map_or(usize::MAX, |top| self.n - 1 - top)
    }
}

/// The subproblems of the board, always the same, in the same order: the
/// corner cases by their row-1 column, then the edge cases by the top
/// queen's column, each by the columns of the next rows.
///
/// ```
/// use nqueens::{subproblems, BoardSize};
/// let list = subproblems(BoardSize::new(8)?);
/// assert_eq!(list, subproblems(BoardSize::new(8)?));
/// assert_eq!(list[0].prefix, [0, 2, 4, 1]);
/// # Ok::<(), nqueens::SizeError>(())
/// ```
pub fn subproblems(size: BoardSize) -> Vec<Subproblem> {
    let n = size.get();
    if n < SMALLEST_SPLIT {
        return vec![Subproblem { prefix: Vec::new() }];
    }
    let corners = (2..n - 1).map(|col| vec![0, col as u8]);
    let edges = (1..n).take_while(|&a| a < n - 1 - a).map(|a| vec![a as u8]);
    let mut list = Vec::new();
    for first_rows in corners.chain(edges) {
        let rules = Rules::new(n, &first_rows);
        extend(
            &rules,
            PREFIX_ROWS.min(n - 2),
            &mut first_rows.clone(),
            &mut list,
        );
    }
    list
}

/// Adds every valid way to fill the prefix rows after `prefix`.
fn extend(rules: &Rules, rows: usize, prefix: &mut Vec<u8>, list: &mut Vec<Subproblem>) {
    if prefix.len() == rows {
        list.push(Subproblem {
            prefix: prefix.clone(),
        });
        return;
    }
    let (cols, diag, anti) = attacks(prefix);
    let mut free = rules.allowed[prefix.len()] & !(cols | diag | anti);
    while free != 0 {
        let bit = free & free.wrapping_neg();
        free ^= bit;
        prefix.push(bit.trailing_zeros() as u8);
        extend(rules, rows, prefix, list);
        prefix.pop();
    }
}

/// The attacks of the prefix's queens on the row below it.
pub(crate) fn attacks(prefix: &[u8]) -> (u32, u32, u32) {
    prefix.iter().fold((0, 0, 0), |(cols, diag, anti), &col| {
        let bit = 1u32 << col;
        (cols | bit, (diag | bit) << 1, (anti | bit) >> 1)
    })
}
