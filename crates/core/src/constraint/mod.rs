//! The board as a constraint problem: check a placement of queens (which
//! pairs attack each other, along which line), check a whole answer
//! against every solution ([`AnswerKey`]) and complete a partly filled
//! board. Both work on boards wider than the counting searches'
//! [`crate::MAX_N`]: checking on any size, completion up to
//! [`COMPLETE_MAX_N`].

mod answer;
mod clear;
mod complete;
mod conflict;
mod frontier;
mod partial;
mod search;

pub use answer::{AnswerKey, Mark, ANSWER_MAX_N};
pub use complete::{complete, completions, count_completions, Completion, Completions};
pub use conflict::{conflicts, first_conflicts, verify, Conflict, Line, Verdict, LISTED};
pub use partial::{Partial, COMPLETE_MAX_N};
pub use search::End;

#[cfg(test)]
mod tests;
