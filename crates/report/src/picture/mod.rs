//! Boards as pictures: SVG (one board or a captioned grid) and chess FEN.
//!
//! # The SVG
//!
//! A [`Sheet`] collects [`Picture`]s and writes one SVG document: a board
//! alone, or a grid of up to 4 boards a row, each with its caption
//! centred under it. Boards are at most [`MAX_BOARD_PX`] wide (32 px a
//! square up to n = 15, smaller squares beyond), so a board of 1000 with
//! 1000 queens is a document of about 50 KB: the checkerboard is one
//! `<rect>` filled with a 2 × 2 `<pattern>`, and each queen is one
//! `<use>` of a shape declared once in `<defs>`.
//!
//! What is drawn, and the class that finds it (for tests, or for a page
//! that restyles the picture with CSS):
//!
//! | element                       | drawn as                                   | class            |
//! |-------------------------------|--------------------------------------------|------------------|
//! | squares                       | light `#f0d9b5`, dark `#b58863`, a8 light  | (none)           |
//! | a queen found, `<use>`        | black crown with a white outline           | `queen`          |
//! | a queen placed before, `<use>`| blue (`#1565c0`) crown                     | `queen fixed`    |
//! | a blocked square, `<use>`     | grey square with a white ×                 | `blocked`        |
//! | an attacking pair, `<line>`   | red (`#d50000`) line, centre to centre     | `conflict`       |
//! | the board's edge, `<rect>`    | thin brown frame                           | `frame`          |
//! | a caption, `<text>`           | 14 px sans-serif, centred under the board  | `caption`        |
//! | "no boards", `<text>`         | grey text, the whole of an empty sheet     | `empty`          |
//!
//! On squares under 10 px (boards above n = 48) a queen is the whole
//! square filled rather than a crown, which would not show.
//!
//! # FEN
//!
//! [`fen()`] and [`fen_of_squares`] write an 8 × 8 board's piece placement
//! in chess notation, white queens only.

mod defs;
mod fen;
mod sheet;
mod svg;
mod xml;

#[cfg(test)]
mod tests;

pub use fen::{fen, fen_of_squares, NotEightByEight};
pub use sheet::{Sheet, TooManyPictures, MAX_PICTURES};
pub use svg::{Picture, MAX_BOARD_PX, MAX_SQUARE_PX};
pub use xml::escape;
