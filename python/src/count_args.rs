//! The keyword arguments of a count (`count()`, `estimate()`), read into
//! the engine's count request as given: their types and ranges here, and
//! every rule of what may be counted together the request's own, applied
//! when it is resolved. A refusal's way out is spelled as keyword
//! arguments (`Keywords`), or as flags for `python -m nqueens count`.

use crate::args::{self, value_error};
use nqueens::count::MAX_THREADS;
use nqueens::count::{CountError, CountRequest, DeviceChoice, MemoryLimit, Method};
use nqueens::count::{RefusalWords, ResolvedCount, Shard};
use nqueens::Named;
use nqueens_report::refusal::said;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// A count's refusal as a `ValueError`, its way out spelled by `words`.
pub fn refused(err: CountError, words: &dyn RefusalWords) -> PyErr {
    PyValueError::new_err(said(&err, words))
}

/// `request` resolved as a count by plan, a refusal spelled by `words`.
pub fn resolved(request: &CountRequest, words: &dyn RefusalWords) -> PyResult<ResolvedCount> {
    let resolved = request.resolve().map_err(|err| refused(err, words))?;
    resolved
        .by_plan()
        .ok_or_else(|| PyValueError::new_err("this count enumerates: stats() counts by algorithm"))
}

/// `method=`: a method's name, or "auto" (none named).
pub fn method_asked(method: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Method>> {
    Method::parse_choice(&args::text(method, "method", &method_allowed(), "auto")?)
        .map_err(value_error)
}

/// `method=`'s choices, in words.
pub fn method_allowed() -> String {
    format!("one of {}", Method::choices())
}

/// `device=`: one of the devices' names; auto, every surface's default,
/// where none is given.
pub fn device_asked(device: Option<&Bound<'_, PyAny>>) -> PyResult<DeviceChoice> {
    let allowed = format!("one of {}", DeviceChoice::listed());
    let default = DeviceChoice::default().name();
    (args::text(device, "device", &allowed, default)?)
        .parse()
        .map_err(value_error)
}

/// `shard=`: "I/K", or none.
pub fn shard_asked(shard: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Shard>> {
    match shard {
        Some(shard) if !shard.is_none() => {
            let text = args::text(Some(shard), "shard", "\"I/K\" or None", "")?;
            text.parse().map(Some).map_err(value_error)
        }
        _ => Ok(None),
    }
}

/// The threads asked for, or none for every core.
pub fn threads_asked(threads: Option<&Bound<'_, PyAny>>) -> PyResult<Option<usize>> {
    match threads {
        Some(threads) if !threads.is_none() => {
            let threads = args::whole_number(threads, "threads", 1, MAX_THREADS as u64)?;
            Ok(Some(threads as usize))
        }
        _ => Ok(None),
    }
}

/// The memory every count may take unless told otherwise.
///
/// Half this machine's memory: the command line's and the server's default
/// too.
///
/// Returns
/// -------
/// int or None
///     Bytes, or None where the machine's memory is not known.
///
/// Examples
/// --------
/// >>> limit = nqueens.default_max_memory()
/// >>> limit is None or limit > 2**20
/// True
#[pyfunction]
pub fn default_max_memory() -> Option<u64> {
    MemoryLimit::half_machine().map(|limit| limit.bytes)
}

/// `max_memory=`: bytes, at least a mebibyte, as an int, a float
/// (`1.5 * 2**30`, rounded down) or a size as the command line takes it
/// (`"8G"`); none for the default.
pub fn memory_asked(bytes: Option<&Bound<'_, PyAny>>) -> PyResult<Option<u64>> {
    match bytes {
        Some(bytes) if !bytes.is_none() => memory_bytes(bytes).map(Some),
        _ => Ok(None),
    }
}

/// The bytes `max_memory=` names.
fn memory_bytes(value: &Bound<'_, PyAny>) -> PyResult<u64> {
    if let Ok(text) = value.extract::<String>() {
        let shown = value.repr()?;
        return nqueens::count::parse_memory(&text)
            .map_err(|why| PyValueError::new_err(format!("max_memory={shown}: {why}")));
    }
    if value.cast::<pyo3::types::PyFloat>().is_err() {
        return args::whole_number(value, "max_memory", 1 << 20, u64::MAX);
    }
    let bytes: f64 = value.extract()?;
    match bytes.is_finite() && bytes >= (1u64 << 20) as f64 && bytes < u64::MAX as f64 {
        true => Ok(bytes as u64),
        false => Err(PyValueError::new_err(format!(
            "max_memory must be at least 1 MiB (1048576 bytes, as an int, a float or a size \
             such as \"8G\"), not {}",
            value.repr()?
        ))),
    }
}
