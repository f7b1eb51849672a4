//! A partly filled board, checked: what [`complete`](fn@super::complete)
//! and [`completions`](super::completions) search from.

use super::conflict::check_squares;
use crate::{PlacementError, Square};

/// The widest board [`complete`](fn@super::complete) searches: its attack state is one
/// 64-bit word per line family.
pub const COMPLETE_MAX_N: usize = 64;

/// A board to complete: its size, the queens already standing, and the
/// squares no queen may take.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Partial {
    pub(super) n: usize,
    pub(super) queens: Vec<Square>,
    pub(super) blocked: Vec<Square>,
}

impl Partial {
    /// Checks that every square is on an n×n board with n ≤
    /// [`COMPLETE_MAX_N`], none given twice and no queen on a blocked
    /// square. Queens that attack each other are accepted here and
    /// reported by [`complete`](fn@super::complete).
    pub fn new(
        n: usize,
        queens: Vec<Square>,
        blocked: Vec<Square>,
    ) -> Result<Partial, PlacementError> {
        if n > COMPLETE_MAX_N {
            return Err(PlacementError::TooWide {
                n,
                max: COMPLETE_MAX_N,
            });
        }
        check_squares(n, &queens)?;
        check_squares(n, &blocked)?;
        if let Some(both) = queens.iter().find(|q| blocked.contains(q)) {
            return Err(PlacementError::QueenOnBlocked { at: *both });
        }
        Ok(Partial { n, queens, blocked })
    }

    /// The board size.
    pub fn n(&self) -> usize {
        self.n
    }
}
