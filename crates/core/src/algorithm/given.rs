//! The row-by-row search started from queens already standing: a
//! learner's board finished by the search itself, step by step, or shown
//! to have no completion (every way to fill the rows left runs into a row
//! whose squares are all attacked).

use super::{arrays, naive, sets, walk, Algorithm, Listing, Solver};
use crate::constraint::{conflicts, Line};
use crate::{GivenError, PlacementError, Sink, Square, Stats};

/// A [`Solver`]'s search from given queens, checked: on the board, at most
/// one per row and none attacking another, for an algorithm that searches
/// row by row (naive, sets or arrays).
///
/// ```
/// use nqueens::{Algorithm, BoardSize, Square};
/// let sets = Algorithm::Sets.on(BoardSize::new(4)?)?;
/// let corner = sets.from_given(&[Square { row: 0, col: 0 }])?;
/// assert_eq!(corner.count().solutions, 0); // the tutorials' dead end
/// let side = sets.from_given(&[Square { row: 0, col: 1 }])?;
/// assert_eq!(side.count().solutions, 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GivenSearch {
    solver: Solver,
    given: Vec<Square>,
}

impl Solver {
    /// The search from queens already standing on `given`.
    pub fn from_given(&self, given: &[Square]) -> Result<GivenSearch, GivenError> {
        if !matches!(
            self.algorithm,
            Algorithm::Naive | Algorithm::Sets | Algorithm::Arrays
        ) {
            return Err(GivenError::Algorithm {
                algorithm: self.algorithm.name(),
            });
        }
        let n = self.size.get();
        let mut given = given.to_vec();
        given.sort_by_key(|at| (at.row, at.col));
        if let Some(off) = given.iter().find(|at| at.row >= n || at.col >= n) {
            return Err(PlacementError::OffBoard { at: *off, n }.into());
        }
        if let Some(pair) = given.windows(2).find(|pair| pair[0] == pair[1]) {
            return Err(PlacementError::Twice { at: pair[0] }.into());
        }
        if let Some(conflict) = conflicts(&given).first() {
            return Err(GivenError::Attacking {
                first: conflict.first,
                second: conflict.second,
                line: line_words(conflict.line),
            });
        }
        Ok(GivenSearch {
            solver: *self,
            given,
        })
    }
}

fn line_words(line: Line) -> &'static str {
    match line {
        Line::Row(_) => "row",
        Line::Column(_) => "column",
        Line::Diagonal(_) => "↘ diagonal",
        Line::AntiDiagonal(_) => "↗ anti-diagonal",
    }
}

impl GivenSearch {
    /// The given queens, row by row.
    pub fn given(&self) -> &[Square] {
        &self.given
    }

    /// The algorithm and board.
    pub fn solver(&self) -> &Solver {
        &self.solver
    }

    /// The algorithm's code, with the line of each step of its trace.
    pub fn listing(&self) -> Listing {
        self.solver.listing()
    }

    /// Pushes every completion into `sink`, in lexicographic order, and
    /// says what the search did; a sink that traces gets every step. The
    /// given rows take no step: their queens stand from the start.
    pub fn enumerate<S: Sink>(&self, sink: S) -> Result<Stats, S::Error> {
        let (size, given) = (self.solver.size, self.given.as_slice());
        match self.solver.algorithm {
            Algorithm::Naive => walk::backtrack_from::<naive::ScanQueens, S>(size, given, sink),
            Algorithm::Sets => walk::backtrack_from::<sets::HashSets, S>(size, given, sink),
            Algorithm::Arrays => walk::backtrack_from::<arrays::BoolArrays, S>(size, given, sink),
            Algorithm::Permutations | Algorithm::Bitmask => {
                unreachable!("from_given accepts the row-by-row algorithms only")
            }
        }
    }

