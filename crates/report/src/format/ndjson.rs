//! `ndjson`: one JSON object per line with the size, index, columns and board.

use super::{Board, WriteError, Writer};
use crate::schema::SolutionLine;
use nqueens::Glyphs;
use std::io::Write;

pub(crate) struct Ndjson {
    glyphs: Glyphs,
}

impl Ndjson {
    pub(crate) fn new(glyphs: Glyphs) -> Self {
        Self { glyphs }
    }
}

impl Writer for Ndjson {
    fn solution(&mut self, out: &mut dyn Write, board: Board) -> Result<(), WriteError> {
        let (solution, index) = (board.solution, board.index);
        let line = SolutionLine {
            n: solution.n(),
            index,
            columns: solution.columns(),
            // Rows of a huge board would be n² glyphs: its columns say it all.
            board: (solution.n() <= super::DRAWN_MAX_N).then(|| solution.render(&self.glyphs)),
            class_size: board.class_size,
        };
        serde_json::to_writer(&mut *out, &line)?;
        Ok(out.write_all(b"\n")?)
    }
}
