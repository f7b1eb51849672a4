//! `json`: the LeetCode 51 answer, one array of boards, each an array of row
//! strings, streamed so that the whole list is never held in memory.

use super::{Board, Writer};
use nqueens::Glyphs;
use std::io::{self, Write};

pub(crate) struct LeetCode {
    glyphs: Glyphs,
    row: String,
}

impl LeetCode {
    pub(crate) fn new(glyphs: Glyphs) -> Self {
        Self {
            glyphs,
            row: String::new(),
        }
    }
}

impl Writer for LeetCode {
    fn begin(&mut self, out: &mut dyn Write) -> io::Result<()> {
        out.write_all(b"[")
    }

    fn solution(&mut self, out: &mut dyn Write, board: Board) -> io::Result<()> {
        let (solution, index) = (board.solution, board.index);
        out.write_all(if index > 0 { b",[" } else { b"[" })?;
        for row in 0..solution.n() {
            if row > 0 {
                out.write_all(b",")?;
            }
            self.row.clear();
            solution.render_row_into(row, &self.glyphs, &mut self.row);
            // serde_json escapes a glyph such as `"` or `\`.
            serde_json::to_writer(&mut *out, &self.row)?;
        }
        out.write_all(b"]")
    }

    fn finish(&mut self, out: &mut dyn Write) -> io::Result<()> {
        out.write_all(b"]\n")
    }
}
