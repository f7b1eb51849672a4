//! `solve_n_queens()` and `render()`: boards drawn as strings, the way
//! LeetCode 51 and the tutorials print them.

use crate::args::{self, board_size, items, refuse_str};
use crate::pictures;
use nqueens::{from_fn, Glyphs, Solution};
use nqueens_report::format::DRAWN_MAX_N;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyList;

/// The largest n `solve_n_queens` builds whole: n = 14 has 365,596
/// boards; n = 15's 2,279,184 would take gigabytes as Python strings.
pub const SOLVE_MAX_N: usize = 14;

/// LeetCode 51: every solution of the n×n board, each drawn as row strings.
///
/// The boards come in lexicographic order of the queens' columns, all built
/// in memory; for larger boards, stream them with ``solutions(n)``.
///
/// Parameters
/// ----------
/// n : int
///     The board size, 0 to 14 (n = 15 has 2,279,184 boards).
///
/// Returns
/// -------
/// list of list of str
///     Each board as its rows, ``Q`` for a queen and ``.`` for an empty square.
///
/// Raises
/// ------
/// TypeError
///     When n is not an int.
/// ValueError
///     When n is out of range.
///
/// Examples
/// --------
/// >>> nqueens.solve_n_queens(4)
/// [['.Q..', '...Q', 'Q...', '..Q.'], ['..Q.', 'Q...', '...Q', '.Q..']]
#[pyfunction]
pub fn solve_n_queens<'py>(py: Python<'py>, n: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyList>> {
    let why = "solve_n_queens builds every board in memory (n = 15 has 2,279,184); \
               stream larger boards with solutions(n)";
    let size = board_size(n, SOLVE_MAX_N).map_err(|err| args::explained(py, err, why))?;
    let boards = PyList::empty(py);
    let glyphs = Glyphs::default();
    nqueens::solve(
        size,
        from_fn(|solution: &Solution| {
            boards.append(solution.render(&glyphs))?;
            Ok::<bool, PyErr>(true)
        }),
    )?;
    Ok(boards)
}

/// The board whose queens stand in ``columns`` as text, one line per row.
///
/// Parameters
/// ----------
/// columns : sequence of int
///     The queens' columns, row 0 first; a board up to 1000 wide.
/// queen, empty : str, default "Q" and "."
///     The glyphs: each one visible character, the two different and equally
///     wide.
/// format : {"text", "svg"}, default "text"
///     Text rows, or an SVG document of the board (as ``Board._repr_svg_``).
///
/// Returns
/// -------
/// str
///     The rows joined by newlines, or the SVG document.
///
/// Raises
/// ------
/// TypeError
///     When columns is not a sequence of ints, or a glyph not a str.
/// ValueError
///     When a column is off the board, a glyph is not one visible character,
///     or the format is neither "text" nor "svg".
///
/// Examples
/// --------
/// >>> print(nqueens.render((1, 3, 0, 2)))
/// .Q..
/// ...Q
/// Q...
/// ..Q.
/// >>> print(nqueens.render((1, 0), queen="q", empty="-"))
/// -q
/// q-
#[pyfunction]
#[pyo3(signature = (columns, queen=None, empty=None, *, format="text"), text_signature = "(columns, queen='Q', empty='.', *, format='text')")]
pub fn render(
    columns: &Bound<'_, PyAny>,
    queen: Option<&Bound<'_, PyAny>>,
    empty: Option<&Bound<'_, PyAny>>,
    format: &str,
) -> PyResult<String> {
    let glyphs = args::glyph_args(queen, empty)?;
    let columns = board_columns(columns)?;
    match format {
        "text" => Ok(Solution::from_columns(columns).render(&glyphs).join("\n")),
        "svg" => pictures::svg(&columns),
        other => Err(PyValueError::new_err(format!(
            "unknown format {other:?}: the format must be \"text\" or \"svg\""
        ))),
    }
}

/// The columns of a board to draw, each on the board they make.
fn board_columns(columns: &Bound<'_, PyAny>) -> PyResult<Vec<u32>> {
    refuse_str(columns, "columns")?;
    let items = items(columns, "columns")?;
    if items.len() > DRAWN_MAX_N {
        return Err(PyValueError::new_err(format!(
            "a board of {} rows is too wide to draw: render draws boards up to {DRAWN_MAX_N} wide",
            items.len()
        )));
    }
    let last = items.len().saturating_sub(1) as u64;
    let column = |(row, item): (usize, &Bound<'_, PyAny>)| {
        let what = format!("columns: the column of row {row}");
        args::whole_number(item, &what, 0, last).map(|c| c as u32)
    };
    items.iter().enumerate().map(column).collect()
}
