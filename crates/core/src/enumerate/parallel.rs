//! [`crate::solve`] on several threads, with the solutions still handed to
//! the sink one at a time, in lexicographic order, on the calling thread.
//!
//! The board is cut into tasks by the queens of its first rows (in
//! lexicographic order, so the tasks' solutions follow each other in
//! order). A worker takes the next task and, in the same step, opens a
//! bounded channel for its solutions and hands the receiving end to the
//! reader: the reader gets the channels in task order, and only the tasks
//! under way have one. A worker that gets ahead waits on its full channel,
//! so memory stays bounded, and a sink that stops closes the channels,
//! which stops the workers. Each worker owns the sender of the task it
//! runs: if it dies, the channel closes and the reader stops instead of
//! waiting for ever.

use super::{solve_below, Summary};
use crate::board::{placements, Attacks};
use crate::stats::Probe;
use crate::{from_fn, BoardSize, Sink, Solution};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{channel, sync_channel, Receiver, Sender, SyncSender};
use std::sync::Mutex;

/// Solutions' columns, one after another; empty for "task done".
type Chunk = Vec<u32>;

/// The most solutions per chunk. Until the reader has had [`WARM`]
/// solutions, the chunks of the task it waits on start at one solution
/// and double: the first solutions reach it as soon as they are found.
/// After that, and for tasks searched ahead, chunks are full, so that
/// messages stay few and channels hold many solutions.
const MAX_CHUNK: usize = 1024;
/// Solutions read before every chunk is a full one.
const WARM: u128 = 4 * MAX_CHUNK as u128;
/// Chunks a task's channel holds before its worker waits.
const CHANNEL: usize = 4;
/// Rows that the tasks fill in.
const TASK_ROWS: usize = 3;
/// Boards smaller than this are done faster on one thread.
const SMALLEST_SHARED: usize = 10;

/// Searches the solutions below a prefix, handing each to a callback that
/// says whether to go on.
type SearchBelow<'a> = dyn Fn(&[u8], &mut dyn FnMut(&Solution) -> bool) + Sync + 'a;

/// The tasks not yet taken, in order, and where their channels go.
struct Queue {
    prefixes: std::vec::IntoIter<Vec<u8>>,
    taken: usize,
    handoff: Sender<Receiver<Chunk>>,
}

/// What the workers share.
struct Shared<'a> {
    queue: Mutex<Queue>,
    reader: Reader,
    /// The reader has gone.
    stop: &'a Alone<AtomicBool>,
}

/// Where the reader is, written by it now and then, read by the workers
/// at every solution.
struct Reader {
    /// The task it is reading.
    reading: Alone<AtomicUsize>,
    /// It has had its first [`WARM`] solutions.
    warm: Alone<AtomicBool>,
}

/// A value on a cache line of its own: the workers read these flags at
/// every node or solution, and a flag that shared its line with memory
/// another thread writes would cost them a cache miss each time.
#[repr(align(128))]
struct Alone<T>(T);

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
    let stop = Alone(AtomicBool::new(false));
    let search = |prefix: &[u8], found: &mut dyn FnMut(&Solution) -> bool| {
        let each = from_fn(|solution: &Solution| Ok::<_, ()>(found(solution)));
        let _ = solve_below(size, prefix, each, &mut Watch::new(&stop));
    };
    run_tasks(size, threads, sink, &search, &stop)
}

/// Stops a worker's search as soon as the reader has gone, even in a
/// stretch of the tree with no solution to send. The flag is read at
/// every node: a load from a cache line nobody writes until the end,
/// cheaper than keeping count to read it less often.
struct Watch<'a> {
    stop: &'a Alone<AtomicBool>,
}

impl<'a> Watch<'a> {
    fn new(stop: &'a Alone<AtomicBool>) -> Self {
        Watch { stop }
    }
}

impl Probe for Watch<'_> {
    #[inline(always)]
    fn placed(&mut self, _: usize, _: u32) {}

    #[inline(always)]
    fn examine(&mut self, _: usize, _: Attacks, _: u32) {}

    #[inline(always)]
    fn exhausted(&self) -> bool {
        self.stop.0.load(Ordering::Relaxed)
    }
}

/// Runs `search` on every task, on `threads` workers, reading in order.
fn run_tasks<S: Sink>(
    size: BoardSize,
    threads: usize,
    mut sink: S,
    search: &SearchBelow,
    stop: &Alone<AtomicBool>,
) -> Result<Summary, S::Error> {
    let full = size.full_mask();
    let prefixes = placements(Vec::new(), TASK_ROWS, &|_| full);
    let tasks = prefixes.len();
    let (handoff, receivers) = channel();
    let queue = Queue {
        prefixes: prefixes.into_iter(),
        taken: 0,
        handoff,
    };
    let shared = Shared {
        queue: Mutex::new(queue),
        reader: Reader {
            reading: Alone(AtomicUsize::new(0)),
            warm: Alone(AtomicBool::new(false)),
        },
        stop,
    };
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| work(size.get(), &shared, search));
        }
        let result = read_in_order(size.get(), tasks, receivers, &shared, &mut sink);
        // Stop the workers: no new tasks, and the channels are closed.
        stop.0.store(true, Ordering::Relaxed);
        result
    })
}

