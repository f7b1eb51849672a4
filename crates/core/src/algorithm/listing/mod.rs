//! Each algorithm's code (Python, runnable: the package's tests run it),
//! with the line each step of its trace executes, in two styles: the
//! project's own ([`CodeStyle::Page`]: `solve`/`place(row)`, every check on
//! its own line) and the tutorials' ([`CodeStyle::Tutorial`]: LeetCode's
//! `solve_n_queens`/`dfs(r)`, `d1`/`d2`, the count-only `total_n_queens`).
//!
//! A listing marks its lines with trailing tags (`#@place`); the tags are
//! cut from the lines shown, and [`Listing::line`] finds a step's line by
//! its tag, so that the page highlights what the core says, never a guess.
//! One line may carry several tags (the tutorials test the three attacks
//! in one `if`).

use super::{Algorithm, Event};
use crate::Reason;

/// Whose names and shape a listing follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum CodeStyle {
    /// The project's own: `solve(n)` and `place(row)`, one check a line,
    /// the diagonals named `diag` and `anti`.
    #[default]
    Page,
    /// The tutorials' (LeetCode 51 and 52): `solve_n_queens(n)` and `dfs(r)`,
    /// the diagonals `d1` and `d2`, the three attacks in one `if`; the
    /// bitmask's is the count-only `total_n_queens(n)`.
    Tutorial,
}

impl CodeStyle {
    /// Every style, the default first.
    pub const ALL: [CodeStyle; 2] = [CodeStyle::Page, CodeStyle::Tutorial];

    /// The style's name: `page` or `tutorial`.
    pub fn name(self) -> &'static str {
        match self {
            CodeStyle::Page => "page",
            CodeStyle::Tutorial => "tutorial",
        }
    }
}

crate::named::named!(CodeStyle, UnknownCodeStyle, &CodeStyle::ALL);

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

fn source(algorithm: Algorithm, style: CodeStyle) -> &'static str {
    match (style, algorithm) {
        (CodeStyle::Page, Algorithm::Permutations) => include_str!("permutations.py"),
        (CodeStyle::Page, Algorithm::Naive) => include_str!("naive.py"),
        (CodeStyle::Page, Algorithm::Sets) => include_str!("sets.py"),
        (CodeStyle::Page, Algorithm::Arrays) => include_str!("arrays.py"),
        (CodeStyle::Page, Algorithm::Bitmask) => include_str!("bitmask.py"),
        (CodeStyle::Tutorial, Algorithm::Permutations) => include_str!("tutorial/permutations.py"),
        (CodeStyle::Tutorial, Algorithm::Naive) => include_str!("tutorial/naive.py"),
        (CodeStyle::Tutorial, Algorithm::Sets) => include_str!("tutorial/sets.py"),
        (CodeStyle::Tutorial, Algorithm::Arrays) => include_str!("tutorial/arrays.py"),
        (CodeStyle::Tutorial, Algorithm::Bitmask) => include_str!("tutorial/bitmask.py"),
    }
}

impl Listing {
    /// The listing of `algorithm` in the page's own style.
    ///
    /// ```
    /// use nqueens::{Algorithm, Listing, Step};
    /// let sets = Listing::of(Algorithm::Sets);
    /// let line = sets.line(&Step::Solution).unwrap();
    /// assert_eq!(sets.lines()[line - 1].trim(), "solutions.append(queens[:])");
    /// ```
    pub fn of(algorithm: Algorithm) -> Listing {
        Listing::styled(algorithm, CodeStyle::Page)
    }

    /// The listing of `algorithm` in `style`.
    ///
    /// ```
    /// use nqueens::{Algorithm, CodeStyle, Listing, Step};
    /// let bitmask = Listing::styled(Algorithm::Bitmask, CodeStyle::Tutorial);
    /// assert_eq!(bitmask.lines()[0], "def total_n_queens(n):");
    /// let line = bitmask.line(&Step::Solution).unwrap();
    /// assert_eq!(bitmask.lines()[line - 1].trim(), "return 1");
    /// ```
    pub fn styled(algorithm: Algorithm, style: CodeStyle) -> Listing {
        let mut listing = Listing {
            lines: Vec::new(),
            tags: Vec::new(),
        };
        for (number, text) in source(algorithm, style).lines().enumerate() {
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

    /// Each tag (a [`Step::tag`]) with its line (from 1), in the listing's
    /// order.
    pub fn tags(&self) -> impl Iterator<Item = (&'static str, usize)> + '_ {
        self.tags.iter().copied()
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

/// A listing style's name that is not known.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown code style '{0}': the style must be one of {styles}", styles = <CodeStyle as crate::Named>::listed())]
pub struct UnknownCodeStyle(pub String);

#[cfg(test)]
mod tests;
