//! Long work off the interpreter: it runs on a thread of its own while the
//! calling thread waits without the GIL (other Python threads go on), and
//! looks at Python's signals every few hundredths of a second, so that Ctrl-C
//! raises `KeyboardInterrupt` at once and tells the work to stop.

use nqueens::{Event, Sink, Solution};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use std::convert::Infallible;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::thread;
use std::time::Duration;

/// How often a waiting thread looks at Python's signals: often enough
/// that Ctrl-C is felt at once (the bench's bound is 0.2 s), and waking
/// 50 times a second costs nothing measurable.
pub const TICK: Duration = Duration::from_millis(20);

/// How long an interrupted wait gives the work to stop before it leaves it
/// to finish alone (a unit already begun runs to its end): the work of
/// most counts stops well inside it, and with [`TICK`] it keeps Ctrl-C
/// under 0.2 s even where it does not.
const GRACE: Duration = Duration::from_millis(150);

/// Tells running work whether to go on; false once the caller gave up.
#[derive(Clone)]
pub struct KeepGoing(Arc<AtomicBool>);

impl KeepGoing {
    /// True until the caller is interrupted.
    pub fn get(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    /// The flag itself, for the engine's `run_while`.
    pub fn flag(&self) -> &AtomicBool {
        &self.0
    }
}

/// A sink for the teaching algorithms' searches, which call their sink
/// only at a solution: it also asks for every step, so that the search
/// stops within a step once `going` says so, however far apart the
/// solutions are (`sets` takes hours to reach the first of n = 32). The
/// steps cost the search a little bookkeeping; stopping is worth it.
pub struct StopBetweenSolutions<G, F> {
    /// False once the search is to stop.
    pub going: G,
    /// Takes each solution; false stops the search.
    pub solution: F,
}

impl<G: Fn() -> bool, F: FnMut(&Solution) -> bool> Sink for StopBetweenSolutions<G, F> {
    type Error = Infallible;

    fn solution(&mut self, solution: &Solution) -> Result<bool, Infallible> {
        Ok((self.solution)(solution))
    }

    fn traces(&self) -> bool {
        true
    }

    fn event(&mut self, _event: &Event, _queens: &[u32]) -> Result<bool, Infallible> {
        Ok((self.going)())
    }
}

/// Runs `work` on a new thread and waits for its answer without the GIL,
/// raising the signal handlers' exception (`KeyboardInterrupt`) within
/// [`TICK`] of a signal, after telling the work to stop.
pub fn off_interpreter<T, F>(py: Python<'_>, work: F) -> PyResult<T>
where
    T: Send + 'static,
    F: FnOnce(&KeepGoing) -> T + Send + 'static,
{
    off_interpreter_ticking(py, work, |_| Ok(()))
}

/// [`off_interpreter`], calling `tick` on the interpreter's thread, with
/// the GIL, at every [`TICK`] of the wait (a progress callback); an error
/// it raises stops the work as an interrupt does, and is raised.
pub fn off_interpreter_ticking<T, F>(
    py: Python<'_>,
    work: F,
    mut tick: impl FnMut(Python<'_>) -> PyResult<()>,
) -> PyResult<T>
where
    T: Send + 'static,
    F: FnOnce(&KeepGoing) -> T + Send + 'static,
{
    let keep_going = KeepGoing(Arc::new(AtomicBool::new(true)));
    let (sender, answer) = mpsc::channel();
    let flag = keep_going.clone();
    let worker = thread::Builder::new()
        .name("nqueens-work".into())
        .spawn(move || {
            // The caller may have gone: then nobody wants the answer.
            let _ = sender.send(work(&flag));
        })
        .map_err(|err| PyRuntimeError::new_err(format!("could not start a thread: {err}")))?;
    let mut answer = answer;
    loop {
        let (receiver, got) = receive(py, answer, TICK);
        answer = receiver;
        match got {
            Ok(value) => return Ok(value),
            Err(mpsc::RecvTimeoutError::Timeout) => {}
            Err(mpsc::RecvTimeoutError::Disconnected) => return Err(failed(worker)),
        }
        if let Err(interrupt) = py.check_signals().and_then(|()| tick(py)) {
            keep_going.0.store(false, Ordering::Relaxed);
            let _ = receive(py, answer, GRACE);
            return Err(interrupt);
        }
    }
}

/// Waits up to `timeout` for a message without the GIL. The receiver goes
/// to the waiting closure and back, since it may not be shared between
/// threads.
pub fn receive<T: Send>(
    py: Python<'_>,
    receiver: mpsc::Receiver<T>,
    timeout: Duration,
) -> (mpsc::Receiver<T>, Result<T, mpsc::RecvTimeoutError>) {
    py.detach(move || {
        let got = receiver.recv_timeout(timeout);
        (receiver, got)
    })
}

/// The error of work that ended without an answer.
fn failed(worker: thread::JoinHandle<()>) -> PyErr {
    match worker.join() {
        Err(panic) => panicked(&*panic),
        Ok(()) => {
            PyRuntimeError::new_err("nqueens failed (a bug): the work ended without an answer")
        }
    }
}

/// The error of work that panicked: a bug, said as one.
pub fn panicked(panic: &(dyn std::any::Any + Send)) -> PyErr {
    let why = panic_text(panic);
    PyRuntimeError::new_err(format!("nqueens failed (a bug; please report it): {why}"))
}

fn panic_text(panic: &(dyn std::any::Any + Send)) -> String {
    match (panic.downcast_ref::<&str>(), panic.downcast_ref::<String>()) {
        (Some(text), _) => text.to_string(),
        (_, Some(text)) => text.clone(),
        _ => "a panic".to_string(),
    }
}
