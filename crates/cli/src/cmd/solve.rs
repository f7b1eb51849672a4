//! `nqueens solve`: stream solutions to the output in the chosen format.

use crate::args::Solve;
use crate::format::{self, Board, Writer};
use nqueens::{canonical_class_size, Sink, Solution};
use std::io::{self, Write};

/// Feeds the engine's solutions to a format writer, up to the limit.
struct Output<'a> {
    out: &'a mut dyn Write,
    writer: Box<dyn Writer>,
    written: u64,
    limit: u64,
    /// Only the canonical board of each symmetry class.
    unique: bool,
}

impl Sink for Output<'_> {
    type Error = io::Error;

    fn solution(&mut self, solution: &Solution) -> io::Result<bool> {
        let class_size = if self.unique {
            match canonical_class_size(solution) {
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
    let mut writer = format::writer(request.format, request.glyphs);
    writer.begin(out)?;
    let limit = request.limit.unwrap_or(u64::MAX);
    let mut sink = Output {
        out,
        writer,
        written: 0,
        limit,
        unique: request.unique,
    };
    let mut stats = None;
    if limit > 0 && request.fast {
        nqueens::solve_parallel(request.search.size(), request.threads, &mut sink)?;
    } else if limit > 0 {
        stats = Some(request.search.enumerate(&mut sink)?);
    }
    sink.writer.finish(sink.out)?;
    match stats {
        Some(stats) if request.stats => format::write_stats(&mut io::stderr().lock(), &stats),
        _ => Ok(()),
    }
}
