//! [`solve`] on several threads, with the solutions still handed to the
//! sink one at a time, in lexicographic order, on the calling thread.
//!
//! The board is cut into tasks by the queens of its first rows (in
//! lexicographic order, so the tasks' solutions follow each other in
//! order). Worker threads take tasks in that order and send their
//! solutions in chunks down one bounded channel per task; the calling
//! thread reads the channels in order. A worker that gets ahead waits on
//! its full channel, so memory stays bounded, and a sink that stops closes
//! the channels, which stops the workers.

use crate::enumerate::{solve_below, Summary};
use crate::subproblem::attacks;
use crate::{from_fn, solve, BoardSize, Sink, Solution};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender};

/// Solutions' columns, one after another; empty for "task done".
type Chunk = Vec<u8>;

/// Solutions per chunk sent from a worker.
const CHUNK: usize = 1024;
/// Chunks a task's channel holds before its worker waits.
const CHANNEL: usize = 4;
/// Rows that the tasks fill in.
const TASK_ROWS: usize = 3;
/// Boards smaller than this are done faster on one thread.
const SMALLEST_SHARED: usize = 10;

/// Like [`solve`], with the search spread over `threads` threads; the sink
/// still gets every solution in order, on the calling thread.
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
pub fn solve_parallel<S: Sink>(
    size: BoardSize,
    threads: usize,
    mut sink: S,
) -> Result<Summary, S::Error> {
    let n = size.get();
    if threads < 2 || n < SMALLEST_SHARED || sink.traces() {
        return solve(size, sink);
    }
    let tasks = first_rows(size, TASK_ROWS);
    let (senders, receivers): (Vec<SyncSender<Chunk>>, Vec<Receiver<Chunk>>) =
        tasks.iter().map(|_| sync_channel(CHANNEL)).unzip();
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| work(size, &tasks, &senders, &next, &stop));
        }
        let result = read_in_order(n, receivers, &mut sink);
        // Stop the workers: no new tasks, and the channels above are closed.
        stop.store(true, Ordering::Relaxed);
        result
    })
}

/// Takes tasks in order and sends each one's solutions, then an empty chunk.
fn work(
    size: BoardSize,
    tasks: &[Vec<u8>],
    senders: &[SyncSender<Chunk>],
    next: &AtomicUsize,
    stop: &AtomicBool,
) {
    let n = size.get();
    while !stop.load(Ordering::Relaxed) {
        let index = next.fetch_add(1, Ordering::Relaxed);
        let (Some(prefix), Some(sender)) = (tasks.get(index), senders.get(index)) else {
            return;
        };
        let mut chunk = Vec::with_capacity(CHUNK * n);
        let sent = solve_below(
            size,
            prefix,
            from_fn(|solution: &Solution| {
                chunk.extend_from_slice(solution.columns());
                if chunk.len() < CHUNK * n {
                    return Ok(true);
                }
                let full = std::mem::replace(&mut chunk, Vec::with_capacity(CHUNK * n));
                sender.send(full).map(|()| true)
            }),
            &mut (),
        );
        let finished = sent.is_ok() && (chunk.is_empty() || sender.send(chunk).is_ok());
        if !finished || sender.send(Vec::new()).is_err() {
            return; // the reader has gone
        }
    }
}

/// Hands the solutions to the sink, task by task; dropping the receivers
/// on the way out closes the channels.
fn read_in_order<S: Sink>(
    n: usize,
    receivers: Vec<Receiver<Chunk>>,
    sink: &mut S,
) -> Result<Summary, S::Error> {
    let mut solution = Solution::from_columns(vec![0; n]);
    let mut emitted = 0;
    for receiver in &receivers {
        // An empty chunk ends a task; a closed channel means a worker died.
        while let Ok(chunk) = receiver.recv() {
            if chunk.is_empty() {
                break;
            }
            for columns in chunk.chunks_exact(n) {
                solution.columns_mut().copy_from_slice(columns);
                emitted += 1;
                if !sink.solution(&solution)? {
                    return Ok(Summary {
                        solutions: emitted,
                        complete: false,
                    });
                }
            }
        }
    }
    Ok(Summary {
        solutions: emitted,
        complete: true,
    })
}

/// Every valid placement of the first `rows` rows, in lexicographic order.
fn first_rows(size: BoardSize, rows: usize) -> Vec<Vec<u8>> {
    let mut found = vec![Vec::new()];
    for _ in 0..rows {
        found = found
            .into_iter()
            .flat_map(|prefix| {
                let (cols, diag, anti) = attacks(&prefix);
                let free = size.full_mask() & !(cols | diag | anti);
                (0..size.get() as u8)
                    .filter(move |&c| free & (1 << c) != 0)
                    .map(move |c| {
                        let mut longer = prefix.clone();
                        longer.push(c);
                        longer
                    })
            })
            .collect();
    }
    found
}
