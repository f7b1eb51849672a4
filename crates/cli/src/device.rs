//! The device a count asks for, as the count job takes it: the choice,
//! the GPU crate's opener, and what the user is told when a GPU is lost
//! in the middle of a count. Which device runs is the job's to decide.

use crate::args::Count;
use nqueens::count::{JobDevice, OnLoss};
use nqueens_gpu::GpuOpener;
use std::io::{self, Write};
use std::sync::Arc;

/// `--device`, with the GPU crate's opener and a word on stderr when the
/// GPU is lost.
pub fn job_device(request: &Count) -> JobDevice {
    // A testing aid: the GPU is lost before the given batch (from 0).
    let lose_at = std::env::var("NQUEENS_GPU_LOSE_AT_BATCH").ok();
    let opener = match lose_at.and_then(|batch| batch.parse().ok()) {
        Some(batch) => GpuOpener::losing_at_batch(batch),
        None => GpuOpener::new(),
    };
    let tell = |lost: &nqueens::DeviceLost, on_loss: OnLoss, left: usize| {
        let then = match on_loss {
            OnLoss::Stop => format!("stopping with {left} units left for the next run"),
            _ => format!("counting the {left} units left on the CPU"),
        };
        let _ = writeln!(io::stderr().lock(), "nqueens: the GPU {lost}; {then}");
    };
    JobDevice {
        choice: request.device,
        opener: Some(Arc::new(opener)),
        tell: Some(Arc::new(tell)),
    }
}
