//! Python arguments made into the engine's values, or refused the Python
//! way: `TypeError` for a value of the wrong type, `ValueError` naming the
//! value and what is allowed.

use nqueens::{Algorithm, BoardSize, CodeStyle, Glyph, Glyphs, Named, MAX_N};
use pyo3::exceptions::{PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyString};

/// A whole number from `min` to `max` (an int, or any object with
/// `__index__`), or an error naming it: `what` is the argument's name in
/// the message.
pub fn whole_number(value: &Bound<'_, PyAny>, what: &str, min: u64, max: u64) -> PyResult<u64> {
    // A bool is an int to Python, but `count(True)` is a mistake.
    if value.cast::<PyBool>().is_ok() {
        return Err(PyTypeError::new_err(format!(
            "{what} must be an int, not bool"
        )));
    }
    match value.extract::<u64>() {
        Ok(number) if (min..=max).contains(&number) => Ok(number),
        // Negative or past a u64 is out of range all the same.
        Err(err) if !err.is_instance_of::<PyOverflowError>(value.py()) => {
            let kind = value.get_type().name()?;
            Err(PyTypeError::new_err(format!(
                "{what} must be an int, not {kind}"
            )))
        }
        _ => Err(PyValueError::new_err(format!(
            "{what} must be {}, not {}",
            range_text(min, max),
            value.repr()?
        ))),
    }
}

/// An optional flag: `True` or `False`, none for False; anything else
/// (`1`, `"yes"`) is a `TypeError` naming it.
pub fn flag(value: Option<&Bound<'_, PyAny>>, what: &str) -> PyResult<bool> {
    match value {
        Some(value) if !value.is_none() => boolean(value, what),
        _ => Ok(false),
    }
}

/// An optional `str` argument, `default` when none; another type is a
/// `TypeError` naming it and what it may be (`allowed`).
pub fn text(
    value: Option<&Bound<'_, PyAny>>,
    what: &str,
    allowed: &str,
    default: &str,
) -> PyResult<String> {
    match value {
        Some(value) if !value.is_none() => match value.cast::<PyString>() {
            Ok(text) => Ok(text.to_cow()?.into_owned()),
            Err(_) => {
                let kind = value.get_type().name()?;
                Err(PyTypeError::new_err(format!(
                    "{what} must be a str ({allowed}), not {kind}"
                )))
            }
        },
        _ => Ok(default.to_owned()),
    }
}

/// `True` or `False`; anything else (`1`, `"yes"`) is a `TypeError`.
pub fn boolean(value: &Bound<'_, PyAny>, what: &str) -> PyResult<bool> {
    match value.cast::<PyBool>() {
        Ok(flag) => Ok(flag.is_true()),
        Err(_) => {
            let kind = value.get_type().name()?;
            Err(PyTypeError::new_err(format!(
                "{what} must be True or False, not {kind}"
            )))
        }
    }
}

/// A number of seconds (`seconds=`, `timeout=`): an int or a float, not
/// a bool (`seconds=True` is a mistake); another type is a `TypeError`
/// naming `what`. Its range is the caller's to check.
pub fn seconds(value: &Bound<'_, PyAny>, what: &str) -> PyResult<f64> {
    if value.cast::<PyBool>().is_err() {
        if let Ok(seconds) = value.extract::<f64>() {
            return Ok(seconds);
        }
    }
    let kind = value.get_type().name()?;
    Err(PyTypeError::new_err(format!(
        "{what} must be a number of seconds (an int or a float), not {kind}"
    )))
}

/// "an integer from 0 to 32", or "a whole number from 1 up".
fn range_text(min: u64, max: u64) -> String {
    match max {
        u64::MAX => format!("a whole number from {min} up"),
        max => format!("an integer from {min} to {max}"),
    }
}

/// A board size from 0 to `max` (the searches stop at [`MAX_N`]).
pub fn board_size(n: &Bound<'_, PyAny>, max: usize) -> PyResult<BoardSize> {
    let n = whole_number(n, "n", 0, max as u64)?;
    BoardSize::new(n as usize).map_err(value_error)
}

/// A board size any search takes.
pub fn any_board(n: &Bound<'_, PyAny>) -> PyResult<BoardSize> {
    board_size(n, MAX_N)
}

