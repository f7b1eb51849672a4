//! Devices beside the CPU that run a plan's units (a GPU, in the
//! `nqueens-gpu` crate), and what the driver does when one is lost in the
//! middle of a run: the units it reported stand; the others run on the
//! CPU, or the run stops with them left for a later one.

use super::{Driver, OnUnit, Plan, Tally};
use crate::DeviceLost;
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// A device that runs units of a plan, reporting each finished one.
pub trait Device: Send + Sync + fmt::Debug {
    /// Its name, for reports: the adapter and how it is reached.
    fn name(&self) -> String;

    /// Runs the units of `plan` whose ids are `ids`, calling `on_unit`
    /// once for each as it finishes, in any order, and starting no more
    /// once `keep_going` turns false. An error means the device is gone:
    /// the units reported before it stand, the others did not run.
    fn run(
        &self,
        plan: &Plan,
        ids: &[usize],
        keep_going: &AtomicBool,
        on_unit: &OnUnit,
    ) -> Result<(), DeviceLost>;
}

/// What a run does when its device is lost.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OnLoss {
    /// Runs the units left on the CPU.
    ContinueOnCpu,
    /// Stops, with only the units reported so far in its tally.
    Stop,
}

/// Told of a lost device, with the number of units of the run left.
pub type LossHook = dyn Fn(&DeviceLost, usize) + Send + Sync;

impl Driver {
    /// Runs units on `device` rather than on the CPU's threads (statistics
    /// are still counted on the CPU); if the device is lost mid-run, does
    /// what `on_loss` says.
    pub fn device(mut self, device: Arc<dyn Device>, on_loss: OnLoss) -> Driver {
        self.device = Some(DeviceSlot::new(device, on_loss));
        self
    }

    /// Calls `hook` when its device is lost, with the units of the run
    /// left (to tell the user; the driver itself does no I/O).
    pub fn on_device_lost(mut self, hook: Arc<LossHook>) -> Driver {
        if let Some(slot) = &mut self.device {
            slot.hook = Some(hook);
        }
        self
    }

    /// The name of the device it runs units on, while it has one.
    pub fn device_in_use(&self) -> Option<String> {
        let slot = self.device.as_ref().filter(|slot| slot.lost().is_none())?;
        Some(slot.device.name())
    }

    /// Why its device was lost, if it was.
    pub fn device_lost(&self) -> Option<DeviceLost> {
        self.device.as_ref().and_then(DeviceSlot::lost)
    }
}

/// A driver's device, and what became of it.
#[derive(Clone)]
pub(super) struct DeviceSlot {
    pub device: Arc<dyn Device>,
    pub on_loss: OnLoss,
    pub hook: Option<Arc<LossHook>>,
    pub lost: Arc<Mutex<Option<DeviceLost>>>,
}

impl fmt::Debug for DeviceSlot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        (f.debug_struct("DeviceSlot"))
            .field("device", &self.device)
            .field("on_loss", &self.on_loss)
            .field("lost", &self.lost)
            .finish_non_exhaustive()
    }
}

impl DeviceSlot {
    pub fn new(device: Arc<dyn Device>, on_loss: OnLoss) -> DeviceSlot {
        DeviceSlot {
            device,
            on_loss,
            hook: None,
            lost: Arc::new(Mutex::new(None)),
        }
    }

    /// Why the device was lost, if it was.
    pub fn lost(&self) -> Option<DeviceLost> {
        self.lost
            .lock()
            .unwrap_or_else(|err| err.into_inner())
            .clone()
    }

