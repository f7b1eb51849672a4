//! Boards as pictures in a notebook: `Board` (one board, drawn as SVG by
//! Jupyter through `_repr_svg_`), `Boards` (a captioned grid, from
//! `show()`) and the SVG that `render(..., format="svg")` returns — the
//! report crate's pictures, the same as `nqueens solve --format svg`.

use crate::args::{self, items, refuse_str};
use nqueens::constraint::{first_conflicts, LISTED};
use nqueens_report::format::DRAWN_MAX_N;
use nqueens_report::picture::Picture;
use pyo3::basic::CompareOp;
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

/// The columns of a board, each on the board they make: `what` names the
/// argument in errors.
pub fn board_columns(value: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<u32>> {
    if let Ok(board) = value.cast::<Board>() {
        return Ok(board.get().columns.clone());
    }
    refuse_str(value, what)?;
    let items = items(value, what)?;
    let last = items.len().saturating_sub(1) as u64;
    let column = |(row, item): (usize, &Bound<'_, PyAny>)| {
        let name = format!("{what}: the column of row {row}");
        args::whole_number(item, &name, 0, last).map(|c| c as u32)
    };
    items.iter().enumerate().map(column).collect()
}

/// The widest board whose repr lists every column.
const REPR_MAX_N: usize = 64;

/// A board of at most [`DRAWN_MAX_N`] rows, or the error saying so.
pub fn drawable(columns: &[u32]) -> PyResult<()> {
    match columns.len() <= DRAWN_MAX_N {
        true => Ok(()),
        false => Err(PyValueError::new_err(format!(
            "a board of {} rows is too wide to draw: boards are drawn up to {DRAWN_MAX_N} wide",
            columns.len()
        ))),
    }
}

/// The picture of a board: its queens, and a red line between each pair
/// that attacks each other (the first [`LISTED`]).
pub fn picture(columns: &[u32]) -> Picture {
    let wide: Vec<usize> = columns.iter().map(|&c| c as usize).collect();
    let mut picture = Picture::from_columns(&wide);
    let (pairs, _) = first_conflicts(&picture.queens, LISTED);
    picture.conflicts = pairs.iter().map(|p| (p.first, p.second)).collect();
    picture
}

/// A whole SVG document showing the board alone.
pub fn svg(columns: &[u32]) -> PyResult<String> {
    drawable(columns)?;
    Ok(picture(columns).svg())
}

/// An SVG document as a piece of HTML: without its XML declaration,
/// which only a document of its own may have.
pub fn inline(svg: &str) -> &str {
    match svg.split_once("?>\n") {
        Some((declaration, rest)) if declaration.starts_with("<?xml") => rest,
        _ => svg,
    }
}

/// One board: the queens' columns, row 0 first.
///
/// A frozen sequence of ints that Jupyter draws as a picture. It equals
/// the tuple of its columns (and hashes like it), so that it can be looked
/// up among the tuples ``solutions()`` yields.
///
/// Parameters
/// ----------
/// columns : sequence of int
///     The column of each row's queen, each from 0 to ``len(columns) - 1``.
///
/// Returns
/// -------
/// Board
///     A frozen sequence of the columns, drawn by Jupyter (``_repr_svg_``).
///
/// Raises
/// ------
/// TypeError
///     When `columns` is not a sequence of ints.
/// ValueError
///     When a column is off the board.
///
/// Examples
/// --------
/// >>> board = nqueens.Board((1, 3, 0, 2))
/// >>> board
/// Board((1, 3, 0, 2))
/// >>> len(board), board[0], list(board), board == (1, 3, 0, 2)
/// (4, 1, [1, 3, 0, 2], True)
/// >>> board.to_svg().count('class="queen"')
/// 4
#[pyclass(module = "nqueens", frozen, sequence)]
pub struct Board {
    columns: Vec<u32>,
}

impl Board {
    /// The board of `columns`, already checked.
    pub fn of(columns: Vec<u32>) -> Board {
        Board { columns }
    }

    /// The queens' columns, row 0 first.
    pub fn queens(&self) -> &[u32] {
        &self.columns
    }

    fn tuple<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.columns)
    }
}

#[pymethods]
impl Board {
    #[new]
    fn new(columns: &Bound<'_, PyAny>) -> PyResult<Board> {
        Ok(Board::of(board_columns(columns, "columns")?))
    }

    /// The queens' columns, row 0 first, as a tuple.
    #[getter]
    fn columns<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        self.tuple(py)
    }

    /// The board size: its number of rows.
    #[getter]
    fn n(&self) -> usize {
        self.columns.len()
    }

    /// Whether no two queens attack each other.
    #[getter]
    fn valid(&self) -> bool {
        nqueens::huge::is_solution(&self.columns)
    }

    fn __len__(&self) -> usize {
        self.columns.len()
    }

    fn __getitem__<'py>(
        &self,
        py: Python<'py>,
        index: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        // A row's column straight from the board, which may have millions.
        if let Ok(row) = index.extract::<isize>() {
            let n = self.columns.len() as isize;
            let at = if row < 0 { row + n } else { row };
            return match (0..n).contains(&at) {
                true => Ok(self.columns[at as usize].into_pyobject(py)?.into_any()),
                false => Err(PyIndexError::new_err("board index out of range")),
            };
        }
        self.tuple(py)?.as_any().get_item(index)
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(self.tuple(py)?.as_any().try_iter()?.into_any())
    }

    /// Equal to, and ordered as, its tuple of columns: against another
    /// board or a tuple (`sorted()` of boards sorts them as tuples).
    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> PyResult<Py<PyAny>> {
        let py = other.py();
        let theirs = match other.cast::<Board>() {
            Ok(board) => board.get().tuple(py)?.into_any(),
            Err(_) if other.is_instance_of::<PyTuple>() => other.clone(),
            Err(_) => return Ok(py.NotImplemented()),
        };
        let answer = self.tuple(py)?.as_any().rich_compare(theirs, op)?;
        Ok(answer.unbind())
    }

    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        self.tuple(py)?.hash()
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, (Bound<'py, PyTuple>,))> {
        let columns = slf.get().tuple(slf.py())?;
        Ok((slf.get_type().into_any(), (columns,)))
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        if self.columns.len() <= REPR_MAX_N {
            return Ok(format!("Board({})", self.tuple(py)?.repr()?));
        }
        let first: Vec<String> = self.columns[..8].iter().map(u32::to_string).collect();
        Ok(format!(
            "Board(n={}, columns=({}, …))",
            self.columns.len(),
            first.join(", ")
        ))
    }

    /// The board as an SVG document.
    ///
    /// Queens are crowns on a checkerboard; a red line joins each pair of
    /// queens that attack each other. The picture of
    /// ``nqueens solve --format svg``.
    ///
    /// Returns
    /// -------
    /// str
    ///     The SVG document.
    ///
    /// Raises
    /// ------
    /// ValueError
    ///     When the board is wider than 1000.
    ///
    /// Examples
    /// --------
    /// >>> nqueens.Board((0, 1)).to_svg().count('class="conflict"')
    /// 1
    fn to_svg(&self) -> PyResult<String> {
        svg(&self.columns)
    }

    /// The picture Jupyter shows; None for a board too wide to draw.
    fn _repr_svg_(&self) -> Option<String> {
        svg(&self.columns).ok()
    }
}
