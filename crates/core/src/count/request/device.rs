//! The device a count runs on: the CPU where asked, a GPU when asked (an
//! error when none opens), or with `auto`, the default, a real GPU (never a
//! software one) for the boards and methods it is faster for, where the
//! memory leaves room for its driver. Devices are opened by an
//! [`Opener`] that a front end gives (the `nqueens-gpu` crate's: this one
//! names no GPU), and only once the count is known to want one.

use crate::count::Device;
use crate::count::LossHook;
use std::sync::Arc;

/// Where a count asks its units to run.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DeviceChoice {
    /// The CPU's threads.
    Cpu,
    /// A real GPU where one is faster and fits; the CPU otherwise: every
    /// surface's default (one with no GPU counts on the CPU).
    #[default]
    Auto,
    /// A GPU, software ones included; an error when none opens.
    Gpu,
}

impl DeviceChoice {
    /// Every choice, by name.
    pub const ALL: [DeviceChoice; 3] = [DeviceChoice::Auto, DeviceChoice::Cpu, DeviceChoice::Gpu];

    /// Its name: `cpu`, `auto` or `gpu`.
    pub fn name(self) -> &'static str {
        match self {
            DeviceChoice::Cpu => "cpu",
            DeviceChoice::Auto => "auto",
            DeviceChoice::Gpu => "gpu",
        }
    }
}

impl std::fmt::Display for DeviceChoice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

crate::named::named!(DeviceChoice, UnknownDevice, &DeviceChoice::ALL);

/// A device's name that is not known.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown device '{0}': the device must be one of {devices}", devices = <DeviceChoice as crate::Named>::listed())]
pub struct UnknownDevice(pub String);

/// Opens devices for counts.
pub trait Opener: Send + Sync {
    /// A device: any, software ones included, when `any`; otherwise a
    /// real one only. An error says why none opened.
    fn open(&self, any: bool) -> Result<Arc<dyn Device>, String>;

    /// The smallest board `auto` runs on a device.
    fn auto_from_n(&self) -> usize;

    /// The memory its driver takes once loaded: `auto` opens a device
    /// only where the count's memory limit leaves this much room.
    fn driver_bytes(&self) -> u64;
}

/// What a surface gives a count's run beside its settings: what opens a
/// device, and who is told when one is lost (the engine itself does no
/// I/O).
#[derive(Clone, Default)]
pub struct Devices {
    /// What opens a device; none where this surface has no GPU.
    pub opener: Option<Arc<dyn Opener>>,
    /// Told when the device is lost, with the units left.
    pub tell: Option<Arc<LossHook>>,
}

/// A GPU asked for that did not open.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{why}: choose the device cpu to count on the CPU")]
pub struct DeviceError {
    /// Why not, in words.
    pub why: String,
}