/// An optional limit: none, or a whole number from 0 on.
pub fn limit(value: Option<&Bound<'_, PyAny>>, what: &str) -> PyResult<u64> {
    match value {
        None => Ok(u64::MAX),
        Some(value) if value.is_none() => Ok(u64::MAX),
        Some(value) => whole_number(value, what, 0, u64::MAX),
    }
}

/// One of the five algorithms, by name.
pub fn algorithm(name: &str) -> PyResult<Algorithm> {
    name.parse().map_err(|_| {
        PyValueError::new_err(format!(
            "unknown algorithm {name:?}: the algorithm must be {}",
            algorithms()
        ))
    })
}

/// `algorithm=`: one of the five algorithms by name, `default` when none;
/// another type is a `TypeError` naming the parameter.
pub fn algorithm_arg(value: Option<&Bound<'_, PyAny>>, default: &str) -> PyResult<Algorithm> {
    algorithm(&text(value, "algorithm", &algorithms(), default)?)
}

/// `style=`: whose names a listing follows, `page` (the default) or
/// `tutorial`; another type is a `TypeError` naming the parameter.
pub fn code_style_arg(value: Option<&Bound<'_, PyAny>>) -> PyResult<CodeStyle> {
    let allowed = format!("one of {}", CodeStyle::listed());
    let name = text(value, "style", &allowed, CodeStyle::Page.name())?;
    name.parse().map_err(|_| {
        PyValueError::new_err(format!(
            "unknown style {name:?}: the style must be {allowed}"
        ))
    })
}

/// "one of permutations, naive, sets, arrays, bitmask".
fn algorithms() -> String {
    format!("one of {}", Algorithm::listed())
}

/// `queen=` and `empty=`: the glyphs a board is drawn with, `Q` and `.`
/// when none; another type is a `TypeError` naming the parameter.
pub fn glyph_args(
    queen: Option<&Bound<'_, PyAny>>,
    empty: Option<&Bound<'_, PyAny>>,
) -> PyResult<Glyphs> {
    let one = "one visible character";
    glyphs(
        &text(queen, "queen", one, "Q")?,
        &text(empty, "empty", one, ".")?,
    )
}

/// The glyphs a board is drawn with.
pub fn glyphs(queen: &str, empty: &str) -> PyResult<Glyphs> {
    let glyph = |text: &str, which: &str| {
        Glyph::new(text).map_err(|err| PyValueError::new_err(format!("{which} = {text:?}: {err}")))
    };
    Glyphs::new(glyph(queen, "queen")?, glyph(empty, "empty")?).map_err(value_error)
}

/// A `str` argument that must not be a sequence of boards or columns.
pub fn refuse_str(value: &Bound<'_, PyAny>, what: &str) -> PyResult<()> {
    match value.cast::<PyString>() {
        Ok(_) => Err(PyTypeError::new_err(format!(
            "{what} must be a sequence, not str"
        ))),
        Err(_) => Ok(()),
    }
}

/// The items of a sequence, or a `TypeError` naming `what`.
pub fn items<'py>(sequence: &Bound<'py, PyAny>, what: &str) -> PyResult<Vec<Bound<'py, PyAny>>> {
    let kind = sequence.get_type().name()?;
    let items = sequence
        .try_iter()
        .map_err(|_| PyTypeError::new_err(format!("{what} must be a sequence, not {kind}")))?;
    items.collect()
}

/// `err` with `why` added, when it is a `ValueError` (a value out of
/// range); other errors as they are.
pub fn explained(py: Python<'_>, err: PyErr, why: &str) -> PyErr {
    match err.is_instance_of::<PyValueError>(py) {
        true => PyValueError::new_err(format!("{}: {why}", err.value(py))),
        false => err,
    }
}

/// Any engine error, as a `ValueError` with its message.
pub fn value_error(err: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(err.to_string())
}

/// `until=`: "first" (the default) or "all", as `nqueens trace --until`.
pub fn until(value: Option<&Bound<'_, PyAny>>) -> PyResult<nqueens_report::trace::Until> {
    use nqueens_report::trace::Until;
    let allowed = "\"first\" or \"all\"";
    match text(value, "until", allowed, "first")?.as_str() {
        "first" => Ok(Until::First),
        "all" => Ok(Until::All),
        other => Err(PyValueError::new_err(format!(
            "until must be {allowed}, not {other:?}"
        ))),
    }
}
