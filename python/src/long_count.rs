//! `count()` with a progress callback, a checkpoint or a shard: the count
//! job run as `nqueens count --checkpoint FILE --shard I/K` runs it —
//! each finished unit kept in the SQLite checkpoint (nqueens-runs), those
//! an earlier run kept skipped, and a shard ending in the record that
//! `nqueens merge` adds up — with the units done reported to Python from
//! the interpreter's thread at every tick of the wait.

use crate::count_args::{refused, resolved};
use crate::counts::Counts;
use crate::progress::Reporter;
use crate::trim::drop_memory;
use crate::wait::{off_interpreter_ticking, KeepGoing};
use nqueens::count::{CountEnd, CountError, CountRequest, CountSink, CountStart, Devices, Shard};
use nqueens::count::{StartedCount, UnitDone};
use nqueens_report::refusal::Keywords;
use nqueens_report::schema::CountReport;
use nqueens_runs::record::{self, ShardRun};
use nqueens_runs::{Checkpoint, CheckpointError, Recorder};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// Whether `count()` runs here: a checkpoint, a shard or a progress
/// callback was asked for.
pub fn wanted(
    request: &CountRequest,
    checkpoint: Option<&Bound<'_, PyAny>>,
    progress: Option<&Bound<'_, PyAny>>,
) -> bool {
    let given = |value: Option<&Bound<'_, PyAny>>| {
        value.is_some_and(|v| !v.is_none() && !v.is(&*pyo3::types::PyBool::new(v.py(), false)))
    };
    request.shard.is_some() || given(checkpoint) || given(progress)
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

/// The sink of a long count: the units done, for the progress told on
/// the interpreter's thread, and the checkpoint's units kept before and
/// its recorder of each unit as it finishes.
struct Keeping<'a> {
    keep_going: &'a KeepGoing,
    units: &'a AtomicU64,
    done: Vec<UnitDone>,
    recorder: Option<Recorder>,
}

impl CountSink for Keeping<'_> {
    type Error = CountError;

    fn start(&mut self, _: &CountStart<'_>) -> Result<Vec<UnitDone>, CountError> {
        Ok(std::mem::take(&mut self.done))
    }

    /// The run stops if the checkpoint cannot be written.
    fn unit(&self, done: UnitDone) -> bool {
        self.units.fetch_add(1, Ordering::Relaxed);
        self.recorder
            .as_ref()
            .is_none_or(|recorder| recorder.record(done))
    }

    fn going(&self) -> bool {
        self.keep_going.get()
    }
}

/// What the worker hands back: how the run ended, and how the checkpoint
/// was closed.
type Ran = (Result<CountEnd, CountError>, Result<(), CheckpointError>);

/// Runs `request` with its checkpoint and progress: a `Counts`, or for a
/// shard the dict of its record.
pub fn count<'py>(
    py: Python<'py>,
    request: CountRequest,
    checkpoint: Option<&Bound<'py, PyAny>>,
    progress: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let path = checkpoint.filter(|c| !c.is_none()).map(file).transpose()?;
    let mut reporter = Reporter::asked(py, progress, request.size)?;
    let request = CountRequest {
        checkpointed: path.is_some(),
        ..request
    };
    let resolved = resolved(&request, &Keywords)?;
    let n = resolved.size().get();
    let started = resolved
        .start(&Devices::default())
        .map_err(|e| refused(e, &Keywords))?;
    let kept = match &path {
        Some(path) => open(path, &started, request.shard)
            .map_err(|err| PyValueError::new_err(err.to_string()))?,
        None => Kept::default(),
    };
    let Kept { done, recorder, id } = kept;
    let total = started.ids().len() as u64;
    let units = Arc::new(AtomicU64::new(done.len() as u64));
    let seen = units.clone();
    reporter.show(py, seen.load(Ordering::Relaxed), total)?;
    let ran = off_interpreter_ticking(
        py,
        move |keep_going| run(started, (done, recorder), &units, keep_going),
        |py| reporter.show(py, seen.load(Ordering::Relaxed), total),
    );
    let (end, closed) = reporter.finished(py, ran)?;
    drop_memory(n);
    closed.map_err(|err| {
        PyValueError::new_err(format!(
            "{err}: the count stopped, and the units the checkpoint holds are kept"
        ))
    })?;
    let end = end.map_err(|err| refused(err, &Keywords))?;
    if !end.outcome.complete {
        return Err(PyValueError::new_err(
            "the checkpoint could no longer be written; the count stopped",
        ));
    }
    reporter.show(py, total, total)?;
    reporter.close(py)?;
    finish(py, end, request.shard, id, path)
}

/// The counts of a whole board, or a shard's record.
fn finish<'py>(
    py: Python<'py>,
    end: CountEnd,
    shard: Option<Shard>,
    checkpoint: Option<String>,
    path: Option<PathBuf>,
) -> PyResult<Bound<'py, PyAny>> {
    let Some(shard) = shard else {
        let summary = end.summary().map_err(|impossible| {
            let file = path.map_or("the checkpoint".into(), |p| p.display().to_string());
            PyValueError::new_err(format!(
                "checkpoint {file}: its units add up to a count no board has: {impossible}; give another file to count into"
            ))
        })?;
        return Ok(Bound::new(py, Counts::of(CountReport::from(summary))?)?.into_any());
    };
    let record = record::make(ShardRun {
        plan: &end.plan,
        shard,
        ids: &end.ids,
        tally: end.outcome.tally,
        seconds: end.seconds,
        threads: end.outcome.threads,
        resumed_units: end.outcome.resumed_units,
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
    /// The checkpoint's id.
    id: Option<String>,
}

/// What the checkpoint at `path` holds for this count, or why it cannot
/// be used: opened before the run, so that its first progress counts the
/// units kept.
fn open(
    path: &std::path::Path,
    started: &StartedCount,
    shard: Option<Shard>,
) -> Result<Kept, CheckpointError> {
    let checkpoint = Checkpoint::open(path, started.plan(), shard, started.ids())?;
    let (done, id) = (checkpoint.done().to_vec(), checkpoint.id().to_owned());
    let threads = started.driver().thread_count();
    Ok(Kept {
        done,
        recorder: Some(checkpoint.recorder(threads)?),
        id: Some(id),
    })
}

/// Runs the count through the sink, then closes the checkpoint: on this
/// thread, so that it is closed even when the caller gave up waiting.
fn run(
    started: StartedCount,
    (done, recorder): (Vec<UnitDone>, Option<Recorder>),
    units: &AtomicU64,
    keep_going: &KeepGoing,
) -> Ran {
    let mut sink = Keeping {
        keep_going,
        units,
        done,
        recorder,
    };
    let end = started.run(&mut sink);
    let closed = sink.recorder.map_or(Ok(()), Recorder::finish);
    (end, closed)
}
