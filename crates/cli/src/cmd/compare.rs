//! `nqueens compare`: the five algorithms on one board, side by side.

use crate::args::CompareArgs;
use nqueens::{Algorithm, BoardSize, Stats};
use nqueens_report::schema::{CompareOutcome as Outcome, CompareReport, CompareRow};
use std::io::{self, Write};
use std::time::Instant;

/// The largest n each algorithm runs at in a comparison: beyond it, it
/// would take a minute or more on a laptop.
fn comfortable_max(algorithm: Algorithm) -> usize {
    match algorithm {
        Algorithm::Permutations => 11,
        Algorithm::Naive => 13,
        Algorithm::Sets => 13,
        Algorithm::Arrays => 14,
        Algorithm::Bitmask => nqueens::MAX_N,
    }
}

fn measure(algorithm: Algorithm, size: BoardSize) -> Result<(Stats, f64), String> {
    let max = comfortable_max(algorithm);
    if size.get() > max {
        return Err(format!(
            "would take too long: {algorithm} runs here up to n = {max}"
        ));
    }
    let solver = algorithm.on(size).map_err(|err| err.to_string())?;
    let started = Instant::now();
    let stats = solver.count();
    Ok((stats, started.elapsed().as_secs_f64()))
}

pub fn run(request: &CompareArgs, out: &mut dyn Write) -> io::Result<()> {
    let runs: Vec<_> = Algorithm::ALL
        .iter()
        .map(|&a| (a, measure(a, request.n)))
        .collect();
    let baseline = runs
        .iter()
        .find(|(algorithm, _)| *algorithm == Algorithm::Bitmask)
        .and_then(|(_, run)| run.as_ref().ok())
        .map_or(1e-9, |(_, seconds)| seconds.max(1e-9));
    let algorithms = runs
        .into_iter()
        .map(|(algorithm, run)| CompareRow {
            name: algorithm.name(),
            outcome: match run {
                Ok((stats, seconds)) => Outcome::Ran {
                    solutions: stats.solutions,
                    nodes: stats.nodes,
                    tested: stats.tested,
                    seconds,
                    relative: seconds / baseline,
                },
                Err(skipped) => Outcome::Skipped { skipped },
            },
        })
        .collect();
    let report = CompareReport {
        n: request.n.get(),
        algorithms,
    };
    if request.json {
        serde_json::to_writer(&mut *out, &report)?;
        return writeln!(out);
    }
    write_table(out, &report)
}

fn write_table(out: &mut dyn Write, report: &CompareReport) -> io::Result<()> {
    writeln!(out, "n = {}", report.n)?;
    writeln!(
        out,
        "{:<13} {:>12} {:>14} {:>16} {:>11} {:>12}",
        "algorithm", "solutions", "nodes", "squares tested", "seconds", "vs bitmask"
    )?;
    for row in &report.algorithms {
        match &row.outcome {
            Outcome::Ran {
                solutions,
                nodes,
                tested,
                seconds,
                relative,
            } => writeln!(
                out,
                "{:<13} {solutions:>12} {nodes:>14} {tested:>16} {seconds:>11.6} {:>12}",
                row.name,
                format!("{relative:.1}×")
            )?,
            Outcome::Skipped { skipped } => writeln!(out, "{:<13} skipped: {skipped}", row.name)?,
        }
    }
    writeln!(
        out,
        "(all but permutations search the same backtrack tree: the nodes agree, the cost of each does not)"
    )
}
