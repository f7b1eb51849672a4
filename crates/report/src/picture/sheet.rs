//! Many boards in one SVG document: a grid the caller fills one picture
//! at a time, not knowing in advance how many there will be.

use super::defs;
use super::svg::{render, Fragment, Picture};
use super::xml::num;
use std::fmt;
use std::io::{self, Write};

/// The most boards one sheet draws: beyond that a document is too large
/// to look at, and a run that finds more should be asked for fewer.
pub const MAX_PICTURES: usize = 1000;

/// Space around the grid, in pixels.
const MARGIN: f64 = 16.0;
/// Space between neighbouring boards, in pixels.
const GAP: f64 = 24.0;
/// Room under each board for its caption, in pixels.
const CAPTION_BAND: f64 = 28.0;
/// A row of boards is kept about this wide, in pixels...
const ROW_PX: f64 = 1200.0;
/// ...and holds at most this many boards: 4 boards of n = 8 a row, 3 of
/// n = 9 to 12, 2 of larger ones.
const MAX_COLUMNS: usize = 4;

/// [`Sheet::add`] was called with [`MAX_PICTURES`] boards already on the
/// sheet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TooManyPictures;

impl fmt::Display for TooManyPictures {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "an SVG draws at most {MAX_PICTURES} boards: \
             ask for fewer (e.g. --limit {MAX_PICTURES} or --unique)"
        )
    }
}

impl std::error::Error for TooManyPictures {}

/// A grid of boards, each with its caption under it, written as one SVG
/// document.
///
/// Each picture is drawn as it is added and kept as its SVG text, which
/// is a few dozen bytes a queen; only the grid's shape waits for
/// [`Sheet::write`], since it depends on the widest board.
///
/// One picture is drawn alone; several are laid out left to right, then
/// top to bottom, up to 4 a row (fewer when boards or captions are wide:
/// 3 a row for n = 9 to 12, 2 for larger boards). A sheet with no
/// pictures is still a valid document: a small one with the text
/// "no boards" in an element of `class="empty"`.
#[derive(Debug, Clone, Default)]
pub struct Sheet {
    fragments: Vec<Fragment>,
}

/// Where the boards go.
struct Layout {
    /// Boards a row.
    columns: usize,
    /// The width of every cell: the widest board's or caption's.
    cell_width: f64,
    /// The top of each row, in pixels: each row is as high as its
    /// highest board, so small boards next to large ones in another row
    /// leave no gaps.
    tops: Vec<f64>,
    /// The document's height.
    height: f64,
}

impl Sheet {
    /// An empty sheet.
    pub fn new() -> Sheet {
        Sheet::default()
    }

    /// How many pictures the sheet holds.
    pub fn len(&self) -> usize {
        self.fragments.len()
    }

    /// Whether the sheet holds no picture.
    pub fn is_empty(&self) -> bool {
        self.fragments.is_empty()
    }

    /// Draws `picture` as the sheet's next board, unless the sheet holds
    /// [`MAX_PICTURES`] already.
    pub fn add(&mut self, picture: &Picture) -> Result<(), TooManyPictures> {
        if self.fragments.len() >= MAX_PICTURES {
            return Err(TooManyPictures);
        }
        self.fragments.push(render(picture));
        Ok(())
    }

    /// Writes the whole SVG document.
    pub fn write(&self, out: &mut dyn Write) -> io::Result<()> {
        if self.fragments.is_empty() {
            return write_empty(out);
        }
        let layout = self.layout();
        let width = 2.0 * MARGIN + span(layout.columns, layout.cell_width);
        out.write_all(defs::head(&num(width), &num(layout.height)).as_bytes())?;
        for (index, fragment) in self.fragments.iter().enumerate() {
            let (row, column) = (index / layout.columns, index % layout.columns);
            // Each board is centred in its cell, so that a caption wider
            // than its board stays centred under it.
            let x = MARGIN
                + column as f64 * (layout.cell_width + GAP)
                + (layout.cell_width - fragment.board) / 2.0;
            let y = layout.tops[row];
            writeln!(
                out,
                "<g transform=\"translate({} {})\">{}</g>",
                num(x),
                num(y),
                fragment.body
            )?;
        }
        out.write_all(defs::TAIL.as_bytes())
    }

    /// One cell width for all boards, the widest's, so that the columns
    /// line up; as many columns as fit in a row of [`ROW_PX`].
    fn layout(&self) -> Layout {
        let cell_width = self.fragments.iter().map(|f| f.width).fold(0.0, f64::max);
        let fit = ((ROW_PX + GAP) / (cell_width + GAP)).floor() as usize;
        let columns = fit.clamp(1, MAX_COLUMNS).min(self.fragments.len());
        // Room under every row for captions, if any board has one.
        let captioned = self.fragments.iter().any(|f| f.captioned);
        let band = if captioned { CAPTION_BAND } else { 0.0 };
        let mut tops = Vec::new();
        let mut y = MARGIN;
        for row in self.fragments.chunks(columns) {
            tops.push(y);
            y += row.iter().map(|f| f.board).fold(0.0, f64::max) + band + GAP;
        }
        Layout {
            columns,
            cell_width,
            tops,
            height: y - GAP + MARGIN,
        }
    }
}

/// The length of `count` cells of `size` with gaps between them.
fn span(count: usize, size: f64) -> f64 {
    count as f64 * size + count.saturating_sub(1) as f64 * GAP
}

/// The document of a sheet with no boards: the words, so that whoever
/// opens it sees why it is blank.
fn write_empty(out: &mut dyn Write) -> io::Result<()> {
    out.write_all(defs::head("120", "40").as_bytes())?;
    out.write_all(b"<text x=\"16\" y=\"25\" class=\"empty\">no boards</text>\n")?;
    out.write_all(defs::TAIL.as_bytes())
}

impl Picture {
    /// A whole SVG document showing this board alone.
    pub fn svg(&self) -> String {
        let mut sheet = Sheet::new();
        sheet
            .add(self)
            .expect("an empty sheet has room for one picture");
        let mut out = Vec::new();
        sheet
            .write(&mut out)
            .expect("writing to memory does not fail");
        String::from_utf8(out).expect("the document is built from strings")
    }
}
