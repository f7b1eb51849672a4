//! `boards`: each solution drawn as n lines, solutions separated by a blank line.

use super::{Board, Writer};
use nqueens::Glyphs;
use std::io::{self, Write};

pub(crate) struct Boards {
    glyphs: Glyphs,
    text: String,
}

impl Boards {
    pub(crate) fn new(glyphs: Glyphs) -> Self {
        Self {
            glyphs,
            text: String::new(),
        }
    }
}

impl Writer for Boards {
    fn solution(&mut self, out: &mut dyn Write, board: Board) -> io::Result<()> {
        let (solution, index) = (board.solution, board.index);
        self.text.clear();
        if index > 0 {
            self.text.push('\n');
        }
        for row in 0..solution.n() {
            solution.render_row_into(row, &self.glyphs, &mut self.text);
            self.text.push('\n');
        }
        out.write_all(self.text.as_bytes())
    }
}
