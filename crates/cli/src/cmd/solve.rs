//! `nqueens solve`: stream solutions to the output in the chosen format.

use crate::args::Solve;
use crate::estimate::{self, Estimate, TreePosition};
use crate::progress::{with_progress, Meter, Work};
use nqueens::{representative_class_size, Algorithm, Sink, Solution, Stats};
use nqueens_report::format::{self, Board, Writer};
use std::io::{self, Write};

/// Feeds the search's solutions to a format writer, up to the limit.
struct Output<'a> {
    out: &'a mut dyn Write,
    writer: Box<dyn Writer>,
    written: u64,
    limit: u64,
    /// Only the representative board of each symmetry class.
    unique: bool,
    /// Where the search is, for a long run's progress bar.
    progress: Option<(&'a TreePosition, &'a Meter)>,
}

impl Sink for Output<'_> {
    type Error = io::Error;

    fn solution(&mut self, solution: &Solution) -> io::Result<bool> {
        if let Some((position, meter)) = self.progress {
            meter.reach(position.of(solution));
        }
        let class_size = if self.unique {
            match representative_class_size(solution) {
                Some(size) => Some(size),
                None => return Ok(true),
            }
        } else {
            None
        };
        let board = Board {
            solution,
            index: self.written,
            class_size,
        };
        self.writer.solution(self.out, board)?;
        self.written += 1;
        Ok(self.written < self.limit)
    }
}

pub fn run(request: &Solve, out: &mut dyn Write) -> io::Result<()> {
    let limit = request.limit.unwrap_or(u64::MAX);
    let threads = request.threads.unwrap_or_else(all_cores);
    let fast = request.solver.algorithm() == Algorithm::Bitmask && !request.stats;
    let estimate = estimated(request, limit);
    // Only a whole search has a position in the tree to show.
    let position = estimate
        .filter(|_| request.limit.is_none() && !fast)
        .map(|_| TreePosition::new(request.solver.size()));
    with_progress(Work::Tree, position.is_none(), |meter| {
        let progress = position.as_ref().map(|position| (position, meter));
        write_solutions(request, out, limit, threads, progress)
    })
}

/// Says what a long run will take before it starts. The bitmask search
/// is not estimated: its first solutions come at once, and streaming them
/// is what takes the time.
fn estimated(request: &Solve, limit: u64) -> Option<Estimate> {
    let solver = &request.solver;
    if limit == 0 || solver.algorithm() == Algorithm::Bitmask {
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
) -> io::Result<()> {
    let mut writer = format::writer(request.format, request.glyphs.clone());
    writer.begin(out)?;
    let mut sink = Output {
        out,
        writer,
        written: 0,
        limit,
        unique: request.unique,
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
    sink.writer.finish(sink.out)?;
    match request.stats {
        true => nqueens_report::write_stats(&mut io::stderr().lock(), &stats),
        false => Ok(()),
    }
}

fn all_cores() -> usize {
    std::thread::available_parallelism().map_or(1, |cores| cores.get())
}
