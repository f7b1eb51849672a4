//! `verify --all N`: a learner's whole answer against every solution of
//! n, and the summary every `verify` ends with.

use super::verify::Tally;
use nqueens::constraint::{AnswerKey, Mark, Verdict};
use nqueens_report::constraint::{AnswerSummary, VerifySummary};
use nqueens_report::read::Entry;
use serde::Serialize;
use std::io::{self, Write};

/// How many missing solutions are written out.
const MISSING_SHOWN: usize = 10;

/// The answer so far.
pub struct Answer {
    key: AnswerKey,
    n: usize,
    ordered: bool,
    named: usize,
    repeated: u64,
    first_out_of_order: Option<u64>,
}

/// Where one board stands in the answer.
pub struct Standing {
    /// A solution of n not named before (and in order, with `--ordered`).
    pub fits: bool,
    /// Why it does not, when that is more than "not a solution".
    pub note: Option<String>,
    pub repeat_of: Option<u64>,
    pub rank: Option<usize>,
}

impl Answer {
    pub fn new(n: usize, ordered: bool) -> Answer {
        let cores = std::thread::available_parallelism().map_or(1, |c| c.get());
        let key = AnswerKey::new(n, cores).expect("--all takes n up to ANSWER_MAX_N");
        Answer {
            key,
            n,
            ordered,
            named: 0,
            repeated: 0,
            first_out_of_order: None,
        }
    }

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

    fn summary(&self) -> AnswerSummary {
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

/// The last lines of the text report.
pub fn summary_text(out: &mut dyn Write, tally: &Tally, answer: Option<&Answer>) -> io::Result<()> {
    let invalid = tally.boards - tally.valid;
    match (tally.boards, invalid) {
        (0, _) => writeln!(out, "no boards in the input")?,
        (1, 0) => writeln!(out, "1 board checked: valid")?,
        (1, _) => writeln!(out, "1 board checked: not valid")?,
        (boards, 0) => writeln!(out, "{boards} boards checked: all valid")?,
        (boards, _) => writeln!(
            out,
            "{boards} boards checked: {} valid, {invalid} not",
            tally.valid
        )?,
    }
    let Some(answer) = answer else {
        return Ok(());
    };
    let summary = answer.summary();
    let n = summary.n;
    if summary.missing > 0 {
        writeln!(
            out,
            "{} of the {} solutions of n = {n} are missing:",
            summary.missing, summary.solutions
        )?;
        for columns in &summary.missing_first {
            let shown: Vec<String> = columns.iter().map(u32::to_string).collect();
            writeln!(out, "  {}", shown.join(" "))?;
        }
        if summary.missing > summary.missing_first.len() {
            writeln!(
                out,
                "  and {} more",
                summary.missing - summary.missing_first.len()
            )?;
        }
    }
    match answer.exact() && invalid == 0 {
        true => writeln!(
            out,
            "the answer is exactly the {} solutions of n = {n}",
            summary.solutions
        ),
        false => writeln!(out, "the answer is not the set of solutions of n = {n}"),
    }
}

/// The last line of `verify --json`.
pub fn summary_json(
    out: &mut dyn Write,
    tally: &Tally,
    answer: Option<&Answer>,
    passed: bool,
) -> io::Result<()> {
    #[derive(Serialize)]
    struct Last {
        summary: VerifySummary,
    }
    let last = Last {
        summary: VerifySummary {
            boards: tally.boards,
            valid: tally.valid,
            invalid: tally.boards - tally.valid,
            answer: answer.map(Answer::summary),
            passed,
        },
    };
    serde_json::to_writer(&mut *out, &last)?;
    writeln!(out)
}
