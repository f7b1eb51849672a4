//! Devices beside the CPU that run a plan's units (a GPU, in the
//! `nqueens-gpu` crate), and what the driver does when one is lost in the
//! middle of a run: the units it reported stand; the others run on the
//! CPU, or the run stops with them left for a later one.

mod split;

pub use split::{SearchRules, Split, Start};

use crate::count::tally::{OnUnit, UnitDone};
use crate::count::{Plan, Tally};
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// A device that runs units of a plan, reporting each finished one.
pub trait Device: Send + Sync + fmt::Debug {
    /// Its name, for reports: the adapter and how it is reached.
    fn name(&self) -> String;

    /// Runs the units of `plan` whose ids are `ids`, calling `on_unit`
    /// once for each as it finishes, in any order, and starting no more
    /// once `keep_going` turns false. Units it does not run itself it
    /// hands to `on_cpu`, the caller's driver (its threads and kernel),
    /// which reports them to the `on_unit` given. An error means the
    /// device is gone: the units reported before it stand, the others did
    /// not run.
    fn run(
        &self,
        plan: &Plan,
        ids: &[usize],
        keep_going: &AtomicBool,
        on_unit: &OnUnit,
        on_cpu: &OnCpu,
    ) -> Result<(), DeviceLost>;
}

/// Runs units on the CPU for a device, as the caller's driver does,
/// reporting each to the callback given; returns their tally.
pub type OnCpu<'a> = dyn Fn(&[usize], &OnUnit) -> Tally + Sync + 'a;

/// What a run does when its device is lost.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum OnLoss {
    /// Runs the units left on the CPU.
    ContinueOnCpu,
    /// Stops, with only the units reported so far in its tally.
    Stop,
}

/// Told of a lost device, with what the run does now and the number of
/// its units left.
pub type LossHook = dyn Fn(&DeviceLost, OnLoss, usize) + Send + Sync;

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
    /// report are run by `on_cpu`, or left, as asked.
    pub fn run(
        &self,
        plan: &Plan,
        ids: &[usize],
        keep_going: &AtomicBool,
        on_unit: &OnUnit,
        on_cpu: &OnCpu,
    ) -> Tally {
        let reported: Vec<AtomicBool> = plan
            .units()
            .iter()
            .map(|_| AtomicBool::new(false))
            .collect();
        let tally = Mutex::new(Tally::default());
        let once = |done: UnitDone| {
            // A unit reported twice would be counted twice.
            if reported[done.id].swap(true, Ordering::Relaxed) {
                return;
            }
            *tally.lock().unwrap_or_else(|err| err.into_inner()) += done.tally;
            on_unit(done);
        };
        let result = self.device.run(plan, ids, keep_going, &once, on_cpu);
        let tally = tally.into_inner().unwrap_or_else(|err| err.into_inner());
        let Err(lost) = result else {
            return tally;
        };
        let rest: Vec<usize> = (ids.iter().copied())
            .filter(|&id| !reported[id].load(Ordering::Relaxed))
            .collect();
        if let Some(hook) = &self.hook {
            hook(&lost, self.on_loss, rest.len());
        }
        *self.lost.lock().unwrap_or_else(|err| err.into_inner()) = Some(lost);
        match self.on_loss {
            OnLoss::ContinueOnCpu => tally + on_cpu(&rest, on_unit),
            OnLoss::Stop => tally,
        }
    }
}

/// A counting device that stopped working in the middle of a run (a GPU
/// reset, unplugged or out of memory).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{device} was lost: {reason}")]
pub struct DeviceLost {
    /// The device's name.
    pub device: String,
    /// What its driver said.
    pub reason: String,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::Driver;
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
            _on_cpu: &OnCpu,
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
                let tally = Split::of(plan, &plan.units()[id], 7)
                    .unwrap()
                    .tally_on_cpu();
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
        Plan::new(BoardSize::new(11).unwrap(), Method::Backtrack).unwrap()
    }

    /// The driver, the ids reported and the number of units left at the loss.
    fn run(device: Flaky, on_loss: OnLoss) -> (Driver, Tally, Vec<usize>, usize) {
        let left = Arc::new(AtomicUsize::new(usize::MAX));
        let told = Arc::clone(&left);
        let driver = (Driver::new().kernel(Kernel::SCALAR).unwrap())
            .device(Arc::new(device), on_loss)
            .on_device_lost(Arc::new(move |_, _, rest| {
                told.store(rest, Ordering::Relaxed)
            }));
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
        let first = Driver::new().run(&plan, &[0, 1, 2, 3, 4], &|_| {});
        assert_eq!(
            (tally, reported, left),
            (first, vec![0, 1, 2, 3, 4], plan.units().len() - 5)
        );
    }
}
