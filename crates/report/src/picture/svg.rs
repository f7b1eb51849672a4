//! One board as a piece of SVG: what a [`Picture`] holds and how it is
//! drawn in its own corner of a document, which a sheet then
//! places in its grid.

use super::xml::{escape, num};
use nqueens::Square;
use std::collections::HashSet;

/// The widest a square is drawn, in pixels: boards up to n = 15 are
/// 32 px a square, larger ones shrink to fit [`MAX_BOARD_PX`].
pub const MAX_SQUARE_PX: f64 = 32.0;
/// The widest a board is drawn, in pixels, whatever its n.
pub const MAX_BOARD_PX: f64 = 480.0;
/// Below this many pixels a square, queens are whole filled squares
/// rather than crowns: a crown that small is a smudge.
const CROWN_MIN_PX: f64 = 10.0;
/// The least width, in pixels, a queen is drawn on a large board.
const MIN_DOT_PX: f64 = 2.5;

/// One board to draw.
///
/// Squares outside the n × n board are not drawn, and a square listed
/// both in `queens` and in `fixed` is drawn once, as fixed, so a caller
/// may pass a whole solution as `queens` and the queens it started from
/// as `fixed`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Picture {
    /// The board is n × n.
    pub n: usize,
    /// The queens found: black crowns, `class="queen"`.
    pub queens: Vec<Square>,
    /// The queens placed before the search: blue crowns,
    /// `class="queen fixed"`.
    pub fixed: Vec<Square>,
    /// Squares no queen may take: grey with a white ×, `class="blocked"`.
    pub blocked: Vec<Square>,
    /// Attacking pairs: a red line between the two queens' centres,
    /// `class="conflict"`.
    pub conflicts: Vec<(Square, Square)>,
    /// One line of text under the board, `class="caption"`.
    pub caption: Option<String>,
}

impl Picture {
    /// The board of `columns.len()` with the queen of row r in column
    /// `columns[r]`, the way solutions are written.
    pub fn from_columns(columns: &[usize]) -> Picture {
        let queens = columns
            .iter()
            .enumerate()
            .map(|(row, &col)| Square { row, col })
            .collect();
        Picture {
            n: columns.len(),
            queens,
            ..Picture::default()
        }
    }

    /// The same picture with `caption` under it.
    pub fn with_caption(mut self, caption: impl Into<String>) -> Picture {
        self.caption = Some(caption.into());
        self
    }
}

/// A board drawn with its top-left corner at (0, 0), ready to be moved
/// into place.
#[derive(Debug, Clone)]
pub(crate) struct Fragment {
    /// The SVG elements.
    pub body: String,
    /// The board's width and height in pixels.
    pub board: f64,
    /// The width the board and its caption need, in pixels.
    pub width: f64,
    /// Whether there is a caption under the board.
    pub captioned: bool,
}

/// How wide a board of `n` is drawn, in pixels.
pub(crate) fn board_px(n: usize) -> f64 {
    (n as f64 * MAX_SQUARE_PX).min(MAX_BOARD_PX)
}

/// Draws `picture`: the board, then its caption centred under it.
pub(crate) fn render(picture: &Picture) -> Fragment {
    let board = board_px(picture.n);
    let mut body = String::new();
    if picture.n > 0 {
        draw_board(&mut body, picture, board / picture.n as f64);
    }
    let mut width = board;
    if let Some(caption) = &picture.caption {
        // A guess at the text's width (about 8 px a character at 14 px),
        // so that neighbours leave room for it; capped, as a board is.
        let guess = 8.0 * (caption.chars().count() as f64 + 1.0);
        width = width.max(guess.min(MAX_BOARD_PX));
        body.push_str(&format!(
            "<text x=\"{}\" y=\"{}\" class=\"caption\">{}</text>",
            num(board / 2.0),
            num(board + 20.0),
            escape(caption)
        ));
    }
    Fragment {
        body,
        board,
        width,
        captioned: picture.caption.is_some(),
    }
}

/// The board in a group scaled so that one square is one user unit:
/// squares, blocked squares, queens, conflict lines and a frame, each
/// layer over the one before.
fn draw_board(out: &mut String, picture: &Picture, scale: f64) {
    let n = picture.n;
    out.push_str(&format!("<g transform=\"scale({})\">", num(scale)));
    out.push_str(&format!(
        "<rect width=\"{n}\" height=\"{n}\" fill=\"url(#ck)\"/>"
    ));
    for square in picture.blocked.iter().filter(|s| on(n, s)) {
        place(out, "b", "blocked", square);
    }
    draw_queens(out, picture, scale);
    draw_conflicts(out, picture, scale);
    out.push_str(&format!(
        "<rect width=\"{n}\" height=\"{n}\" class=\"frame\" stroke-width=\"{}\"/></g>",
        num(1.0 / scale)
    ));
}

/// The queens, found then fixed. On squares too small for a crown a
/// queen is its square filled, grown by an outline of its own colour to
/// at least [`MIN_DOT_PX`] so that it still shows.
fn draw_queens(out: &mut String, picture: &Picture, scale: f64) {
    let n = picture.n;
    let fixed: HashSet<(usize, usize)> = picture.fixed.iter().map(|s| (s.row, s.col)).collect();
    let crowns = scale >= CROWN_MIN_PX;
    let glyph = if crowns { "q" } else { "d" };
    if !crowns {
        let outline = (MIN_DOT_PX / scale - 1.0).max(0.0);
        out.push_str(&format!(
            "<g class=\"dots\" stroke-width=\"{}\">",
            num(outline)
        ));
    }
    for square in picture.queens.iter().filter(|s| on(n, s)) {
        if !fixed.contains(&(square.row, square.col)) {
            place(out, glyph, "queen", square);
        }
    }
    for square in picture.fixed.iter().filter(|s| on(n, s)) {
        place(out, glyph, "queen fixed", square);
    }
    if !crowns {
        out.push_str("</g>");
    }
}

/// Whether `square` is on a board of `n`.
fn on(n: usize, square: &Square) -> bool {
    square.row < n && square.col < n
}

/// One copy of shape `id` on `square`.
fn place(out: &mut String, id: &str, class: &str, square: &Square) {
    out.push_str(&format!(
        "<use href=\"#{id}\" x=\"{}\" y=\"{}\" class=\"{class}\"/>",
        square.col, square.row
    ));
}

/// The conflict lines, centre to centre: 0.08 of a square wide, but never
/// under 2 px, so that they still show on a board of 1000.
fn draw_conflicts(out: &mut String, picture: &Picture, scale: f64) {
    let n = picture.n;
    let lines: Vec<_> = picture
        .conflicts
        .iter()
        .filter(|(a, b)| on(n, a) && on(n, b))
        .collect();
    if lines.is_empty() {
        return;
    }
    let width = (2.0 / scale).max(0.08);
    out.push_str(&format!("<g stroke-width=\"{}\">", num(width)));
    for (a, b) in lines {
        out.push_str(&format!(
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" class=\"conflict\"/>",
            num(a.col as f64 + 0.5),
            num(a.row as f64 + 0.5),
            num(b.col as f64 + 0.5),
            num(b.row as f64 + 0.5)
        ));
    }
    out.push_str("</g>");
}