/// The next task: its index, its prefix, and the sender of a channel
/// whose receiver has gone to the reader.
fn take(shared: &Shared) -> Option<(usize, Vec<u8>, SyncSender<Chunk>)> {
    let mut queue = shared.queue.lock().ok()?;
    let prefix = queue.prefixes.next()?;
    let (sender, receiver) = sync_channel(CHANNEL);
    queue.handoff.send(receiver).ok()?;
    queue.taken += 1;
    Some((queue.taken - 1, prefix, sender))
}

/// Takes tasks in order and sends each one's solutions, then an empty chunk.
fn work(n: usize, shared: &Shared, search: &SearchBelow) {
    while !shared.stop.0.load(Ordering::Relaxed) {
        let Some((index, prefix, sender)) = take(shared) else {
            return;
        };
        let (mut chunk, mut room) = (Vec::with_capacity(n), 1);
        let mut reader_left = false;
        search(&prefix, &mut |solution| {
            chunk.extend_from_slice(solution.columns());
            let reader = &shared.reader;
            let eager = reader.reading.0.load(Ordering::Relaxed) == index
                && !reader.warm.0.load(Ordering::Relaxed);
            if chunk.len() < if eager { room } else { MAX_CHUNK } * n {
                return true;
            }
            if eager {
                room = (room * 2).min(MAX_CHUNK);
            }
            let full = std::mem::replace(&mut chunk, Vec::with_capacity(MAX_CHUNK * n));
            reader_left = sender.send(full).is_err();
            !reader_left
        });
        let finished = !reader_left && (chunk.is_empty() || sender.send(chunk).is_ok());
        if !finished || sender.send(Vec::new()).is_err() {
            return; // the reader has gone
        }
    }
}

/// Hands the solutions to the sink, task by task. A channel that closes
/// before its task's end, or a task that never comes, means a worker
/// died: reading stops there, and the scope that spawned the worker
/// re-raises its panic. Dropping the receivers on the way out closes
/// every channel, which ends the workers.
fn read_in_order<S: Sink>(
    n: usize,
    tasks: usize,
    receivers: Receiver<Receiver<Chunk>>,
    shared: &Shared,
    sink: &mut S,
) -> Result<Summary, S::Error> {
    let mut solution = Solution::from_columns(vec![0; n]);
    let mut emitted = 0;
    for index in 0..tasks {
        shared.reader.reading.0.store(index, Ordering::Relaxed);
        let Ok(receiver) = receivers.recv() else {
            return Ok(Summary::new(emitted, false));
        };
        loop {
            let Ok(chunk) = receiver.recv() else {
                return Ok(Summary::new(emitted, false));
            };
            if chunk.is_empty() {
                break;
            }
            if emitted >= WARM && !shared.reader.warm.0.load(Ordering::Relaxed) {
                shared.reader.warm.0.store(true, Ordering::Relaxed);
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
                let stop = Alone(AtomicBool::new(false));
                run_tasks(size, 2, &mut seen, &search, &stop).map(|_| seen.len())
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

    /// The first solution reaches the sink while its task is still being
    /// searched: the search is held just after finding it, until the sink
    /// has it. Were the chunks full from the start, the solution would
    /// wait in a chunk that the held search cannot fill, and the hold
    /// would end only at its bound, a hang's.
    #[test]
    fn chunks_start_small_so_the_first_solution_reaches_the_sink_before_its_task_ends() {
        let size = BoardSize::new(14).unwrap();
        let mut expected = None;
        crate::solve(
            size,
            from_fn(|s: &Solution| {
                expected = Some(s.clone());
                Ok::<_, ()>(false)
            }),
        )
        .unwrap();
        // The first task's, which the reader waits on from the start.
        let first_task = placements(Vec::new(), TASK_ROWS, &|_| size.full_mask()).remove(0);
        let columns = expected.as_ref().unwrap().columns();
        let task: Vec<u32> = first_task.iter().map(|&c| u32::from(c)).collect();
        assert_eq!(columns[..TASK_ROWS], task);
        let (told, heard) = channel::<()>();
        let heard = Mutex::new(heard);
        let reached = Mutex::new(None);
        let search = |prefix: &[u8], found: &mut dyn FnMut(&Solution) -> bool| {
            let mut held = prefix == first_task;
            let each = from_fn(|s: &Solution| {
                let go_on = found(s);
                // Held after its task's first solution, until the sink has it.
                if std::mem::take(&mut held) {
                    let waited = heard.lock().unwrap().recv_timeout(Duration::from_secs(60));
                    *reached.lock().unwrap() = Some(waited.is_ok());
                }
                Ok::<_, ()>(go_on)
            });
            let _ = solve_below(size, prefix, each, &mut ());
        };
        let mut first = None;
        let sink = from_fn(|s: &Solution| {
            first = Some(s.clone());
            let _ = told.send(());
            Ok::<_, ()>(false)
        });
        let stop = Alone(AtomicBool::new(false));
        let summary = run_tasks(size, 2, sink, &search, &stop).unwrap();
        assert_eq!(summary, Summary::new(1, false));
        assert_eq!(first, expected);
        assert_eq!(
            *reached.lock().unwrap(),
            Some(true),
            "the first solution waited for its chunk to fill"
        );
    }
}
