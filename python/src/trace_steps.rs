//! `TraceStep` and `TraceSteps`: what `show_trace()` collects, drawn in
//! a notebook as the board at a step over its line of narration.

use crate::pictures::inline;
use nqueens::Square;
use nqueens_report::picture::{escape, Picture};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};

/// One line of the narration and the board at its end.
#[derive(Clone)]
pub struct Frame {
    /// The line, as `nqueens trace` writes it.
    pub text: String,
    /// The board size.
    pub n: usize,
    /// The queens standing at the end of the line.
    pub queens: Vec<Square>,
    /// Each square the line refused.
    pub refused: Vec<Refusal>,
}

/// A square refused, and the queen attacking it where the step names one
/// (`bitmask` refuses a row's attacked squares at once, by masks).
#[derive(Clone, Copy)]
pub struct Refusal {
    /// The square.
    pub at: Square,
    /// The queen attacking it.
    pub by: Option<Square>,
}

impl Frame {
    fn picture(&self) -> Picture {
        Picture {
            n: self.n,
            queens: self.queens.clone(),
            blocked: self.refused.iter().map(|r| r.at).collect(),
            conflicts: (self.refused.iter())
                .filter_map(|r| r.by.map(|by| (by, r.at)))
                .collect(),
            ..Picture::default()
        }
    }

    fn html(&self) -> String {
        format!(
            "<div class=\"nqueens-step\">{}<pre>{}</pre></div>",
            inline(&self.picture().svg()),
            escape(&self.text)
        )
    }
}

/// One line of a traced search's narration, and the board at its end.
///
/// Jupyter draws it as the board (the queens standing, each square the
/// line refused crossed out, with a red line from the queen attacking it)
/// over the line of text.
///
/// Returns
/// -------
/// TraceStep
///     What indexing ``show_trace()`` gives: ``n``, ``text``, ``queens``,
///     ``refused`` and ``to_svg()``.
///
/// Examples
/// --------
/// >>> step = nqueens.show_trace(4)[1]
/// >>> step.text
/// 'row 1: col 0 ✗ column (queen at row 0, col 0) · col 1 ✗ diagonal (queen at row 0, col 0) · col 2 ✓ place'
/// >>> step.queens
/// ((0, 0), (1, 2))
#[pyclass(module = "nqueens", frozen)]
pub struct TraceStep(pub Frame);

#[pymethods]
impl TraceStep {
    /// The line of narration, as ``nqueens trace`` prints it.
    #[getter]
    fn text(&self) -> &str {
        &self.0.text
    }

    /// The board size.
    #[getter]
    fn n(&self) -> usize {
        self.0.n
    }

    /// The queens standing at the end of the line, as (row, column) pairs.
    #[getter]
    fn queens<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.0.queens.iter().map(|q| (q.row, q.col)))
    }

    /// The squares the line refused, as (row, column) pairs.
    #[getter]
    fn refused<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.0.refused.iter().map(|r| (r.at.row, r.at.col)))
    }

    /// The board at this step as an SVG document.
    ///
    /// Returns
    /// -------
    /// str
    ///     The SVG text (what Jupyter draws).
    ///
    /// Examples
    /// --------
    /// >>> nqueens.show_trace(4)[1].to_svg().count('class="queen"')
    /// 2
    fn to_svg(&self) -> String {
        self.0.picture().svg()
    }

    fn _repr_html_(&self) -> String {
        self.0.html()
    }

    fn __repr__(&self) -> String {
        format!("<TraceStep: {}>", self.0.text)
    }
}

/// A traced search, collected: a sequence of `TraceStep`.
///
/// Jupyter shows the whole narration and the board at its last step;
/// index it to see the board at any step.
///
/// Returns
/// -------
/// TraceSteps
///     What ``show_trace()`` gives: a step per line of the narration.
///
/// Examples
/// --------
/// >>> steps = nqueens.show_trace(4)
/// >>> steps[0].text
/// 'row 0, col 0: place'
#[pyclass(module = "nqueens", frozen, sequence)]
pub struct TraceSteps(pub Vec<Py<TraceStep>>);

#[pymethods]
impl TraceSteps {
    fn __len__(&self) -> usize {
        self.0.len()
    }

    fn __getitem__<'py>(
        &self,
        py: Python<'py>,
        index: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        self.list(py)?.as_any().get_item(index)
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(self.list(py)?.as_any().try_iter()?.into_any())
    }

    /// The whole narration, one line per step.
    #[getter]
    fn text(&self) -> String {
        let lines: Vec<&str> = self.0.iter().map(|s| s.get().0.text.as_str()).collect();
        lines.join("\n")
    }

    fn _repr_html_(&self) -> String {
        let last = self.0.iter().rev().find(|s| s.get().0.n > 0);
        let board = last.map_or(String::new(), |s| inline(&s.get().to_svg()).to_string());
        format!(
            "<div class=\"nqueens-trace\">{board}\
             <pre style=\"max-height:24em;overflow:auto\">{}</pre></div>",
            self.text()
                .lines()
                .map(escape)
                .collect::<Vec<_>>()
                .join("\n")
        )
    }

    fn __repr__(&self) -> String {
        format!(
            "<TraceSteps: {}>",
            nqueens::plural(self.0.len() as u64, "step")
        )
    }
}

impl TraceSteps {
    fn list<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        PyList::new(py, self.0.iter().map(|s| s.clone_ref(py)))
    }
}
