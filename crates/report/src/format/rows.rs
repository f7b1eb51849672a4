//! The n rows a board of size n can show, drawn once: a board is then n
//! copies instead of n² glyphs, which matters for millions of boards.

use nqueens::{Glyphs, Solution};

/// Row c (queen in column c) of an n×n board, for the last n seen, each
/// passed through `finish` (a line break, or JSON quoting).
pub(crate) struct Rows {
    glyphs: Glyphs,
    finish: fn(String) -> String,
    rows: Vec<String>,
}

impl Rows {
    pub(crate) fn new(glyphs: Glyphs, finish: fn(String) -> String) -> Rows {
        Rows {
            glyphs,
            finish,
            rows: Vec::new(),
        }
    }

    /// The drawn rows of `solution`, top row first.
    pub(crate) fn of<'a>(&'a mut self, solution: &'a Solution) -> impl Iterator<Item = &'a str> {
        let n = solution.n();
        if self.rows.len() != n {
            let (queen, empty) = (self.glyphs.queen().as_str(), self.glyphs.empty().as_str());
            let one_queen = |col: usize| {
                let row = format!("{}{queen}{}", empty.repeat(col), empty.repeat(n - 1 - col));
                (self.finish)(row)
            };
            self.rows = (0..n).map(one_queen).collect();
        }
        let rows = &self.rows;
        solution
            .columns()
            .iter()
            .map(move |&col| rows[col as usize].as_str())
    }
}
