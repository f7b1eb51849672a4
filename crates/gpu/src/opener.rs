//! What opens a GPU for a count: the front ends that link this crate
//! give it to the job, which opens a device only once the count is known
//! to want one.

use crate::{Choice, Gpu, AUTO_FROM_N};
use nqueens::count::{Device, Opener};
use std::sync::Arc;

/// The memory `auto` leaves for a GPU's driver: it looks for a GPU only
/// where the memory limit has this much room beside the process. Mesa's
/// Vulkan drivers took 55 MiB (LLVM, for lavapipe) just to be looked at;
/// others load more.
const DRIVER_BYTES: u64 = 256 << 20;

/// Opens this machine's best GPU for a count.
#[derive(Debug, Clone, Copy, Default)]
pub struct GpuOpener {
    lose_at_batch: Option<usize>,
}

impl GpuOpener {
    /// An opener of the machine's GPUs.
    pub fn new() -> GpuOpener {
        GpuOpener::default()
    }

    /// Its GPUs are lost, as a reset would lose them, before their
    /// `batch`-th batch (from 0): for tests of what a run does then.
    #[doc(hidden)]
    pub fn losing_at_batch(batch: usize) -> GpuOpener {
        GpuOpener {
            lose_at_batch: Some(batch),
        }
    }
}

impl Opener for GpuOpener {
    fn open(&self, any: bool) -> Result<Arc<dyn Device>, String> {
        let choice = match any {
            true => Choice::Any,
            false => Choice::Hardware,
        };
        let gpu = Gpu::open(choice).map_err(|err| err.to_string())?;
        Ok(match self.lose_at_batch {
            Some(batch) => Arc::new(gpu.lose_at_batch(batch)),
            None => Arc::new(gpu),
        })
    }

    fn auto_from_n(&self) -> usize {
        AUTO_FROM_N
    }

    fn driver_bytes(&self) -> u64 {
        DRIVER_BYTES
    }
}
