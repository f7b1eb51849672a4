//! Checking a whole answer: which solutions of n a list of boards names,
//! which it names twice, and which it leaves out.

use crate::{solve_parallel, BoardSize, Solution};
use std::convert::Infallible;

/// The largest n [`AnswerKey`] holds: n = 16 has 14,772,512 solutions,
/// kept in 4 bits a column (one `u64` each) with a board number beside
/// them, 177 MB in all; n = 17 would need 95,815,104.
pub const ANSWER_MAX_N: usize = 16;

/// Every solution of n, in the lexicographic order [`crate::solve`]
/// gives, with where each was first named.
#[derive(Debug, Clone)]
pub struct AnswerKey {
    n: usize,
    /// Each solution packed 4 bits a column, row 0 highest: numeric order
    /// is lexicographic order.
    packed: Vec<u64>,
    /// For each solution, 1 + the board that first named it; 0 when none
    /// has. Saturates past 4,294,967,294 boards.
    first_named: Vec<u32>,
}

/// What one board of an answer is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    /// A solution not named before: its place in lexicographic order.
    New {
        /// 0 for the first solution `solve` prints.
        rank: usize,
    },
    /// A solution already named, by this board (counted from 0).
    Repeat {
        /// The board that named it first.
        first: u64,
    },
    /// Not a solution of n (or not n columns).
    NotASolution,
}

impl AnswerKey {
    /// Enumerates the solutions of `n` ≤ [`ANSWER_MAX_N`] on `threads`
    /// threads (a few seconds for n = 16). None for a larger n.
    pub fn new(n: usize, threads: usize) -> Option<AnswerKey> {
        if n > ANSWER_MAX_N {
            return None;
        }
        let size = BoardSize::new(n).ok()?;
        let mut packed = Vec::new();
        let collect = crate::from_fn(|solution: &Solution| {
            packed.push(pack(solution.columns()));
            Ok::<bool, Infallible>(true)
        });
        let Ok(_) = solve_parallel(size, threads, collect);
        debug_assert!(packed.is_sorted(), "solve gives lexicographic order");
        let first_named = vec![0; packed.len()];
        Some(AnswerKey {
            n,
            packed,
            first_named,
        })
    }

    /// How many solutions n has.
    pub fn len(&self) -> usize {
        self.packed.len()
    }

    /// True when n has no solution (n = 2 or 3).
    pub fn is_empty(&self) -> bool {
        self.packed.is_empty()
    }

    /// Marks board number `board` of the answer, whose queen columns are
    /// `columns`.
    pub fn mark(&mut self, columns: &[u32], board: u64) -> Mark {
        if columns.len() != self.n || columns.iter().any(|&col| col as usize >= self.n) {
            return Mark::NotASolution;
        }
        let Ok(rank) = self.packed.binary_search(&pack(columns)) else {
            return Mark::NotASolution;
        };
        match self.first_named[rank] {
            0 => {
                self.first_named[rank] = u32::try_from(board + 1).unwrap_or(u32::MAX);
                Mark::New { rank }
            }
            first => Mark::Repeat {
                first: u64::from(first) - 1,
            },
        }
    }

    /// The solutions no board has named, in lexicographic order.
    pub fn missing(&self) -> impl Iterator<Item = Solution> + '_ {
        let n = self.n;
        (self.packed.iter().zip(&self.first_named))
            .filter(|&(_, &named)| named == 0)
            .map(move |(&packed, _)| Solution::from_columns(unpack(packed, n)))
    }

    /// How many solutions no board has named.
    pub fn missing_count(&self) -> usize {
        self.first_named.iter().filter(|&&named| named == 0).count()
    }
}

/// Columns below 16, 4 bits each, row 0 in the highest bits.
fn pack(columns: &[u32]) -> u64 {
    let mut packed = 0u64;
    for (row, &col) in columns.iter().enumerate() {
        packed |= u64::from(col) << (4 * (ANSWER_MAX_N - 1 - row));
    }
    packed
}

fn unpack(packed: u64, n: usize) -> Vec<u32> {
    (0..n)
        .map(|row| (packed >> (4 * (ANSWER_MAX_N - 1 - row)) & 0xf) as u32)
        .collect()
}
