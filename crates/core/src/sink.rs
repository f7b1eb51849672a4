//! Where solutions go: the engine pushes each one into a [`Sink`] as it is
//! found, and the sink decides whether the search goes on.

use crate::{Event, Solution};
use std::convert::Infallible;

/// Receives solutions during a search.
///
/// Return `Ok(true)` to go on, `Ok(false)` to stop the search early, or an
/// error, which stops it and is handed back to the caller.
pub trait Sink {
    /// What the sink can fail with (an I/O error when it writes, say).
    type Error;

    /// Called once per solution, in the engine's order. The solution is a
    /// buffer the engine reuses: clone it to keep it.
    fn solution(&mut self, solution: &Solution) -> Result<bool, Self::Error>;

    /// True when the sink wants every step of the search through
    /// [`Sink::event`]; searches skip the bookkeeping otherwise.
    fn traces(&self) -> bool {
        false
    }

    /// One step of a traced search; `queens` are the columns of the rows
    /// above the event's row. Return values as for [`Sink::solution`].
    fn event(&mut self, _event: &Event, _queens: &[u32]) -> Result<bool, Self::Error> {
        Ok(true)
    }
}

/// Collects every solution.
impl Sink for Vec<Solution> {
    type Error = Infallible;

    fn solution(&mut self, solution: &Solution) -> Result<bool, Infallible> {
        self.push(solution.clone());
        Ok(true)
    }
}

impl<S: Sink + ?Sized> Sink for &mut S {
    type Error = S::Error;

    fn solution(&mut self, solution: &Solution) -> Result<bool, S::Error> {
        (**self).solution(solution)
    }

    fn traces(&self) -> bool {
        (**self).traces()
    }

    fn event(&mut self, event: &Event, queens: &[u32]) -> Result<bool, S::Error> {
        (**self).event(event, queens)
    }
}

/// A sink made from a closure; see [`from_fn`].
#[derive(Debug, Clone)]
pub struct FnSink<F>(F);

/// Makes a sink from a closure.
///
/// ```
/// use nqueens::{from_fn, solve, BoardSize};
/// let mut first_columns = Vec::new();
/// solve(BoardSize::new(8)?, from_fn(|s| {
///     first_columns.push(s.columns()[0]);
///     Ok::<_, std::convert::Infallible>(first_columns.len() < 3)
/// }))?;
/// assert_eq!(first_columns, [0, 0, 0]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn from_fn<F, E>(f: F) -> FnSink<F>
where
    F: FnMut(&Solution) -> Result<bool, E>,
{
    FnSink(f)
}

impl<F, E> Sink for FnSink<F>
where
    F: FnMut(&Solution) -> Result<bool, E>,
{
    type Error = E;

    fn solution(&mut self, solution: &Solution) -> Result<bool, E> {
        (self.0)(solution)
    }
}
