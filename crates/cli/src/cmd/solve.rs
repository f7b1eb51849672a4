//! `nqueens solve`: stream solutions to the output in the chosen format.

use crate::args::Solve;
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
}

impl Sink for Output<'_> {
    type Error = io::Error;

    fn solution(&mut self, solution: &Solution) -> io::Result<bool> {
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
    let mut writer = format::writer(request.format, request.glyphs.clone());
    writer.begin(out)?;
    let limit = request.limit.unwrap_or(u64::MAX);
    let mut sink = Output {
        out,
        writer,
        written: 0,
        limit,
        unique: request.unique,
    };
    let size = request.solver.size();
    let stats = if limit == 0 {
        // Nothing is searched for: the statistics are the root's alone.
        Stats::new(size.get())
    } else if request.solver.algorithm() == Algorithm::Bitmask && !request.stats {
        let threads = request.threads.unwrap_or_else(all_cores);
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