    /// Searches the whole tree below the given queens.
    pub fn count(&self) -> Stats {
        let Ok(stats) = self.enumerate(crate::from_fn(|_| Ok::<_, std::convert::Infallible>(true)));
        stats
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{BoardSize, Solution};

    fn q(row: usize, col: usize) -> Square {
        Square { row, col }
    }

    /// Every completion, by brute force over the search with no queen given.
    fn completions(n: usize, given: &[Square]) -> Vec<Vec<u32>> {
        let mut all: Vec<Solution> = Vec::new();
        crate::solve(BoardSize::new(n).unwrap(), &mut all).unwrap();
        all.into_iter()
            .map(|s| s.columns().to_vec())
            .filter(|cols| given.iter().all(|at| cols[at.row] as usize == at.col))
            .collect()
    }

    #[test]
    fn the_search_from_given_queens_finds_exactly_their_completions() {
        for n in 1..=7 {
            let size = BoardSize::new(n).unwrap();
            for algorithm in [Algorithm::Naive, Algorithm::Sets, Algorithm::Arrays] {
                let solver = algorithm.on(size).unwrap();
                for row in 0..n {
                    for col in 0..n {
                        for second in [None, Some(q((row + 2) % n, (col + 3) % n))] {
                            let given: Vec<Square> =
                                std::iter::once(q(row, col)).chain(second).collect();
                            let Ok(search) = solver.from_given(&given) else {
                                assert!(
                                    !conflicts(&given).is_empty()
                                        || given[0] == given[given.len() - 1]
                                );
                                continue;
                            };
                            let mut found: Vec<Solution> = Vec::new();
                            let stats = search.enumerate(&mut found).unwrap();
                            let found: Vec<Vec<u32>> =
                                found.iter().map(|s| s.columns().to_vec()).collect();
                            assert_eq!(
                                found,
                                completions(n, &given),
                                "{algorithm} n = {n} {given:?}"
                            );
                            assert_eq!(stats.solutions as usize, found.len());
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn given_queens_that_attack_each_other_or_leave_the_board_are_refused() {
        let sets = Algorithm::Sets.on(BoardSize::new(4).unwrap()).unwrap();
        let err = sets.from_given(&[q(0, 0), q(1, 1)]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "the queens at row 0, col 0 and row 1, col 1 share a ↘ diagonal: no completion keeps them"
        );
        let err = sets.from_given(&[q(2, 0), q(2, 3)]).unwrap_err();
        assert!(err.to_string().contains("share a row"), "{err}");
        let err = sets.from_given(&[q(4, 0)]).unwrap_err();
        assert!(err.to_string().contains("off the board"), "{err}");
        let err = sets.from_given(&[q(1, 1), q(1, 1)]).unwrap_err();
        assert!(err.to_string().contains("given twice"), "{err}");
        let bitmask = Algorithm::Bitmask.on(BoardSize::new(4).unwrap()).unwrap();
        let err = bitmask.from_given(&[]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "the search from given queens runs row by row: naive, sets or arrays, not bitmask"
        );
    }

    #[test]
    fn a_refusal_names_the_queen_that_attacks_even_a_given_one_below() {
        struct Rejects(Vec<(Square, Square)>);
        impl Sink for &mut Rejects {
            type Error = std::convert::Infallible;
            fn solution(&mut self, _: &Solution) -> Result<bool, Self::Error> {
                Ok(true)
            }
            fn traces(&self) -> bool {
                true
            }
            fn event(&mut self, event: &crate::Event, _: &[u32]) -> Result<bool, Self::Error> {
                if let crate::Event::Reject { at, by, .. } = *event {
                    self.0.push((at, by));
                }
                Ok(true)
            }
        }
        let naive = Algorithm::Naive.on(BoardSize::new(4).unwrap()).unwrap();
        let mut rejects = Rejects(Vec::new());
        naive
            .from_given(&[q(3, 1)])
            .unwrap()
            .enumerate(&mut rejects)
            .unwrap();
        // Row 0's col 1 is in the column of the queen given on row 3.
        assert!(rejects.0.contains(&(q(0, 1), q(3, 1))), "{:?}", rejects.0);
        assert!(rejects
            .0
            .iter()
            .all(|(at, by)| at != by && at.row != by.row));
    }
}
