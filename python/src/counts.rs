//! `Counts`: what `count()` gives, a value that behaves like one: frozen,
//! compared and hashed by what was counted, picklable (so that
//! `ProcessPoolExecutor().map(nqueens.count, ...)` works) and copyable.

use crate::args;
use nqueens_report::schema::CountReport;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt, PyTuple};
use serde_json::Value;
use std::hash::{Hash, Hasher};

/// A board's counts, with the fields of ``nqueens count --json``.
///
/// Made by ``count()``; the constructor takes the same fields (pickle and
/// ``copy`` use it). Two ``Counts`` are equal when they say the same about
/// the board: ``n``, ``total``, ``unique``, ``nodes``, ``method`` and
/// ``stats``. How the run went is left out: ``seconds`` (the clock),
/// ``threads`` and ``peak_bytes`` (the machine), so two counts of the same
/// board by the same method compare equal although their ``seconds``
/// differ. The hash agrees with ``==``.
///
/// Parameters
/// ----------
/// n, total, unique, nodes : int
///     The board size, all solutions, solutions up to symmetry, and search
///     nodes visited.
/// seconds : float
///     Wall-clock seconds the count took.
/// threads : int
///     Worker threads it ran on.
/// method : str
///     The counting method it ran by: ``backtrack``, ``plain`` or ``join``.
/// peak_bytes : int or None
///     The most memory the process had held when the count ended (Linux).
/// stats : dict or None
///     The statistics of every node, with ``count(n, stats=True)``.
///
/// Returns
/// -------
/// Counts
///     A frozen value: attributes, ``to_dict()`` and ``_asdict()``.
///
/// Examples
/// --------
/// >>> c = nqueens.count(8)
/// >>> (c.n, c.total, c.unique)
/// (8, 92, 12)
/// >>> c == nqueens.count(8, threads=1)
/// True
/// >>> import pickle
/// >>> pickle.loads(pickle.dumps(c)) == c
/// True
/// >>> sorted(c.to_dict())[:4]
/// ['method', 'n', 'nodes', 'nodes_kind']
#[pyclass(module = "nqueens", frozen)]
#[derive(Debug, Clone)]
pub struct Counts {
    n: usize,
    total: u128,
    unique: u128,
    nodes: u128,
    seconds: f64,
    threads: usize,
    method: String,
    peak_bytes: Option<u64>,
    stats: Option<Value>,
}

/// The name of a value's type, for a message.
fn kind(value: &Bound<'_, PyAny>) -> String {
    value
        .get_type()
        .name()
        .map_or_else(|_| "?".into(), |name| name.to_string())
}

impl Counts {
    /// The value of a count's report.
    pub fn of(report: CountReport) -> PyResult<Counts> {
        let stats = (report.stats.as_ref())
            .map(serde_json::to_value)
            .transpose()
            .map_err(|err| PyValueError::new_err(format!("the statistics: {err}")))?;
        Ok(Counts {
            n: report.n,
            total: report.total,
            unique: report.unique,
            nodes: report.nodes,
            seconds: report.seconds,
            threads: report.threads,
            method: report.method.unwrap_or_default(),
            peak_bytes: report.peak_bytes,
            stats,
        })
    }

    /// The count's report these counts are (on the CPU: the package
    /// opens no GPU).
    fn report(&self) -> CountReport {
        let method = nqueens::count::Method::ALL
            .iter()
            .find(|m| m.name() == self.method);
        CountReport {
            n: self.n,
            total: self.total,
            unique: self.unique,
            nodes: self.nodes,
            nodes_kind: method.map_or(nqueens::count::NodesKind::SearchTree, |m| m.nodes_kind()),
            seconds: self.seconds,
            threads: self.threads,
            method: Some(self.method.clone()).filter(|method| !method.is_empty()),
            peak_bytes: self.peak_bytes,
            // Spliced in by `to_json`: it is kept as JSON already.
            stats: None,
            device: None,
            device_lost: None,
        }
    }

