//! A sink that writes solutions in a format, up to a limit, and with
//! `unique` only the representative of each symmetry class.

use super::{Board, WriteError, Writer};
use nqueens::{representative_class_size, Sink, Solution};
use std::io::Write;

/// Feeds a search's solutions to a format writer.
pub struct Output<'a> {
    out: &'a mut dyn Write,
    writer: Box<dyn Writer>,
    written: u64,
    limit: u64,
    unique: bool,
}

impl<'a> Output<'a> {
    /// Writes the format's opening, then takes solutions until `limit`
    /// are written.
    pub fn begin(
        out: &'a mut dyn Write,
        mut writer: Box<dyn Writer>,
        limit: u64,
        unique: bool,
    ) -> Result<Output<'a>, WriteError> {
        writer.begin(out)?;
        Ok(Output {
            out,
            writer,
            written: 0,
            limit,
            unique,
        })
    }

    /// Writes the format's closing.
    pub fn finish(mut self) -> Result<(), WriteError> {
        self.writer.finish(self.out)
    }
}

impl Sink for Output<'_> {
    type Error = WriteError;

    fn solution(&mut self, solution: &Solution) -> Result<bool, WriteError> {
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