    /// Runs `ids` on the device; if it is lost, the units it did not
    /// report are run on the CPU by `driver`, or left, as asked.
    pub fn run(
        &self,
        driver: &Driver,
        plan: &Plan,
        ids: &[usize],
        keep_going: &AtomicBool,
        on_unit: &OnUnit,
    ) -> Tally {
        let reported: Vec<AtomicBool> = plan
            .units()
            .iter()
            .map(|_| AtomicBool::new(false))
            .collect();
        let tally = Mutex::new(Tally::default());
        let result = self.device.run(plan, ids, keep_going, &|done| {
            // A unit reported twice would be counted twice.
            if reported[done.id].swap(true, Ordering::Relaxed) {
                return;
            }
            *tally.lock().unwrap_or_else(|err| err.into_inner()) += done.tally;
            on_unit(done);
        });
        let tally = tally.into_inner().unwrap_or_else(|err| err.into_inner());
        let Err(lost) = result else {
            return tally;
        };
        let rest: Vec<usize> = (ids.iter().copied())
            .filter(|&id| !reported[id].load(Ordering::Relaxed))
            .collect();
        if let Some(hook) = &self.hook {
            hook(&lost, rest.len());
        }
        *self.lost.lock().unwrap_or_else(|err| err.into_inner()) = Some(lost);
        match self.on_loss {
            OnLoss::ContinueOnCpu => tally + driver.run_on_cpu(plan, &rest, keep_going, on_unit),
            OnLoss::Stop => tally,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::{Kernel, Method, UnitDone};
    use crate::BoardSize;
    use std::sync::atomic::AtomicUsize;

    /// A device that runs units on the CPU from their splits, reports the
    /// first `echo` of them twice, and is lost after `lose_after`.
    #[derive(Debug)]
    struct Flaky {
        lose_after: usize,
        echo: usize,
    }

    impl Device for Flaky {
        fn name(&self) -> String {
            "flaky".into()
        }

        fn run(
            &self,
            plan: &Plan,
            ids: &[usize],
            go: &AtomicBool,
            on_unit: &OnUnit,
        ) -> Result<(), DeviceLost> {
            for (done, &id) in ids
                .iter()
                .enumerate()
                .take_while(|_| go.load(Ordering::Relaxed))
            {
                if done == self.lose_after {
                    return Err(DeviceLost {
                        device: self.name(),
                        reason: "reset".into(),
                    });
                }
                let tally = plan.split(&plan.units()[id], 7).unwrap().tally_on_cpu();
                for _ in 0..1 + usize::from(done < self.echo) {
                    on_unit(UnitDone {
                        id,
                        tally,
                        seconds: 0.0,
                    });
                }
            }
            Ok(())
        }
    }

    fn plan() -> Plan {
        Plan::new(BoardSize::new(11).unwrap(), Method::Backtrack)
    }

    /// The driver, the ids reported and the number of units left at the loss.
    fn run(device: Flaky, on_loss: OnLoss) -> (Driver, Tally, Vec<usize>, usize) {
        let left = Arc::new(AtomicUsize::new(usize::MAX));
        let told = Arc::clone(&left);
        let driver = (Driver::new().kernel(Kernel::Scalar).unwrap())
            .device(Arc::new(device), on_loss)
            .on_device_lost(Arc::new(move |_, rest| told.store(rest, Ordering::Relaxed)));
        let plan = plan();
        let reported = Mutex::new(Vec::new());
        let ids: Vec<usize> = (0..plan.units().len()).collect();
        let tally = driver.run(&plan, &ids, &|done| reported.lock().unwrap().push(done.id));
        let mut reported = reported.into_inner().unwrap();
        reported.sort_unstable();
        (driver, tally, reported, left.load(Ordering::Relaxed))
    }

    #[test]
    fn a_device_that_works_counts_every_unit_once() {
        let (driver, tally, reported, left) = run(
            Flaky {
                lose_after: usize::MAX,
                echo: 3,
            },
            OnLoss::Stop,
        );
        assert_eq!(
            (plan().counts(tally).total, plan().counts(tally).unique),
            (2680, 341)
        );
        assert_eq!(reported, (0..plan().units().len()).collect::<Vec<_>>());
        assert_eq!(
            (
                driver.device_in_use().as_deref(),
                driver.device_lost(),
                left
            ),
            (Some("flaky"), None, usize::MAX)
        );
    }

    #[test]
    fn a_lost_device_leaves_the_rest_to_the_cpu() {
        let (driver, tally, reported, left) = run(
            Flaky {
                lose_after: 5,
                echo: 0,
            },
            OnLoss::ContinueOnCpu,
        );
        let units = plan().units().len();
        assert_eq!(plan().counts(tally), Driver::new().count(&plan(), &|_| {}));
        assert_eq!(reported, (0..units).collect::<Vec<_>>());
        assert_eq!(left, units - 5);
        assert_eq!(
            driver.device_lost().unwrap().to_string(),
            "flaky was lost: reset"
        );
        assert_eq!(driver.device_in_use(), None);
        // Later runs go straight to the CPU.
        assert_eq!(driver.count(&plan(), &|_| {}).total, 2680);
    }

    #[test]
    fn a_run_told_to_stop_keeps_only_the_units_reported() {
        let (_, tally, reported, left) = run(
            Flaky {
                lose_after: 5,
                echo: 0,
            },
            OnLoss::Stop,
        );
        let plan = plan();
        let cpu = Driver::new();
        let first: Tally = plan.units()[..5]
            .iter()
            .map(|unit| cpu.tally(&plan, unit))
            .sum();
        assert_eq!(
            (tally, reported, left),
            (first, vec![0, 1, 2, 3, 4], plan.units().len() - 5)
        );
    }
}
