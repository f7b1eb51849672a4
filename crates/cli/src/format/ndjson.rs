//! `ndjson`: one JSON object per line with the size, index, columns and board.

use super::{Board, Writer};
use nqueens::Glyphs;
use serde::Serialize;
use std::io::{self, Write};

pub struct Ndjson {
    glyphs: Glyphs,
}

impl Ndjson {
    pub fn new(glyphs: Glyphs) -> Self {
        Self { glyphs }
    }
}

#[derive(Serialize)]
struct Line<'a> {
    n: usize,
    index: u64,
    columns: &'a [u8],
    board: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    class_size: Option<u8>,
}

impl Writer for Ndjson {
    fn solution(&mut self, out: &mut dyn Write, board: Board) -> io::Result<()> {
        let (solution, index) = (board.solution, board.index);
        let line = Line {
            n: solution.n(),
            index,
            columns: solution.columns(),
            board: solution.render(self.glyphs),
            class_size: board.class_size,
        };
        serde_json::to_writer(&mut *out, &line)?;
        out.write_all(b"\n")
    }
}
