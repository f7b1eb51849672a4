//! What a count's run opens before its first unit, once: the device it
//! asks for (the CPU unless a GPU is asked for, or `auto` finds a real
//! one it is faster on) and the driver, with its own thread pool.

use super::memory::FitError;
use super::{CountError, DeviceChoice, DeviceError, Devices, Opener, ResolvedCount};
use crate::count::{Device, Driver, OnLoss};
use std::sync::Arc;

impl ResolvedCount {
    /// What a run does when its device is lost: one whose finished units
    /// are kept stops (the run after goes on from them, on the device
    /// again); any other counts the rest on the CPU.
    pub(super) fn on_loss(&self) -> OnLoss {
        match self.checkpointed() {
            true => OnLoss::Stop,
            false => OnLoss::ContinueOnCpu,
        }
    }

    /// The device the count asks for, opened by `opener`; none for the
    /// CPU.
    pub(super) fn open_device(
        &self,
        opener: Option<&dyn Opener>,
    ) -> Result<Option<Arc<dyn Device>>, DeviceError> {
        match self.device() {
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
    /// smallest, a method that runs on devices as the count resolved it on
    /// the CPU, and room for the device's driver. No other count looks
    /// for one: loading a GPU's driver takes tens of MiB.
    fn auto_wants(&self, opener: &dyn Opener) -> bool {
        let room = (self.memory_limit()).is_none_or(|limit| limit.room() >= opener.driver_bytes());
        self.size().get() >= opener.auto_from_n() && room && self.method().runs_on_devices()
    }
}

impl ResolvedCount {
    /// The driver of a run: its kernel, its own pool of threads, the
    /// memory left to the count, and the device opened, if any. A device's
    /// driver, once loaded, is the process's own memory: the method is
    /// fitted again with what the process holds then.
    pub(super) fn driver(&self, devices: &Devices) -> Result<Driver, CountError> {
        let opened = self.open_device(devices.opener.as_deref())?;
        let limit = self.memory_limit().cloned().map(|limit| limit.now());
        if opened.is_some() {
            let fitted = self
                .reckoning()
                .fitting(self.method(), false, limit.as_ref());
            match fitted {
                Err(FitError::Refused(refusal)) => return Err(refusal.into()),
                Err(FitError::Plan(err)) => return Err(err.into()),
                Ok(_) => {}
            }
        }
        let mut driver = Driver::new()
            .kernel(self.kernel())?
            .threads(self.threads())?;
        if let Some(limit) = &limit {
            driver = driver.max_memory(limit.room());
        }
        if let Some(device) = opened.filter(|_| self.method().runs_on_devices()) {
            driver = driver.device(device, self.on_loss());
            if let Some(tell) = devices.tell.clone() {
                driver = driver.on_device_lost(tell);
            }
        }
        Ok(driver)
    }
}
