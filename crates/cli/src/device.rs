//! What a count's run opens devices with: the GPU crate's opener, and
//! what the user is told when a GPU is lost in the middle of a count.
//! Which device runs is the count's to decide.
//! A build without the `gpu` feature has no opener: `auto` counts on the
//! CPU there, and `--device gpu` is refused.

use crate::args::Count;
use crate::built::{self, Feature};
use crate::error::CliError;
use nqueens::count::{DeviceChoice, Devices, OnLoss, Opener};
use std::io::{self, Write};
use std::sync::Arc;

/// `--device`, with the GPU crate's opener and a word on stderr when the
/// GPU is lost; `--device gpu` refused where the build has no GPU.
pub fn devices(count: &Count) -> Result<Devices, CliError> {
    if count.request.device == DeviceChoice::Gpu {
        built::require(Feature::Gpu, "--device gpu")?;
    }
    let tell = |lost: &nqueens::DeviceLost, on_loss: OnLoss, left: usize| {
        let then = match on_loss {
            OnLoss::Stop => format!(
                "stopping with {} left for the next run",
                nqueens::plural(left, "unit")
            ),
            _ => format!(
                "counting the {} left on the CPU",
                nqueens::plural(left, "unit")
            ),
        };
        let _ = writeln!(io::stderr().lock(), "nqueens: the GPU {lost}; {then}");
    };
    Ok(Devices {
        opener: opener(),
        tell: Some(Arc::new(tell)),
    })
}

/// The GPU crate's opener.
#[cfg(feature = "gpu")]
fn opener() -> Option<Arc<dyn Opener>> {
    use nqueens_gpu::GpuOpener;
    // A testing aid: the GPU is lost before the given batch (from 0).
    let lose_at = std::env::var("NQUEENS_GPU_LOSE_AT_BATCH").ok();
    let opener = match lose_at.and_then(|batch| batch.parse().ok()) {
        Some(batch) => GpuOpener::losing_at_batch(batch),
        None => GpuOpener::new(),
    };
    Some(Arc::new(opener))
}

/// None: this build opens no GPU.
#[cfg(not(feature = "gpu"))]
fn opener() -> Option<Arc<dyn Opener>> {
    None
}
