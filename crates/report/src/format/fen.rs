//! `fen`: each 8×8 solution as the piece-placement field of chess FEN,
//! one per line.

use super::{Board, WriteError, Writer};
use crate::picture::fen;
use std::io::{self, Write};

pub(crate) struct Fen;

impl Writer for Fen {
    fn solution(&mut self, out: &mut dyn Write, board: Board) -> Result<(), WriteError> {
        let columns = board.columns();
        let placement =
            fen(&columns).map_err(|err| io::Error::new(io::ErrorKind::InvalidInput, err))?;
        Ok(writeln!(out, "{placement}")?)
    }
}
