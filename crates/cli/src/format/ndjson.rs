//! `ndjson`: one JSON object per line with the size, index, columns and board.

use super::Writer;
use nqueens::{Glyphs, Solution};
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
}

impl Writer for Ndjson {
    fn solution(&mut self, out: &mut dyn Write, solution: &Solution, index: u64) -> io::Result<()> {
        let line = Line {
            n: solution.n(),
            index,
            columns: solution.columns(),
            board: solution.render(self.glyphs),
        };
        serde_json::to_writer(&mut *out, &line)?;
        out.write_all(b"\n")
    }
}
