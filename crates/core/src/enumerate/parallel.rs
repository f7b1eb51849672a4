//! [`crate::solve`] on several threads, with the solutions still handed to
//! the sink one at a time, in lexicographic order, on the calling thread.
//!
//! The board is cut into tasks by the queens of its first rows (in
//! lexicographic order, so the tasks' solutions follow each other in
//! order). Worker threads take tasks in that order and send their
//! solutions in chunks down one bounded channel per task; the calling
//! thread reads the channels in order. A worker that gets ahead waits on
//! its full channel, so memory stays bounded, and a sink that stops closes
//! the channels, which stops the workers. Each worker owns the sender of
//! the task it runs: if it dies, the channel closes and the reader stops
//! instead of waiting for ever.

use super::{solve_below, Summary};
use crate::board::placements;
use crate::{from_fn, BoardSize, Sink, Solution};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender};
use std::sync::Mutex;

/// Solutions' columns, one after another; empty for "task done".
type Chunk = Vec<u8>;

/// The most solutions per chunk. A task's first chunk holds one solution
/// and each next one twice as many: the first solutions reach the reader
/// as soon as they are found, and long runs still pay little per message.
const MAX_CHUNK: usize = 1024;
/// Chunks a task's channel holds before its worker waits.
const CHANNEL: usize = 4;
/// Rows that the tasks fill in.
const TASK_ROWS: usize = 3;
/// Boards smaller than this are done faster on one thread.
const SMALLEST_SHARED: usize = 10;

/// A task: its prefix, and the sender its solutions go down.
type Task = (Vec<u8>, SyncSender<Chunk>);

/// Searches the solutions below a prefix, handing each to a callback that
/// says whether to go on.
type SearchBelow<'a> = dyn Fn(&[u8], &mut dyn FnMut(&Solution) -> bool) + Sync + 'a;

/// Like [`crate::solve`], with the search spread over `threads` threads;
/// the sink still gets every solution in order, on the calling thread.
///
/// ```
/// use nqueens::{solve, solve_parallel, BoardSize, Solution};
/// let size = BoardSize::new(10)?;
/// let (mut one, mut two): (Vec<Solution>, Vec<Solution>) = (Vec::new(), Vec::new());
/// solve(size, &mut one)?;
/// solve_parallel(size, 2, &mut two)?;
/// assert_eq!(one, two);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Panics
/// If a worker thread panics (a bug), once the reader has seen its
/// channel close.
pub fn solve_parallel<S: Sink>(
    size: BoardSize,
    threads: usize,
    sink: S,
) -> Result<Summary, S::Error> {
    if threads < 2 || size.get() < SMALLEST_SHARED || sink.traces() {
        return crate::solve(size, sink);
    }
    let search = |prefix: &[u8], found: &mut dyn FnMut(&Solution) -> bool| {
        let each = from_fn(|solution: &Solution| Ok::<_, ()>(found(solution)));
        let _ = solve_below(size, prefix, each, &mut ());
    };
    run_tasks(size, threads, sink, &search)
}

/// Runs `search` on every task, on `threads` workers, reading in order.
fn run_tasks<S: Sink>(
    size: BoardSize,
    threads: usize,
    mut sink: S,
    search: &SearchBelow,
) -> Result<Summary, S::Error> {
    let full = size.full_mask();
    let prefixes = placements(Vec::new(), TASK_ROWS, &|_| full);
    let (tasks, receivers): (Vec<Task>, Vec<Receiver<Chunk>>) = prefixes
        .into_iter()
        .map(|prefix| {
            let (sender, receiver) = sync_channel(CHANNEL);
            ((prefix, sender), receiver)
        })
        .unzip();
    let queue = Mutex::new(tasks.into_iter());
    let stop = AtomicBool::new(false);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| work(size.get(), &queue, &stop, search));
        }
        let result = read_in_order(size.get(), receivers, &mut sink);
        // Stop the workers: no new tasks, and the channels above are closed.
        stop.store(true, Ordering::Relaxed);
        result
    })
}

/// Empties the task queue when its worker unwinds from a panic, so that no
/// channel stays open with nobody to send on it.
struct Abandon<'a>(&'a Mutex<std::vec::IntoIter<Task>>);

