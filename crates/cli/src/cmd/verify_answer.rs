//! `verify --all N`: a learner's whole answer against every solution of
//! n, and the summary every `verify` ends with.

use nqueens::plural;
use nqueens_report::answer::Answer;
use nqueens_report::constraint::VerifySummary;
use serde::Serialize;
use std::io::{self, Write};

/// Boards read, and how many were solutions: kept here, with the summary
/// that reports it, so that verify.rs imports from this file and not the
/// other way round.
#[derive(Default)]
pub struct Tally {
    pub boards: u64,
    pub valid: u64,
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
    match summary.repeated {
        0 => {}
        1 => writeln!(out, "1 board repeats an earlier one")?,
        repeated => writeln!(out, "{repeated} boards repeat earlier ones")?,
    }
    if summary.missing > 0 {
        let are = if summary.missing == 1 { "is" } else { "are" };
        writeln!(
            out,
            "{} of the {} of n = {n} {are} missing:",
            summary.missing,
            plural(summary.solutions, "solution")
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
    let solutions = plural(summary.solutions, "solution");
    let the_set = invalid == 0 && summary.repeated == 0 && summary.missing == 0;
    match (the_set, summary.first_out_of_order) {
        (true, None) => writeln!(out, "the answer is exactly the {solutions} of n = {n}"),
        (true, Some(_)) => writeln!(
            out,
            "the answer is the {solutions} of n = {n}, but not in solve's order"
        ),
        (false, _) => writeln!(out, "the answer is not the set of solutions of n = {n}"),
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
