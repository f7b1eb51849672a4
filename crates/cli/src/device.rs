//! Which device a count runs on, and what the user is told when a GPU is
//! lost in the middle of one.

use crate::args::{Count, DeviceChoice};
use nqueens::count::{CountJob, JobDevice, Method, OnLoss};
use nqueens_gpu::{Choice, Gpu, GpuError, AUTO_FROM_N};
use std::io::{self, Write};
use std::sync::Arc;

/// The memory `--device auto` leaves for a GPU's driver: it looks for a
/// GPU only where the memory limit has this much room beside the process.
/// Mesa's Vulkan drivers took 55 MiB (LLVM, for lavapipe) just to be
/// looked at; others load more.
const DRIVER_BYTES: u64 = 256 << 20;

/// The GPU a count runs on, if any: the one asked for (an error when there
/// is none), or with `auto` a real GPU (never a software one) for boards
/// from [`AUTO_FROM_N`] whose method, as `job` resolves it on the CPU, a
/// GPU runs, where the memory limit leaves room for its driver. No other
/// count looks for one: loading a GPU's driver takes tens of MiB.
pub fn gpu_for(request: &Count, job: &CountJob) -> Result<Option<Gpu>, GpuError> {
    let gpu = chosen(request, job)?;
    // A testing aid: the GPU is lost before the given batch (from 0).
    let lose_at = std::env::var("NQUEENS_GPU_LOSE_AT_BATCH").ok();
    match lose_at.and_then(|batch| batch.parse().ok()) {
        Some(batch) => Ok(gpu.map(|gpu| gpu.lose_at_batch(batch))),
        None => Ok(gpu),
    }
}

fn chosen(request: &Count, job: &CountJob) -> Result<Option<Gpu>, GpuError> {
    let room = (job.max_memory.as_ref())
        .is_none_or(|limit| limit.bytes.saturating_sub(limit.held) >= DRIVER_BYTES);
    // A count refused on the CPU is refused alike with a GPU.
    let searches = || job.method_on_cpu().is_ok_and(Method::runs_on_devices);
    match request.device {
        DeviceChoice::Cpu => Ok(None),
        DeviceChoice::Gpu => Gpu::open(Choice::Any).map(Some),
        DeviceChoice::Auto if request.solver.size().get() >= AUTO_FROM_N && room && searches() => {
            Ok(Gpu::open(Choice::Hardware).ok())
        }
        DeviceChoice::Auto => Ok(None),
    }
}

/// `gpu` for the count job. A run with a checkpoint stops when the GPU is
/// lost (the checkpoint keeps what it finished, and the command run again
/// goes on); any other goes on on the CPU.
pub fn choice(gpu: Gpu, request: &Count) -> JobDevice {
    let on_loss = match request.long_run.checkpoint {
        Some(_) => OnLoss::Stop,
        None => OnLoss::ContinueOnCpu,
    };
    let tell = move |lost: &nqueens::DeviceLost, left: usize| {
        let then = match on_loss {
            OnLoss::ContinueOnCpu => format!("counting the {left} units left on the CPU"),
            OnLoss::Stop => format!("stopping with {left} units left for the next run"),
        };
        let _ = writeln!(io::stderr().lock(), "nqueens: the GPU {lost}; {then}");
    };
    JobDevice {
        device: Arc::new(gpu),
        on_loss,
        tell: Some(Arc::new(tell)),
    }
}
