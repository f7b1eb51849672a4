//! `nqueens compare`: the five algorithms on one board, side by side.

use crate::args::CompareArgs;
use crate::estimate;
use nqueens::{Algorithm, BoardSize, Stats};
use nqueens_report::schema::{CompareOutcome as Outcome, CompareReport, CompareRow};
use std::io::{self, Write};
use std::time::Instant;

/// Algorithms estimated to take longer than this are skipped.
const TOO_LONG: f64 = 60.0;

/// An algorithm's statistics and seconds, or why it was not run.
type Measured = Result<(Stats, f64), String>;

fn measure(algorithm: Algorithm, size: BoardSize) -> Measured {
    let solver = algorithm.on(size).map_err(|err| err.to_string())?;
    if let Some(estimate) = estimate::whole_tree(&solver).filter(|e| e.seconds > TOO_LONG) {
        return Err(format!(
            "would take {} here (estimated from the search tree's node profile; the limit is a minute)",
            estimate.describe()
        ));
    }
    let started = Instant::now();
    let stats = solver.count();
    Ok((stats, started.elapsed().as_secs_f64()))
}

pub fn run(request: &CompareArgs, out: &mut dyn Write) -> io::Result<()> {
    let runs: Vec<_> = Algorithm::ALL
        .iter()
        .map(|&a| (a, measure(a, request.n)))
        .collect();
    let baseline = baseline(&runs, request.n);
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
        return out.write_all(nqueens_report::stamp::to_json_line(&report)?.as_bytes());
    }
    write_table(out, &report)
}

/// Bitmask's seconds, measured, or estimated when it was skipped.
fn baseline(runs: &[(Algorithm, Measured)], size: BoardSize) -> f64 {
    let bitmask = runs
        .iter()
        .find(|(algorithm, _)| *algorithm == Algorithm::Bitmask);
    let measured = bitmask.and_then(|(_, run)| run.as_ref().ok()).map(|r| r.1);
    let estimated = || {
        let solver = Algorithm::Bitmask.on(size).ok()?;
        estimate::whole_tree(&solver).map(|e| e.seconds)
    };
    measured.or_else(estimated).unwrap_or(0.0).max(1e-9)
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
