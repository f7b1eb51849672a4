//! Errors the engine can report.

use thiserror::Error;

/// A board size the engine cannot search.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[error("board size {given} is not supported: n must be an integer from 0 to {max}")]
pub struct SizeError {
    /// The size that was asked for.
    pub given: u64,
    /// The largest supported size, [`crate::MAX_N`].
    pub max: usize,
}
