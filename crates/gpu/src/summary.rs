//! What a count tells of an adapter: its name, backend, kind and driver.

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
    pub(crate) fn of(adapter: &wgpu::Adapter) -> AdapterSummary {
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
