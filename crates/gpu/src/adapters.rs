//! Finding the machine's GPUs through wgpu, quietly.

use crate::GpuError;
use std::sync::Once;

/// One adapter wgpu found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AdapterSummary {
    /// The device's name, as its driver gives it.
    pub name: String,
    /// How it is reached: `vulkan`, `metal` or `dx12`.
    pub backend: String,
    /// `discrete`, `integrated`, `virtual`, `cpu` (a software rasterizer
    /// such as lavapipe) or `other`.
    pub kind: String,
    /// The driver and its version.
    pub driver: String,
}

/// The summary of `adapter`.
pub(crate) fn summary(adapter: &wgpu::Adapter) -> AdapterSummary {
    AdapterSummary::of(adapter)
}

impl AdapterSummary {
    fn of(adapter: &wgpu::Adapter) -> AdapterSummary {
        let info = adapter.get_info();
        let driver = [info.driver.as_str(), info.driver_info.as_str()];
        let driver: Vec<&str> = driver.into_iter().filter(|part| !part.is_empty()).collect();
        AdapterSummary {
            name: info.name,
            backend: info.backend.to_str().to_string(),
            kind: kind_name(info.device_type).to_string(),
            driver: driver.join(" "),
        }
    }

    /// Whether it is a software rasterizer running on the CPU.
    pub fn is_cpu(&self) -> bool {
        self.kind == "cpu"
    }
}

impl std::fmt::Display for AdapterSummary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({}, {})", self.name, self.backend, self.kind)
    }
}

fn kind_name(kind: wgpu::DeviceType) -> &'static str {
    match kind {
        wgpu::DeviceType::DiscreteGpu => "discrete",
        wgpu::DeviceType::IntegratedGpu => "integrated",
        wgpu::DeviceType::VirtualGpu => "virtual",
        wgpu::DeviceType::Cpu => "cpu",
        wgpu::DeviceType::Other => "other",
    }
}

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
    quiet_graphics_stack();
    wgpu::Instance::new(wgpu::InstanceDescriptor {
        backends: backends(),
        flags: wgpu::InstanceFlags::from_env_or_default(),
        ..wgpu::InstanceDescriptor::new_without_display_handle()
    })
}

/// Keeps the graphics stack from writing to stderr. Mesa's Vulkan
/// device-select layer, which only orders GPUs for a display, connects to
/// a Wayland display to do so and complains when there is none
/// (`XDG_RUNTIME_DIR is invalid`); a count needs no display, so the
/// layer is turned off unless the user set `NODEVICE_SELECT` themselves.
///
/// The environment is changed once; a program with threads of its own
/// that read the environment calls this first, before starting them.
pub fn quiet_graphics_stack() {
    static QUIET: Once = Once::new();
    QUIET.call_once(|| {
        if std::env::var_os("NODEVICE_SELECT").is_none() {
            std::env::set_var("NODEVICE_SELECT", "1");
        }
    });
}
