//! `nqueens solve`: stream solutions to the output in the chosen format.

use crate::args::Solve;
use crate::error::{CliError, Status};
use crate::estimate::{self, Estimate, TreePosition};
use crate::progress::{with_progress, Meter, Work};
use nqueens::{Algorithm, Sink, Solution, Stats};
use nqueens_report::format::{self, Output};
use nqueens_report::picture::MAX_PICTURES;
use nqueens_report::WriteError;
use std::io::{self, Write};

/// Moves a long run's progress bar as solutions arrive, skipped ones
/// included, and hands them on.
struct Progressed<'a, S> {
    inner: S,
    progress: Option<(&'a TreePosition, &'a Meter)>,
}

impl<S: Sink> Sink for Progressed<'_, S> {
    type Error = S::Error;

    fn solution(&mut self, solution: &Solution) -> Result<bool, S::Error> {
        if let Some((position, meter)) = self.progress {
            meter.reach(position.of(solution));
        }
        self.inner.solution(solution)
    }
}

pub fn run(request: &Solve, out: &mut dyn Write) -> Result<Status, CliError> {
    let limit = request.limit.unwrap_or(u64::MAX);
    let threads = request.threads.unwrap_or_else(all_cores);
    let fast = request.solver.algorithm() == Algorithm::Bitmask && !request.stats;
    let estimate = estimated(request, limit);
    // Only a whole search has a position in the tree to show.
    let position = estimate
        .filter(|_| request.limit.is_none() && !fast)
        .map(|_| TreePosition::new(request.solver.size()));
    let written = with_progress(Work::Tree, position.is_none(), |meter| {
        let progress = position.as_ref().map(|position| (position, meter));
        write_solutions(request, out, limit, threads, progress)
    });
    match written {
        Ok(()) => Ok(Status::Success),
        Err(err) => {
            let (n, unique) = (
                request.solver.size(),
                ["", " --unique"][usize::from(request.unique)],
            );
            let what = format!("solve {n}{unique} has more than {MAX_PICTURES} solutions");
            let fewer = format!("give --limit {MAX_PICTURES} or less");
            Err(super::too_many_pictures(err, &what, &fewer))
        }
    }
}

/// Says what a long run will take before it starts. The bitmask search
/// is not estimated: its first solutions come at once, and streaming them
/// is what takes the time.
fn estimated(request: &Solve, limit: u64) -> Option<Estimate> {
    let solver = &request.solver;
    if request.quiet || limit == 0 || solver.algorithm() == Algorithm::Bitmask {
        return None;
    }
    let estimate = match request.limit {
        Some(limit) => estimate::until(solver, limit),
        None => estimate::whole_tree(solver),
    };
    let mut what = format!("solve {} --algorithm {}", solver.size(), solver.algorithm());
    if let Some(limit) = request.limit {
        what += &format!(" --limit {limit}");
    }
    estimate::announce(&what, estimate);
    estimate
}

fn write_solutions(
    request: &Solve,
    out: &mut dyn Write,
    limit: u64,
    threads: usize,
    progress: Option<(&TreePosition, &Meter)>,
) -> Result<(), WriteError> {
    let writer = format::writer(request.format, request.glyphs.clone());
    let output = Output::begin(out, writer, limit, request.unique)?;
    let mut sink = Progressed {
        inner: output,
        progress,
    };
    let size = request.solver.size();
    let stats = if limit == 0 {
        // Nothing is searched for: the statistics are the root's alone.
        Stats::new(size.get())
    } else if request.solver.algorithm() == Algorithm::Bitmask && !request.stats {
        nqueens::solve_parallel(size, threads, &mut sink)?;
        Stats::default()
    } else {
        request.solver.enumerate(&mut sink)?
    };
    sink.inner.finish()?;
    if request.stats {
        nqueens_report::write_stats(&mut io::stderr().lock(), &stats)?;
    }
    Ok(())
}

fn all_cores() -> usize {
    std::thread::available_parallelism().map_or(1, |cores| cores.get())
}
