//! `count(progress=...)`: the units a count has done, told to a Python
//! callable as `(units_done, units_total)`, or drawn by a `tqdm` bar.

use nqueens::BoardSize;
use pyo3::exceptions::{PyImportError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict};

/// Where the progress goes.
pub enum Reporter {
    /// Nowhere.
    Silent,
    /// A callable, called with `(units_done, units_total)`.
    Callback(Py<PyAny>),
    /// A `tqdm` bar, and the units it shows.
    Bar(Py<PyAny>, u64),
}

impl Reporter {
    /// `progress=`: None or False, a callable, or True for a `tqdm` bar.
    pub fn asked(
        py: Python<'_>,
        progress: Option<&Bound<'_, PyAny>>,
        size: BoardSize,
    ) -> PyResult<Reporter> {
        let Some(progress) = progress.filter(|p| !p.is_none()) else {
            return Ok(Reporter::Silent);
        };
        if let Ok(flag) = progress.cast::<PyBool>() {
            return match flag.is_true() {
                true => Ok(Reporter::Bar(bar(py, size)?, 0)),
                false => Ok(Reporter::Silent),
            };
        }
        if !progress.is_callable() {
            let kind = progress.get_type().name()?;
            return Err(PyTypeError::new_err(format!(
                "progress must be a callable taking (units_done, units_total), True for a tqdm bar, or None, not {kind}"
            )));
        }
        Ok(Reporter::Callback(progress.clone().unbind()))
    }

    /// Tells where the count stands, when it moved since last told.
    pub fn show(&mut self, py: Python<'_>, done: u64, total: u64) -> PyResult<()> {
        match self {
            Reporter::Silent => Ok(()),
            Reporter::Callback(callback) => callback.call1(py, (done, total)).map(drop),
            Reporter::Bar(bar, shown) if done > *shown => {
                bar.setattr(py, "total", total)?;
                bar.call_method1(py, "update", (done - *shown,))?;
                *shown = done;
                Ok(())
            }
            Reporter::Bar(..) => Ok(()),
        }
    }

    /// The work's answer, with the bar closed first when there is none.
    pub fn finished<T>(&self, py: Python<'_>, ran: PyResult<T>) -> PyResult<T> {
        if ran.is_err() {
            self.close(py)?;
        }
        ran
    }

    /// Closes the bar.
    pub fn close(&self, py: Python<'_>) -> PyResult<()> {
        match self {
            Reporter::Bar(bar, _) => bar.call_method0(py, "close").map(drop),
            _ => Ok(()),
        }
    }
}

/// A `tqdm` bar for the count's units, or why there is none: `tqdm.auto`'s,
/// a widget in a notebook where ipywidgets is installed, text on a
/// terminal.
fn bar(py: Python<'_>, size: BoardSize) -> PyResult<Py<PyAny>> {
    let tqdm = py.import("tqdm.auto").map_err(|_| {
        PyImportError::new_err(
            "progress=True draws a tqdm bar, and tqdm is not installed: \
             pip install tqdm, or pass a callable taking (units_done, units_total)",
        )
    })?;
    let options = PyDict::new(py);
    options.set_item("desc", format!("count {size}"))?;
    options.set_item("unit", "unit")?;
    Ok(tqdm.getattr("tqdm")?.call((), Some(&options))?.unbind())
}
