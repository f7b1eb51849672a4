//! `json`: the LeetCode 51 answer, one array of boards, each an array of row
//! strings, streamed so that the whole list is never held in memory.

use super::rows::Rows;
use super::{Board, WriteError, Writer};
use nqueens::Glyphs;
use std::io::Write;

pub(crate) struct LeetCode {
    rows: Rows,
}

impl LeetCode {
    pub(crate) fn new(glyphs: Glyphs) -> Self {
        // serde_json quotes each row, escaping a glyph such as `"` or `\`.
        let quote = |row: String| serde_json::to_string(&row).unwrap_or_default();
        Self {
            rows: Rows::new(glyphs, quote),
        }
    }
}

impl Writer for LeetCode {
    fn begin(&mut self, out: &mut dyn Write) -> Result<(), WriteError> {
        Ok(out.write_all(b"[")?)
    }

    fn solution(&mut self, out: &mut dyn Write, board: Board) -> Result<(), WriteError> {
        out.write_all(if board.index > 0 { b",[" } else { b"[" })?;
        for (i, row) in self.rows.of(board.solution).enumerate() {
            if i > 0 {
                out.write_all(b",")?;
            }
            out.write_all(row.as_bytes())?;
        }
        Ok(out.write_all(b"]")?)
    }

    fn finish(&mut self, out: &mut dyn Write) -> Result<(), WriteError> {
        Ok(out.write_all(b"]\n")?)
    }
}
