//! `verify(queen=..., empty=...)`: the glyphs a board's rows are read
//! with, named as `nqueens verify --queen CH --empty CH` names them, and
//! the reader's refusal advising them as keyword arguments.

use nqueens::Glyph;
use nqueens_report::read::ReadError;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::PyResult;

/// The (queen, empty) pair to read rows with: both named or neither
/// (then the reader learns them from the boards).
pub fn named(queen: Option<&str>, empty: Option<&str>) -> PyResult<Option<(String, String)>> {
    let (queen, empty) = match (queen, empty) {
        (None, None) => return Ok(None),
        (Some(queen), Some(empty)) => (queen, empty),
        (Some(_), None) | (None, Some(_)) => {
            return Err(PyTypeError::new_err(
                "queen and empty go together: name both glyphs, or neither to have them read from the boards",
            ))
        }
    };
    for (which, text) in [("queen", queen), ("empty", empty)] {
        Glyph::new(text)
            .map_err(|err| PyValueError::new_err(format!("{which} = {text:?}: {err}")))?;
    }
    if queen == empty {
        return Err(PyValueError::new_err(format!(
            "queen and empty are both {queen:?}: the two glyphs must differ"
        )));
    }
    Ok(Some((queen.to_string(), empty.to_string())))
}

/// The reader's error as a `ValueError` naming the board by its index
/// from 0; where it could not tell the
/// queen from the empty square, with the keyword arguments that name
/// them (or why one cannot be named).
pub fn advised(read: &ReadError) -> pyo3::PyErr {
    // Each board is one line of the text handed to the reader: its line
    // number, from 1, is the board's index, from 0, plus one.
    let board = read.line.saturating_sub(1);
    let err = format!("board {board}: {}, expected {}", read.found, read.expected);
    let Some((queen, empty)) = &read.glyphs_to_name else {
        return PyValueError::new_err(err);
    };
    let unnamed = [queen, empty]
        .into_iter()
        .find_map(|glyph| Glyph::new(glyph).err().map(|why| (glyph, why)));
    PyValueError::new_err(match unnamed {
        Some((glyph, why)) => format!("{err}, but {glyph:?} cannot be named: {why}"),
        None => format!("{err}, such as queen={queen:?}, empty={empty:?}"),
    })
}
