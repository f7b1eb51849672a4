//! `count()` with a progress callback, a checkpoint or a shard: the count
//! job run as `nqueens count --checkpoint FILE --shard I/K` runs it —
//! each finished unit kept in the SQLite checkpoint (nqueens-runs), those
//! an earlier run kept skipped, and a shard ending in the record that
//! `nqueens merge` adds up — with the units done reported to Python from
//! the interpreter's thread at every tick of the wait.

use crate::counts::Counts;
use crate::progress::Reporter;
use crate::trim::drop_memory;
use crate::wait::{off_interpreter_ticking, KeepGoing};
use nqueens::count::{CountJob, CountOutcome, PreparedCount, Shard, UnitDone};
use nqueens_report::schema::CountReport;
use nqueens_runs::record::{self, ShardRun};
use nqueens_runs::{Checkpoint, CheckpointError, Recorder};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// Whether `count()` runs here: a checkpoint, a shard or a progress
/// callback was asked for.
pub fn wanted(
    job: &CountJob,
    checkpoint: Option<&Bound<'_, PyAny>>,
    progress: Option<&Bound<'_, PyAny>>,
) -> bool {
    let given = |value: Option<&Bound<'_, PyAny>>| {
        value.is_some_and(|v| !v.is_none() && !v.is(&*pyo3::types::PyBool::new(v.py(), false)))
    };
    job.shard.is_some() || given(checkpoint) || given(progress)
}

/// `checkpoint=`: a path, as str or `os.PathLike`.
fn file(value: &Bound<'_, PyAny>) -> PyResult<PathBuf> {
    let path = value.extract::<PathBuf>().map_err(|_| {
        let kind = value
            .get_type()
            .name()
            .map_or("?".into(), |name| name.to_string());
        PyTypeError::new_err(format!(
            "checkpoint must be a path (str or os.PathLike), not {kind}"
        ))
    })?;
    match path.as_os_str().is_empty() {
        true => Err(PyValueError::new_err(
            "checkpoint must be a file's path, not ''",
        )),
        false => Ok(path),
    }
}

/// What the worker hands back: the job, how it ended, and how the
/// checkpoint was closed.
type Ran = (PreparedCount, CountOutcome, Result<(), CheckpointError>);

/// Runs `job` with its checkpoint and progress: a `Counts`, or for a
/// shard the dict of its record.
pub fn count<'py>(
    py: Python<'py>,
    job: CountJob,
    checkpoint: Option<&Bound<'py, PyAny>>,
    progress: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let path = checkpoint.filter(|c| !c.is_none()).map(file).transpose()?;
    let mut reporter = Reporter::asked(py, progress, &job)?;
    let shard = job.shard;
    let job = CountJob {
        checkpointed: path.is_some(),
        ..job
    };
    let prepared = job.prepare().map_err(crate::args::value_error)?;
    let Kept { done, recorder, id } = match &path {
        Some(path) => {
            open(path, &prepared, shard).map_err(|err| PyValueError::new_err(err.to_string()))?
        }
        None => Kept::default(),
    };
    let total = prepared.ids().len() as u64;
    let units = Arc::new(AtomicU64::new(done.len() as u64));
    let started = Instant::now();
    let seen = units.clone();
    reporter.show(py, seen.load(Ordering::Relaxed), total)?;
    let ran = off_interpreter_ticking(
        py,
        move |keep_going| run(prepared, &done, recorder, &units, keep_going),
        |py| reporter.show(py, seen.load(Ordering::Relaxed), total),
    );
    let (prepared, outcome, closed) = reporter.finished(py, ran)?;
    drop_memory(prepared.plan().size().get());
    closed.map_err(|err| {
        PyValueError::new_err(format!(
            "{err}: the count stopped, and the units the checkpoint holds are kept"
        ))
    })?;
    if !outcome.complete {
        return Err(PyValueError::new_err(
            "the checkpoint could no longer be written; the count stopped",
        ));
    }
    reporter.show(py, total, total)?;
    reporter.close(py)?;
    let seconds = started.elapsed().as_secs_f64();
    finish(py, (prepared, outcome, seconds), shard, id, path)
}

/// The counts of a whole board, or a shard's record.
fn finish<'py>(
    py: Python<'py>,
    (prepared, outcome, seconds): (PreparedCount, CountOutcome, f64),
    shard: Option<Shard>,
    id: Option<(String, usize)>,
    path: Option<PathBuf>,
) -> PyResult<Bound<'py, PyAny>> {
    let Some(shard) = shard else {
        let summary = prepared.report(outcome, seconds).map_err(|impossible| {
            let file = path.map_or("the checkpoint".into(), |p| p.display().to_string());
            PyValueError::new_err(format!(
                "checkpoint {file}: its units add up to a count no board has: {impossible}; give another file to count into"
            ))
        })?;
        return Ok(Bound::new(py, Counts::of(CountReport::from(summary))?)?.into_any());
    };
    let (checkpoint, resumed_units) = id.map_or((None, 0), |(id, resumed)| (Some(id), resumed));
    let record = record::make(ShardRun {
        plan: prepared.plan(),
        shard,
        ids: prepared.ids(),
        tally: outcome.tally,
        seconds,
        threads: outcome.threads,
        resumed_units,
        checkpoint,
    });
    Ok(pythonize::pythonize(py, &record)?)
}

/// What a checkpoint holds for a run: nothing without one.
#[derive(Default)]
struct Kept {
    /// The units finished before.
    done: Vec<UnitDone>,
    /// The recorder of the others.
    recorder: Option<Recorder>,
    /// The checkpoint's id, and how many units it held.
    id: Option<(String, usize)>,
}

/// What the checkpoint at `path` holds for this count, or why it cannot
/// be used.
fn open(
    path: &std::path::Path,
    prepared: &PreparedCount,
    shard: Option<Shard>,
) -> Result<Kept, CheckpointError> {
    let checkpoint = Checkpoint::open(path, prepared.plan(), shard, prepared.ids())?;
    let (done, id) = (checkpoint.done().to_vec(), checkpoint.id().to_owned());
    let threads = prepared.driver().thread_count();
    let resumed = done.len();
    Ok(Kept {
        done,
        recorder: Some(checkpoint.recorder(threads)?),
        id: Some((id, resumed)),
    })
}

/// Counts every unit but those `done`, each recorded as it finishes (the
/// run stops if the checkpoint cannot be written), then closes the
/// checkpoint: on this thread, so that it is closed even when the caller
/// gave up waiting.
fn run(
    prepared: PreparedCount,
    done: &[UnitDone],
    recorder: Option<Recorder>,
    units: &AtomicU64,
    keep_going: &KeepGoing,
) -> Ran {
    let outcome = prepared.run(done, keep_going.flag(), &|unit| {
        units.fetch_add(1, Ordering::Relaxed);
        if recorder
            .as_ref()
            .is_some_and(|recorder| !recorder.record(unit))
        {
            keep_going.flag().store(false, Ordering::Relaxed);
        }
    });
    let closed = recorder.map_or(Ok(()), Recorder::finish);
    (prepared, outcome, closed)
}
