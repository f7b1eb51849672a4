//! Finding the machine's GPUs through wgpu, quietly.

use crate::summary::AdapterSummary;
use crate::GpuError;

/// Which adapters a count may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Choice {
    /// Any adapter, a software one (lavapipe) included: asked for by name.
    Any,
    /// Only real GPUs: a software rasterizer is slower than the CPU's own
    /// kernel, so `--device auto` never picks one.
    Hardware,
}

/// Every adapter found, the one a count would pick first.
pub fn adapters() -> Vec<AdapterSummary> {
    sorted(&instance()).iter().map(AdapterSummary::of).collect()
}

/// The best adapter `choice` allows: discrete, then integrated, virtual,
/// and last a software one.
pub(crate) fn pick(choice: Choice) -> Result<wgpu::Adapter, GpuError> {
    let found = sorted(&instance());
    let seen: Vec<AdapterSummary> = found.iter().map(AdapterSummary::of).collect();
    let allowed =
        |adapter: &wgpu::Adapter| choice == Choice::Any || !AdapterSummary::of(adapter).is_cpu();
    found
        .into_iter()
        .find(allowed)
        .ok_or(GpuError::NoAdapter { seen })
}

fn sorted(instance: &wgpu::Instance) -> Vec<wgpu::Adapter> {
    let mut found = pollster::block_on(instance.enumerate_adapters(backends()));
    let rank = |adapter: &wgpu::Adapter| match adapter.get_info().device_type {
        wgpu::DeviceType::DiscreteGpu => 0,
        wgpu::DeviceType::IntegratedGpu => 1,
        wgpu::DeviceType::VirtualGpu => 2,
        wgpu::DeviceType::Other => 3,
        wgpu::DeviceType::Cpu => 4,
    };
    found.sort_by_key(rank);
    found
}

fn backends() -> wgpu::Backends {
    wgpu::Backends::VULKAN | wgpu::Backends::METAL | wgpu::Backends::DX12
}

fn instance() -> wgpu::Instance {
    wgpu::Instance::new(wgpu::InstanceDescriptor {
        backends: backends(),
        flags: wgpu::InstanceFlags::from_env_or_default(),
        ..wgpu::InstanceDescriptor::new_without_display_handle()
    })
}
