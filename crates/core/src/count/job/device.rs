//! The device a count job runs on: the CPU unless asked, a GPU when
//! asked (an error when none opens), or with `auto` a real GPU (never a
//! software one) for the boards and methods it is faster for, where the
//! memory leaves room for its driver. Devices are opened by an
//! [`Opener`] that a front end gives (the `nqueens-gpu` crate's: this one
//! names no GPU), and only once the count is known to want one.

use super::CountError;
use super::CountJob;
use crate::count::{Device, LossHook, OnLoss};
use std::sync::Arc;

/// Where a count asks its units to run.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DeviceChoice {
    /// The CPU's threads.
    #[default]
    Cpu,
    /// A real GPU where one is faster and fits; the CPU otherwise.
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

/// Opens devices for count jobs.
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

/// Where a count's units run, what opens a device, and who is told when
/// one is lost (the engine itself does no I/O).
#[derive(Clone, Default)]
pub struct JobDevice {
    /// Where the user asks the units to run.
    pub choice: DeviceChoice,
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

impl CountJob {
    /// What a run does when its device is lost: one whose finished units
    /// are kept stops (the run after goes on from them, on the device
    /// again); any other counts the rest on the CPU.
    pub(super) fn on_loss(&self) -> OnLoss {
        match self.checkpointed {
            true => OnLoss::Stop,
            false => OnLoss::ContinueOnCpu,
        }
    }

    /// The device the job asks for, opened; none for the CPU.
    pub(super) fn open_device(&self) -> Result<Option<Arc<dyn Device>>, CountError> {
        let opener = self.device.opener.as_deref();
        match self.device.choice {
            DeviceChoice::Cpu => Ok(None),
            DeviceChoice::Gpu => {
                let opener = opener.ok_or_else(|| DeviceError {
                    why: "no GPU can be used from here".into(),
                })?;
                let device = opener.open(true).map_err(|why| DeviceError { why })?;
                Ok(Some(device))
            }
            DeviceChoice::Auto => Ok(opener
                .filter(|opener| self.auto_wants(*opener))
                .and_then(|opener| opener.open(false).ok())),
        }
    }

    /// Whether `auto` looks for a device: a board from the opener's
    /// smallest, a method that runs on devices as the count resolves it
    /// on the CPU, and room for the device's driver. No other count looks
    /// for one: loading a GPU's driver takes tens of MiB.
    fn auto_wants(&self, opener: &dyn Opener) -> bool {
        let room = (self.max_memory.as_ref())
            .is_none_or(|limit| limit.bytes.saturating_sub(limit.held) >= opener.driver_bytes());
        let searches = || (self.method_on_cpu()).is_ok_and(|method| method.runs_on_devices());
        self.size.get() >= opener.auto_from_n() && room && searches()
    }
}
