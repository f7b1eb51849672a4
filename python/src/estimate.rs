//! `estimate()`: a count's cost before running it — `nqueens estimate N
//! --json`'s fields, from the same sampler over the same count request.

use crate::args::{self, any_board, value_error};
use crate::count_args::{memory_asked, refused, resolved, threads_asked};
use crate::wait::{off_interpreter, KeepGoing};
use nqueens::count::{project, CountRequest, DeviceChoice, Devices, Method, NoMargin};
use nqueens::count::{StartedCount, MAX_SAMPLE_SECONDS, MIN_PIECES, SAMPLE_SECONDS, SAMPLE_SEED};
use nqueens_report::estimate::Sampled;
use nqueens_report::refusal::Keywords;
use nqueens_report::runs::EstimateReport;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::time::{Duration, Instant};

#[pyfunction]
#[pyo3(
    signature = (n, *, seconds=None, threads=None, seed=None, method="auto", max_memory=None),
    text_signature = "(n, *, seconds=3.0, threads=None, seed=None, method='auto', max_memory=None)"
)]
/// How long a count would take, from timing a sample of its work.
///
/// The projection of ``nqueens estimate N --json``: random pieces of the
/// count's plan, picked by `seed`, timed for about `seconds`, give its
/// one-core time with a 95% error bar, its core-hours, its wall-clock
/// time on `threads` threads, and its memory. The GIL is released while
/// it samples.
///
/// Parameters
/// ----------
/// n : int
///     The board size, from 0 to 32.
/// seconds : float, optional
///     The sampling time, more than 0 and at most 3600 (default 3).
/// threads : int, optional
///     The threads to predict the wall-clock time for (None: every core).
/// seed : int, optional
///     The seed that picks the pieces (None: 1, the command line's).
/// method : str, optional
///     One of ``METHODS``, as ``count(method=...)`` takes.
/// max_memory : int, float or str, optional
///     The most bytes the count may take, a number or a size such as "8G"
///     (None: ``default_max_memory()``).
///
/// Returns
/// -------
/// dict
///     The fields of ``nqueens estimate --json``: ``n``, ``method``,
///     ``units``, ``one_core_seconds``, ``margin_seconds`` (None when the
///     sample cannot give one, ``no_margin`` saying why), ``speed_spread``,
///     ``core_hours``, ``seconds_on_threads``, ``threads``,
///     ``memory_bytes``, ``least_memory_bytes`` (the least the join runs
///     in, more slowly; None for the searches), ``pieces``, ``piece_rows``,
///     ``prepare_seconds``,
///     ``sample_seconds``, ``peak_bytes`` and ``seed``.
///
/// Raises
/// ------
/// ValueError
///     When an argument is out of range, or the count would not fit
///     `max_memory`.
///
/// Examples
/// --------
/// >>> e = nqueens.estimate(16, seconds=0.2)
/// >>> e["n"], e["one_core_seconds"] > 0, e["seed"]
/// (16, True, 1)
#[allow(clippy::too_many_arguments)]
pub fn estimate<'py>(
    py: Python<'py>,
    n: &Bound<'py, PyAny>,
    seconds: Option<&Bound<'py, PyAny>>,
    threads: Option<&Bound<'py, PyAny>>,
    seed: Option<&Bound<'py, PyAny>>,
    method: &str,
    max_memory: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let seconds = match seconds.filter(|s| !s.is_none()) {
        Some(seconds) => args::seconds(seconds, "seconds")?,
        None => SAMPLE_SECONDS,
    };
    if !(seconds > 0.0 && seconds <= MAX_SAMPLE_SECONDS) {
        return Err(PyValueError::new_err(format!(
            "seconds must be more than 0 and at most {MAX_SAMPLE_SECONDS}, not {seconds}"
        )));
    }
    let request = CountRequest {
        method: Method::parse_choice(method).map_err(value_error)?,
        threads: threads_asked(threads)?,
        device: DeviceChoice::Cpu,
        max_memory: memory_asked(max_memory)?,
        ..CountRequest::new(any_board(n)?)
    };
    let seed = match seed {
        Some(seed) if !seed.is_none() => args::whole_number(seed, "seed", 0, u64::MAX)?,
        _ => SAMPLE_SEED,
    };
    let resolved = resolved(&request, &Keywords)?;
    let budget = Duration::from_secs_f64(seconds);
    let report = off_interpreter(py, move |keep_going| {
        let started = Instant::now();
        let prepared = resolved.start(&Devices::default())?;
        let report = sampled(&prepared, started, budget, seed, keep_going);
        Ok::<_, nqueens::CountError>(report)
    })?;
    let report = report
        .map_err(|err| refused(err, &Keywords))?
        .map_err(value_error)?;
    Ok(pythonize::pythonize(py, &report)?)
}

/// The sample of a prepared count, as `nqueens estimate` reports it.
fn sampled(
    prepared: &StartedCount,
    started: Instant,
    budget: Duration,
    seed: u64,
    keep_going: &KeepGoing,
) -> Result<EstimateReport, nqueens::PlanError> {
    let prepare_seconds = started.elapsed().as_secs_f64();
    let (plan, driver) = (prepared.plan(), prepared.driver());
    let started = Instant::now();
    let projection = project(driver, plan, budget, seed, keep_going.flag());
    let sampled = Sampled {
        projection,
        prepare_seconds,
        sample_seconds: started.elapsed().as_secs_f64(),
        seed,
    };
    EstimateReport::of(prepared, sampled, no_margin)
}

/// Why there is no error bar, in words, and the keyword that would give
/// one.
fn no_margin(why: NoMargin, pieces: u64) -> String {
    match why {
        NoMargin::TimedWhole => "the count is one unit, timed whole once, not sampled".into(),
        NoMargin::TooFewPieces { budget } => {
            let seconds = budget.as_secs_f64();
            let give = match seconds <= MAX_SAMPLE_SECONDS {
                true => format!(
                    "give seconds={:.2} or more",
                    (seconds * 100.0).ceil() / 100.0
                ),
                false => format!("more than seconds={MAX_SAMPLE_SECONDS} would be needed"),
            };
            format!("too few pieces sampled ({pieces}, at least {MIN_PIECES} needed): {give}")
        }
    }
}
