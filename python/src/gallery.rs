//! `show()` and `Boards`: many boards drawn as one captioned grid in a
//! notebook, the sheet of `nqueens solve --format svg`.

use crate::args::{self, refuse_str};
use crate::pictures::{board_columns, drawable, inline, picture, Board};
use nqueens_report::picture::{Sheet, MAX_PICTURES};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyList, PySlice};

/// Boards shown together: a grid of pictures, each numbered under it.
///
/// A sequence of `Board`, made by `show()`; Jupyter draws it through
/// ``_repr_html_`` (or ``_repr_svg_``).
///
/// Returns
/// -------
/// Boards
///     What ``show()`` gives: indexed and measured like a list of `Board`.
///
/// Examples
/// --------
/// >>> boards = nqueens.show(nqueens.solutions(6))
/// >>> len(boards), boards[0]
/// (4, Board((1, 3, 5, 0, 2, 4)))
#[pyclass(module = "nqueens", frozen, sequence)]
pub struct Boards {
    boards: Vec<Py<Board>>,
}

#[pymethods]
impl Boards {
    fn __len__(&self) -> usize {
        self.boards.len()
    }

    fn __getitem__<'py>(
        &self,
        py: Python<'py>,
        index: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        if let Ok(slice) = index.cast::<PySlice>() {
            let picked = slice.indices(self.boards.len() as isize)?;
            let boards = (0..picked.slicelength)
                .map(|k| picked.start + k as isize * picked.step)
                .map(|at| self.boards[at as usize].clone_ref(py))
                .collect();
            return Ok(Bound::new(py, Boards { boards })?.into_any());
        }
        self.list(py)?.as_any().get_item(index)
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(self.list(py)?.as_any().try_iter()?.into_any())
    }

    fn __repr__(&self) -> String {
        let sizes: Vec<usize> = self.boards.iter().map(|b| b.get().queens().len()).collect();
        match sizes.first() {
            Some(&n) if sizes.iter().all(|&size| size == n) => {
                format!("<Boards: {} of n = {n}>", sizes.len())
            }
            Some(_) => format!("<Boards: {}>", sizes.len()),
            None => "<Boards: none>".to_string(),
        }
    }

    /// The boards as one SVG document: a grid, each board numbered
    /// (``#1``, ``#2``, …) under it, as ``nqueens solve --format svg``
    /// draws them.
    ///
    /// Returns
    /// -------
    /// str
    ///     The SVG document; with no boards, a small one saying so.
    ///
    /// Examples
    /// --------
    /// >>> nqueens.show(nqueens.solutions(5)).to_svg().count('class="caption"')
    /// 10
    fn to_svg(&self) -> String {
        let mut sheet = Sheet::new();
        for (index, board) in self.boards.iter().enumerate() {
            let picture = picture(board.get().queens()).with_caption(format!("#{}", index + 1));
            sheet
                .add(&picture)
                .expect("show() keeps at most MAX_PICTURES");
        }
        let mut out = Vec::new();
        sheet
            .write(&mut out)
            .expect("writing to memory does not fail");
        String::from_utf8(out).expect("the document is built from strings")
    }

    /// The grid Jupyter shows as an image.
    fn _repr_svg_(&self) -> String {
        self.to_svg()
    }

    /// The grid Jupyter shows, with a line saying how many boards.
    fn _repr_html_(&self) -> String {
        let count = nqueens::plural(self.boards.len() as u64, "board");
        format!(
            "<div class=\"nqueens-boards\"><p>{count}</p>{}</div>",
            inline(&self.to_svg())
        )
    }
}

impl Boards {
    fn list<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        PyList::new(py, self.boards.iter().map(|b| b.clone_ref(py)))
    }
}

/// The boards `show()` takes unless told otherwise.
const SHOWN: usize = 100;

#[pyfunction]
#[pyo3(signature = (boards, *, limit=None))]
/// Boards to look at in a notebook, drawn as a grid.
///
/// Takes boards one by one from any iterable (a list, ``solutions(n)``)
/// and stops after `limit`, so that a lazy search is not run to its end.
///
/// Parameters
/// ----------
/// boards : iterable of Board or sequence of int
///     The boards, each as the queens' columns, row 0 first.
/// limit : int, optional
///     The most boards taken, from 0 to 1000 (None: 100).
///
/// Returns
/// -------
/// Boards
///     The boards, which Jupyter draws as a grid.
///
/// Raises
/// ------
/// TypeError
///     When `boards` is not iterable, or a board is not a sequence of ints.
/// ValueError
///     When `limit` is out of range, or a board is wider than 1000 or has
///     a column off the board.
///
/// Examples
/// --------
/// >>> nqueens.show(nqueens.solutions(8), limit=12)
/// <Boards: 12 of n = 8>
/// >>> nqueens.show([(1, 3, 0, 2)])[0].valid
/// True
pub fn show(boards: &Bound<'_, PyAny>, limit: Option<&Bound<'_, PyAny>>) -> PyResult<Boards> {
    let limit = match limit {
        Some(limit) if !limit.is_none() => {
            args::whole_number(limit, "limit", 0, MAX_PICTURES as u64)? as usize
        }
        _ => SHOWN,
    };
    refuse_str(boards, "boards")?;
    let kind = boards.get_type().name()?;
    let iterator = boards
        .try_iter()
        .map_err(|_| PyTypeError::new_err(format!("boards must be iterable, not {kind}")))?;
    let mut taken = Vec::new();
    for (index, board) in iterator.take(limit).enumerate() {
        let columns = board_columns(&board?, &format!("board {index}"))?;
        drawable(&columns)?;
        taken.push(Py::new(boards.py(), Board::of(columns))?);
    }
    Ok(Boards { boards: taken })
}