    /// What `==` and `hash()` look at: what was counted, not how.
    fn key(&self) -> (usize, u128, u128, u128, &str) {
        (self.n, self.total, self.unique, self.nodes, &self.method)
    }
}

#[pymethods]
impl Counts {
    #[new]
    #[pyo3(signature = (n, total, unique, nodes, seconds, threads, method, peak_bytes=None, stats=None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        n: &Bound<'_, PyAny>,
        total: &Bound<'_, PyAny>,
        unique: &Bound<'_, PyAny>,
        nodes: &Bound<'_, PyAny>,
        seconds: &Bound<'_, PyAny>,
        threads: &Bound<'_, PyAny>,
        method: &Bound<'_, PyAny>,
        peak_bytes: Option<&Bound<'_, PyAny>>,
        stats: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Counts> {
        let whole = |value, what| args::whole_number(value, what, 0, u64::MAX);
        // Counts past a u64 (n = 32's nodes) as Python ints of any size.
        let count = |value: &Bound<'_, PyAny>, what: &str| -> PyResult<u128> {
            if value.cast::<PyInt>().is_err() || value.cast::<PyBool>().is_ok() {
                let message = format!("{what} must be an int, not {}", kind(value));
                return Err(PyTypeError::new_err(message));
            }
            value.extract::<u128>().map_err(|_| {
                let shown = value.repr().map_or_else(|_| "?".into(), |r| r.to_string());
                PyValueError::new_err(format!(
                    "{what} must be a whole number from 0 up, not {shown}"
                ))
            })
        };
        Ok(Counts {
            n: whole(n, "n")? as usize,
            total: count(total, "total")?,
            unique: count(unique, "unique")?,
            nodes: count(nodes, "nodes")?,
            seconds: args::seconds(seconds, "seconds")?,
            threads: whole(threads, "threads")? as usize,
            method: args::text(Some(method), "method", "a counting method", "")?,
            peak_bytes: peak_bytes
                .filter(|bytes| !bytes.is_none())
                .map(|bytes| whole(bytes, "peak_bytes"))
                .transpose()?,
            stats: match stats {
                Some(stats) if !stats.is_none() => {
                    Some(pythonize::depythonize(stats).map_err(|err| {
                        PyTypeError::new_err(format!(
                            "stats must be a dict of stats()'s fields: {err}"
                        ))
                    })?)
                }
                _ => None,
            },
        })
    }

    /// The board size.
    #[getter]
    fn n(&self) -> usize {
        self.n
    }

    /// All solutions (OEIS A000170).
    #[getter]
    fn total(&self) -> u128 {
        self.total
    }

    /// Solutions up to rotation and reflection (OEIS A002562).
    #[getter]
    fn unique(&self) -> u128 {
        self.unique
    }

    /// The count's nodes: what they are is ``nodes_kind``.
    #[getter]
    fn nodes(&self) -> u128 {
        self.nodes
    }

    /// What ``nodes`` count, as ``nqueens count --json`` says:
    /// "search_tree" (the root and every queen placed of the search that
    /// ran) or "placements" (the join's half boards: it walks no tree).
    #[getter]
    fn nodes_kind(&self) -> &'static str {
        let method = nqueens::count::Method::ALL
            .iter()
            .find(|m| m.name() == self.method);
        method
            .map_or(nqueens::count::NodesKind::SearchTree, |m| m.nodes_kind())
            .name()
    }

    /// Wall-clock seconds the count took.
    #[getter]
    fn seconds(&self) -> f64 {
        self.seconds
    }

    /// Worker threads it ran on.
    #[getter]
    fn threads(&self) -> usize {
        self.threads
    }

    /// The counting method it ran by.
    #[getter]
    fn method(&self) -> &str {
        &self.method
    }

    /// The most memory the process had held when the count ended, in
    /// bytes (Linux; None elsewhere).
    #[getter]
    fn peak_bytes(&self) -> Option<u64> {
        self.peak_bytes
    }

    /// The statistics of every node, when asked for (`stats=True`): a new
    /// dict each time, so that the value stays as it was.
    #[getter]
    fn stats<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(pythonize::pythonize(py, &self.stats)?)
    }

    /// The fields of ``nqueens count --json``, as a new dict.
    ///
    /// Returns
    /// -------
    /// dict
    ///     ``n``, ``total``, ``unique``, ``nodes``, ``nodes_kind``,
    ///     ``seconds``, ``threads``, ``method``, and ``peak_bytes`` and
    ///     ``stats`` where known.
    ///
    /// Examples
    /// --------
    /// >>> nqueens.count(4).to_dict()["total"]
    /// 2
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let fields = PyDict::new(py);
        fields.set_item("n", self.n)?;
        fields.set_item("total", self.total)?;
        fields.set_item("unique", self.unique)?;
        fields.set_item("nodes", self.nodes)?;
        fields.set_item("nodes_kind", self.nodes_kind())?;
        fields.set_item("seconds", self.seconds)?;
        fields.set_item("threads", self.threads)?;
        fields.set_item("method", &self.method)?;
        if let Some(bytes) = self.peak_bytes {
            fields.set_item("peak_bytes", bytes)?;
        }
        if self.stats.is_some() {
            fields.set_item("stats", self.stats(py)?)?;
        }
        Ok(fields)
    }

    /// The counts as ``nqueens count --json`` prints them, its schema's
    /// tag and the version first.
    ///
    /// Returns
    /// -------
    /// str
    ///     One line of JSON (no newline at its end).
    ///
    /// Examples
    /// --------
    /// >>> nqueens.count(4).to_json()[:47]
    /// '{"schema":"nqueens-count/1","nqueens_version":"'
    fn to_json(&self) -> PyResult<String> {
        let failed =
            |err: serde_json::Error| PyValueError::new_err(format!("the counts as JSON: {err}"));
        let line = nqueens_report::stamp::to_json_line(&self.report()).map_err(failed)?;
        let fields = line.trim_end().strip_suffix('}').unwrap_or(&line);
        // The statistics last, as the report puts them after its others.
        let stats = match &self.stats {
            Some(stats) => format!(
                ",\"stats\":{}",
                serde_json::to_string(stats).map_err(failed)?
            ),
            None => String::new(),
        };
        Ok(format!("{fields}{stats}}}"))
    }

    /// The same as ``to_dict()``, under the name namedtuples use.
    ///
    /// Returns
    /// -------
    /// dict
    ///     The fields of ``nqueens count --json``.
    ///
    /// Examples
    /// --------
    /// >>> nqueens.count(5)._asdict()["unique"]
    /// 2
    fn _asdict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        self.to_dict(py)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let py = other.py();
        match other.cast::<Counts>() {
            Ok(other) => {
                let other = other.get();
                let same = self.key() == other.key() && self.stats == other.stats;
                Ok(same.into_pyobject(py)?.to_owned().into_any().unbind())
            }
            Err(_) => Ok(py.NotImplemented()),
        }
    }

    fn __hash__(&self) -> u64 {
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        self.key().hash(&mut hasher);
        hasher.finish()
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let this = slf.get();
        let fields = (
            this.n,
            this.total,
            this.unique,
            this.nodes,
            this.seconds,
            this.threads,
            &this.method,
            this.peak_bytes,
            this.stats(py)?,
        );
        (slf.get_type(), fields).into_pyobject(py)
    }

    /// The value itself: it never changes.
    fn __copy__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    fn __deepcopy__(slf: Py<Self>, _memo: &Bound<'_, PyAny>) -> Py<Self> {
        slf
    }

    fn __repr__(&self) -> String {
        format!(
            "Counts(n={}, total={}, unique={}, nodes={}, seconds={:.3}, threads={}, method='{}')",
            self.n, self.total, self.unique, self.nodes, self.seconds, self.threads, self.method
        )
    }
}
