//! The board `complete` starts from: rows of `Q` (a queen), `x` or `X` (a
//! blocked square) and `.` (a free square).

use super::entry::shown;
use super::source::{too_long, Line, Source};
use super::squares::squares;
use super::ReadError;
use nqueens::plural;
use nqueens::Square;
use std::io::BufRead;

/// A partly filled board for `complete`. Its queens may attack each other
/// and a row may hold several: checking is the caller's.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PartialBoard {
    /// The board size: k rows of k squares.
    pub n: usize,
    /// The squares drawn `Q`, row by row.
    pub queens: Vec<Square>,
    /// The squares drawn `x` or `X`, row by row.
    pub blocked: Vec<Square>,
}

const GLYPHS: &str = "Q (a queen), x (a blocked square) or . (a free square)";

/// Reads one square board of `Q`, `x`/`X` and `.` rows. Blank lines before
/// and after it are ignored, as is whitespace within rows; anything else
/// (a second board, another character, a row of the wrong width, no board
/// at all) is an error.
///
/// ```
/// use nqueens_report::read::read_partial;
/// let board = read_partial("Q...\n..x.\n....\n....\n".as_bytes())?;
/// assert_eq!((board.n, board.queens.len(), board.blocked.len()), (4, 1, 1));
/// # Ok::<(), nqueens_report::read::ReadError>(())
/// ```
pub fn read_partial(input: impl BufRead) -> Result<PartialBoard, ReadError> {
    read_partial_within(input, PARTIAL_LIMIT)
}

/// The most bytes a partial board (and so one of its lines) may take: a
/// board `complete` takes is at most 64 squares wide, 64 × 64 of them
/// with a space between any two take 8 KiB, so a mebibyte is none
/// however spaced; a file without newlines (`/dev/zero`) is refused
/// once it has passed it, not at the gibibyte other inputs may take.
const PARTIAL_LIMIT: usize = 1 << 20;

/// `read_partial` with a smaller size limit, for tests.
pub(super) fn read_partial_within(
    input: impl BufRead,
    limit: usize,
) -> Result<PartialBoard, ReadError> {
    let mut source = Source::new(input, limit);
    source.skip_bom()?;
    let mut board = PartialBoard::default();
    // Each row's line and width, checked once the number of rows is known.
    let mut widths: Vec<(u64, usize)> = Vec::new();
    let (mut bytes, mut ended) = (0, false);
    while let Some(line) = source.next_line()? {
        let text = source.text();
        if text.trim_start().is_empty() {
            ended = !widths.is_empty();
            continue;
        }
        if ended {
            let expected = "one board: complete takes one board";
            return Err(ReadError::new(line.number, "a second board", expected));
        }
        bytes += text.len();
        if bytes > limit {
            return Err(too_long(
                widths.first().map_or(line.number, |w| w.0),
                "board",
                limit,
            ));
        }
        let width = read_row(line, text, widths.len(), &mut board)?;
        widths.push((line.number, width));
    }
    check_square(&widths)?;
    board.n = widths.len();
    Ok(board)
}

/// Adds row `row`'s queens and blocked squares; returns its width.
fn read_row(
    line: Line,
    text: &str,
    row: usize,
    board: &mut PartialBoard,
) -> Result<usize, ReadError> {
    let mut col = 0;
    for (at, glyph) in squares(text) {
        let square = Square { row, col };
        match glyph {
            "Q" => board.queens.push(square),
            "x" | "X" => board.blocked.push(square),
            "." => {}
            _ => {
                let found = format!("{} at column {}", shown(glyph), line.column + at as u64);
                return Err(ReadError::new(line.number, found, GLYPHS));
            }
        }
        col += 1;
    }
    Ok(col)
}

/// k rows of k squares, at least one.
fn check_square(widths: &[(u64, usize)]) -> Result<(), ReadError> {
    let k = widths.len();
    if k == 0 {
        return Err(ReadError::new(1, "no board", "rows of Q, x and ."));
    }
    match widths.iter().find(|&&(_, width)| width != k) {
        Some(&(line, width)) => Err(ReadError::new(
            line,
            format!("a row of {}", plural(width, "square")),
            format!(
                "{k}: a board of {} needs {} in every row",
                plural(k, "row"),
                plural(k, "square")
            ),
        )),
        None => Ok(()),
    }
}
