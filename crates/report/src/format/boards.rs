//! `boards`: each solution drawn as n lines, solutions separated by a blank line.

use super::rows::Rows;
use super::{Board, WriteError, Writer};
use nqueens::Glyphs;
use std::io::Write;

pub(crate) struct Boards {
    rows: Rows,
    text: String,
}

impl Boards {
    pub(crate) fn new(glyphs: Glyphs) -> Self {
        Self {
            rows: Rows::new(glyphs, |row| row + "\n"),
            text: String::new(),
        }
    }
}

impl Writer for Boards {
    fn solution(&mut self, out: &mut dyn Write, board: Board) -> Result<(), WriteError> {
        let (solution, index) = (board.solution, board.index);
        self.text.clear();
        if index > 0 {
            self.text.push('\n');
        }
        for row in self.rows.of(solution) {
            self.text.push_str(row);
        }
        Ok(out.write_all(self.text.as_bytes())?)
    }
}
