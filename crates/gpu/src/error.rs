//! Why no GPU could be used.

use crate::summary::AdapterSummary;

/// Why no GPU could be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GpuError {
    /// No adapter of the kind asked for.
    #[error("no GPU found (wgpu looked for Vulkan, Metal and DX12 devices){}", software(.seen))]
    NoAdapter {
        /// The adapters that were found but not allowed.
        seen: Vec<AdapterSummary>,
    },
    /// The adapter would not open, or not run the kernel.
    #[error("the GPU {adapter} could not be used: {reason}")]
    Open {
        /// Its name.
        adapter: String,
        /// What the driver said.
        reason: String,
    },
}

fn software(seen: &[AdapterSummary]) -> String {
    match seen.first() {
        Some(adapter) => {
            format!("; only {adapter}, a software rasterizer slower than the CPU's own kernel")
        }
        None => String::new(),
    }
}