impl Drop for Abandon<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            let mut queue = self
                .0
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            queue.by_ref().for_each(drop);
        }
    }
}

/// Takes tasks in order and sends each one's solutions, then an empty chunk.
fn work(
    n: usize,
    queue: &Mutex<std::vec::IntoIter<Task>>,
    stop: &AtomicBool,
    search: &SearchBelow,
) {
    let _abandon = Abandon(queue);
    while !stop.load(Ordering::Relaxed) {
        let next = queue.lock().map(|mut tasks| tasks.next());
        let Ok(Some((prefix, sender))) = next else {
            return;
        };
        let (mut chunk, mut room) = (Vec::with_capacity(n), 1);
        let mut reader_left = false;
        search(&prefix, &mut |solution| {
            chunk.extend_from_slice(solution.columns());
            if chunk.len() < room * n {
                return true;
            }
            room = (room * 2).min(MAX_CHUNK);
            let full = std::mem::replace(&mut chunk, Vec::with_capacity(room * n));
            reader_left = sender.send(full).is_err();
            !reader_left
        });
        let finished = !reader_left && (chunk.is_empty() || sender.send(chunk).is_ok());
        if !finished || sender.send(Vec::new()).is_err() {
            return; // the reader has gone
        }
    }
}

/// Hands the solutions to the sink, task by task; dropping the receivers
/// on the way out closes the channels. A channel that closes before its
/// task's end means its worker died: reading stops there, and the scope
/// that spawned the worker re-raises its panic.
fn read_in_order<S: Sink>(
    n: usize,
    receivers: Vec<Receiver<Chunk>>,
    sink: &mut S,
) -> Result<Summary, S::Error> {
    let mut solution = Solution::from_columns(vec![0; n]);
    let mut emitted = 0;
    for receiver in &receivers {
        loop {
            let Ok(chunk) = receiver.recv() else {
                return Ok(Summary::new(emitted, false));
            };
            if chunk.is_empty() {
                break;
            }
            for columns in chunk.chunks_exact(n) {
                solution.columns_mut().copy_from_slice(columns);
                emitted += 1;
                if !sink.solution(&solution)? {
                    return Ok(Summary::new(emitted, false));
                }
            }
        }
    }
    Ok(Summary::new(emitted, true))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc::channel;
    use std::time::Duration;

    /// A worker that panics must not leave the reader waiting: the call
    /// panics (it is a bug) and returns, within seconds.
    #[test]
    fn a_worker_that_panics_ends_the_run() {
        let (done, finished) = channel();
        std::thread::spawn(move || {
            let size = BoardSize::new(12).unwrap();
            let search = |prefix: &[u8], found: &mut dyn FnMut(&Solution) -> bool| {
                assert!(prefix != [0, 2, 4], "injected failure");
                let each = from_fn(|s: &Solution| Ok::<_, ()>(found(s)));
                let _ = solve_below(size, prefix, each, &mut ());
            };
            let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                let mut seen: Vec<Solution> = Vec::new();
                run_tasks(size, 2, &mut seen, &search).map(|_| seen.len())
            }));
            done.send(outcome.is_err()).unwrap();
        });
        let panicked = finished.recv_timeout(Duration::from_secs(60));
        assert_eq!(
            panicked,
            Ok(true),
            "the run hung or did not report the panic"
        );
    }

    #[test]
    fn chunks_start_small_so_the_first_solution_comes_at_once() {
        let size = BoardSize::new(14).unwrap();
        let mut first = None;
        let sink = from_fn(|s: &Solution| {
            first = Some(s.clone());
            Ok::<_, ()>(false)
        });
        let summary = solve_parallel(size, 2, sink).unwrap();
        assert_eq!(summary, Summary::new(1, false));
        let mut expected: Vec<Solution> = Vec::new();
        crate::solve(
            size,
            from_fn(|s: &Solution| {
                expected.push(s.clone());
                Ok::<_, ()>(false)
            }),
        )
        .unwrap();
        assert_eq!(first.as_ref(), expected.first());
    }
}
