//! `columns`: one solution per line, its 0-based columns separated by spaces.

use super::{Board, Writer};
use std::io::{self, Write};

#[derive(Default)]
pub(crate) struct Columns {
    line: Vec<u8>,
}

impl Writer for Columns {
    fn solution(&mut self, out: &mut dyn Write, board: Board) -> io::Result<()> {
        let solution = board.solution;
        self.line.clear();
        for (i, &col) in solution.columns().iter().enumerate() {
            if i > 0 {
                self.line.push(b' ');
            }
            // Columns are below 32: at most two digits, written by hand
            // because this format is the one used for millions of lines.
            if col >= 10 {
                self.line.push(b'0' + col / 10);
            }
            self.line.push(b'0' + col % 10);
        }
        self.line.push(b'\n');
        out.write_all(&self.line)
    }
}
