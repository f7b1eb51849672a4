//! A learner's whole answer for n, checked board by board against every
//! solution of n (`verify --all N` and Python's `check_answer`): none
//! repeated, none missing, and when asked, in `solve`'s order.

use crate::constraint::AnswerSummary;
use crate::read::Entry;
use nqueens::constraint::{AnswerKey, Mark, Verdict};

/// How many missing solutions are written out.
const MISSING_SHOWN: usize = 10;

/// The answer so far.
#[derive(Debug)]
pub struct Answer {
    key: AnswerKey,
    n: usize,
    ordered: bool,
    named: usize,
    repeated: u64,
    first_out_of_order: Option<u64>,
}

/// Where one board stands in the answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standing {
    /// A solution of n not named before (and in order, with `--ordered`).
    pub fits: bool,
    /// Why it does not, when that is more than "not a solution".
    pub note: Option<String>,
    /// The board (from 0) that named this solution first, when this one
    /// repeats it.
    pub repeat_of: Option<u64>,
    /// The solution's place in `solve`'s order, from 0.
    pub rank: Option<usize>,
}

impl Standing {
    /// Whether the board is a solution of the answer's n: a repeat or a
    /// solution out of order is one, a solution of another n is not.
    pub fn is_solution_of_n(&self) -> bool {
        self.rank.is_some() || self.repeat_of.is_some()
    }
}

impl Answer {
    /// An answer for `n` ≤ [`nqueens::constraint::ANSWER_MAX_N`] (none above), its solutions
    /// enumerated on every core; with `ordered`, the boards must come in
    /// `solve`'s order.
    pub fn new(n: usize, ordered: bool) -> Option<Answer> {
        let cores = std::thread::available_parallelism().map_or(1, |c| c.get());
        let key = AnswerKey::new(n, cores)?;
        Some(Answer {
            key,
            n,
            ordered,
            named: 0,
            repeated: 0,
            first_out_of_order: None,
        })
    }

    /// The board size the answer is for.
    pub fn n(&self) -> usize {
        self.n
    }

    /// Marks one board read, with its check (none when it could not be
    /// read as a board).
    pub fn mark(&mut self, entry: &Entry, verdict: Option<&Verdict>) -> Standing {
        let mut standing = Standing {
            fits: false,
            note: None,
            repeat_of: None,
            rank: None,
        };
        if !verdict.is_some_and(Verdict::is_solution) {
            return standing;
        }
        if entry.n != self.n {
            standing.note = Some(format!(
                "a solution of n = {}, not of n = {}",
                entry.n, self.n
            ));
            return standing;
        }
        let mut columns = vec![0u32; entry.n];
        for queen in &entry.queens {
            columns[queen.row] = queen.col as u32;
        }
        match self.key.mark(&columns, entry.index) {
            Mark::New { rank } => self.new_solution(entry, rank, &mut standing),
            Mark::Repeat { first } => {
                self.repeated += 1;
                standing.repeat_of = Some(first);
                standing.note = Some(format!("repeats board {}", first + 1));
            }
            Mark::NotASolution => unreachable!("a solution of n is in the key of n"),
        }
        standing
    }

    fn new_solution(&mut self, entry: &Entry, rank: usize, standing: &mut Standing) {
        standing.rank = Some(rank);
        let expected = self.named;
        self.named += 1;
        standing.fits = true;
        if self.ordered && rank != expected && self.first_out_of_order.is_none() {
            self.first_out_of_order = Some(entry.index);
            standing.fits = false;
            standing.note = Some(format!(
                "out of order: it is solution {} in solve's order, where solution {} was expected",
                rank + 1,
                expected + 1
            ));
        }
    }

    /// True when the boards are exactly the solutions of n.
    pub fn exact(&self) -> bool {
        self.repeated == 0 && self.key.missing_count() == 0 && self.first_out_of_order.is_none()
    }

    /// How the answer stands: repeated, missing and out-of-order boards.
    pub fn summary(&self) -> AnswerSummary {
        AnswerSummary {
            n: self.n,
            solutions: self.key.len(),
            repeated: self.repeated,
            missing: self.key.missing_count(),
            missing_first: (self.key.missing().take(MISSING_SHOWN))
                .map(|s| s.columns().to_vec())
                .collect(),
            first_out_of_order: self.first_out_of_order,
        }
    }
}
