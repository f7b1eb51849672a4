//! `svg`: the boards drawn, one picture or a captioned grid. An SVG names
//! its size before its content, so the boards are kept until the end and
//! the document is written whole: a run stopped part way writes nothing.

use super::{Board, Marks, WriteError, Writer};
use crate::picture::{Picture, Sheet, TooManyPictures, MAX_PICTURES};
use std::io::Write;

pub(crate) struct Svg {
    marks: Marks,
    pictures: Vec<Picture>,
}

impl Svg {
    pub(crate) fn new(marks: Marks) -> Self {
        Self {
            marks,
            pictures: Vec::new(),
        }
    }
}

impl Writer for Svg {
    fn solution(&mut self, _out: &mut dyn Write, board: Board) -> Result<(), WriteError> {
        if self.pictures.len() == MAX_PICTURES {
            return Err(TooManyPictures.into());
        }
        let columns = board.columns();
        let mut picture = Picture::from_columns(&columns);
        let marks = &self.marks;
        picture.queens.retain(|queen| !marks.fixed.contains(queen));
        picture.fixed.clone_from(&marks.fixed);
        picture.blocked.clone_from(&marks.blocked);
        picture.caption = Some(match board.class_size {
            Some(size) => format!("#{} · class of {size}", board.index + 1),
            None => format!("#{}", board.index + 1),
        });
        self.pictures.push(picture);
        Ok(())
    }

    fn finish(&mut self, out: &mut dyn Write) -> Result<(), WriteError> {
        // One board alone needs no number under it.
        if let [only] = self.pictures.as_mut_slice() {
            if only.caption.as_deref() == Some("#1") {
                only.caption = None;
            }
        }
        let mut sheet = Sheet::new();
        for picture in &self.pictures {
            sheet.add(picture)?;
        }
        Ok(sheet.write(out)?)
    }
}
