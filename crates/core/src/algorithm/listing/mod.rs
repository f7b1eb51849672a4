//! Each algorithm's code as the tutorials write it (Python, runnable: the
//! package's tests run it), with the line each step of its trace executes.
//!
//! A listing marks its lines with trailing tags (`#@place`); the tags are
//! cut from the lines shown, and [`Listing::line`] finds a step's line by
//! its tag, so that the page highlights what the core says, never a guess.

use super::{Algorithm, Event};
use crate::Reason;

/// An algorithm's code and the line of each of its steps.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Listing {
    lines: Vec<&'static str>,
    tags: Vec<(&'static str, usize)>,
}

/// What a step of a trace does, as the listings tag it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// A trace event.
    Event(Event),
    /// A solution reported.
    Solution,
}

impl Step {
    /// The tag of the listing's line for the step.
    pub fn tag(&self) -> &'static str {
        match self {
            Step::Event(Event::Try(_)) => "try",
            Step::Event(Event::Reject { reason, .. }) => match reason {
                Reason::Column => "reject_column",
                Reason::Diagonal => "reject_diagonal",
                Reason::AntiDiagonal => "reject_anti_diagonal",
            },
            Step::Event(Event::Place(_)) => "place",
            Step::Event(Event::DeadEnd { .. }) => "dead_end",
            Step::Event(Event::Lift(_)) => "lift",
            Step::Event(Event::Scan { .. }) => "scan",
            Step::Solution => "solution",
        }
    }
}

fn source(algorithm: Algorithm) -> &'static str {
    match algorithm {
        Algorithm::Permutations => include_str!("permutations.py"),
        Algorithm::Naive => include_str!("naive.py"),
        Algorithm::Sets => include_str!("sets.py"),
        Algorithm::Arrays => include_str!("arrays.py"),
        Algorithm::Bitmask => include_str!("bitmask.py"),
    }
}

impl Listing {
    /// The listing of `algorithm`.
    ///
    /// ```
    /// use nqueens::{Algorithm, Listing, Step};
    /// let sets = Listing::of(Algorithm::Sets);
    /// let line = sets.line(&Step::Solution).unwrap();
    /// assert_eq!(sets.lines()[line - 1].trim(), "solutions.append(queens[:])");
    /// ```
    pub fn of(algorithm: Algorithm) -> Listing {
        let mut listing = Listing {
            lines: Vec::new(),
            tags: Vec::new(),
        };
        for (number, text) in source(algorithm).lines().enumerate() {
            let (code, tags) = text.split_once("  #@").unwrap_or((text, ""));
            listing.lines.push(code.trim_end());
            let tags = tags.split_whitespace().map(|t| t.trim_start_matches("#@"));
            listing.tags.extend(tags.map(|tag| (tag, number + 1)));
        }
        listing
    }

    /// The code, one line per entry, without its tags.
    pub fn lines(&self) -> &[&'static str] {
        &self.lines
    }

    /// The line (from 1) that `step` executes, or `None` for a step the
    /// algorithm never takes.
    pub fn line(&self, step: &Step) -> Option<usize> {
        let tag = step.tag();
        self.tags
            .iter()
            .find(|(t, _)| *t == tag)
            .map(|&(_, line)| line)
    }
}

#[cfg(test)]
mod tests;
