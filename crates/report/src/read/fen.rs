//! `fen`: one 8×8 board per line as the piece placement of chess FEN,
//! ranks from 8 (row 0) down to 1, each a run of `Q`s and counts of empty
//! squares, e.g. `Q7/4Q3/7Q/5Q2/2Q5/6Q1/1Q6/3Q4`.

use super::entry::snippet;
use super::glyphs::Context;
use super::lines::next_text;
use super::source::Source;
use super::{Entry, Problem, ReadError};
use nqueens::Square;
use std::io::BufRead;

/// The letters and digits of a piece placement.
const PLACEMENT: &str = "12345678KQRBNPkqrbnp";

/// Whether `text` is shaped like a piece placement: two or more ranks
/// separated by `/`, none empty, of piece letters and digits 1 to 8 (the
/// ranks' widths are checked when the board is read).
pub(super) fn is_placement(text: &str) -> bool {
    text.contains('/')
        && (text.split('/'))
            .all(|rank| !rank.is_empty() && rank.chars().all(|ch| PLACEMENT.contains(ch)))
}

/// The next non-blank line, read as a board of 8: a rank count or width
/// other than 8, and a piece other than a white queen, are problems.
pub(super) fn next<R: BufRead>(
    source: &mut Source<R>,
    cx: &mut Context,
) -> Result<Option<Entry>, ReadError> {
    let Some((line, text)) = next_text(source)? else {
        return Ok(None);
    };
    if !is_placement(text) {
        let found = format!("{} is not a FEN piece placement", snippet(text));
        let expected =
            "ranks of Q and 1 to 8 separated by /, such as Q7/4Q3/7Q/5Q2/2Q5/6Q1/1Q6/3Q4";
        return Err(ReadError::new(line, found, expected));
    }
    let mut entry = cx.entry(line, 8, false);
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 8 {
        let text = format!(
            "{} ranks, expected 8: FEN describes 8×8 boards",
            ranks.len()
        );
        entry.problems.push(Problem { line, text });
    }
    for (row, rank) in ranks.iter().take(8).enumerate() {
        read_rank(line, row, rank, &mut entry);
    }
    Ok(Some(entry))
}

/// The queens of one rank, on row `row`; its width and any other piece
/// are problems.
fn read_rank(line: u64, row: usize, rank: &str, entry: &mut Entry) {
    let mut col = 0;
    for piece in rank.chars() {
        match piece.to_digit(10) {
            Some(empty) => col += empty as usize,
            None if piece == 'Q' => {
                if col < 8 {
                    entry.queens.push(Square { row, col });
                }
                col += 1;
            }
            None => {
                let text = format!(
                    "`{piece}` in row {row} (rank {}) is a piece other than the queen `Q`",
                    8 - row
                );
                entry.problems.push(Problem { line, text });
                col += 1;
            }
        }
    }
    if col != 8 {
        let text = format!("row {row} has {col} squares, expected 8: a rank holds 8");
        entry.problems.push(Problem { line, text });
    }
}
