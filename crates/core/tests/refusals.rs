//! The count job's refusal matrix: every method (and `auto`) × device ×
//! statistics × whole, shard or checkpoint. Each row is refused by the
//! rule the methods' capabilities give, in the job's one [`Conflict`]
//! variant, or prepared and counted; a GPU row with a device is counted
//! on it, and without one is refused as a device that did not open.

use nqueens::count::{
    Conflict, CountJob, Device, DeviceChoice, JobDevice, Method, OnCpu, OnUnit, Opener, Plan, Shard,
};
use nqueens::{BoardSize, CountError, DeviceLost};
use nqueens_testkit::total;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// A device that hands every unit back to the CPU.
#[derive(Debug)]
struct Handing;

impl Device for Handing {
    fn name(&self) -> String {
        "handing".into()
    }

    fn run(
        &self,
        _plan: &Plan,
        ids: &[usize],
        _keep_going: &AtomicBool,
        on_unit: &OnUnit,
        on_cpu: &OnCpu,
    ) -> Result<(), DeviceLost> {
        on_cpu(ids, on_unit);
        Ok(())
    }
}

/// Opens [`Handing`] for any board.
struct Hands;

impl Opener for Hands {
    fn open(&self, _any: bool) -> Result<Arc<dyn Device>, String> {
        Ok(Arc::new(Handing))
    }

    fn auto_from_n(&self) -> usize {
        0
    }

    fn driver_bytes(&self) -> u64 {
        0
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Part {
    Whole,
    Shard,
    Checkpoint,
}

/// The refusal a row must meet, written from the capabilities alone.
fn expected(
    method: Option<Method>,
    device: DeviceChoice,
    stats: bool,
    part: Part,
) -> Option<Conflict> {
    let gpu = device == DeviceChoice::Gpu;
    match method {
        Some(method) if stats && !method.has_search_tree() => {
            return Some(Conflict::StatsWithoutTree(method))
        }
        Some(method) if gpu && !method.runs_on_devices() => {
            return Some(Conflict::DeviceWithoutSearch(method))
        }
        _ => {}
    }
    match (stats, gpu, part) {
        (true, true, _) => Some(Conflict::StatsOnDevice),
        (true, _, Part::Shard) => Some(Conflict::StatsWithShard),
        (true, _, Part::Checkpoint) => Some(Conflict::StatsWithCheckpoint),
        _ => None,
    }
}

fn job(method: Option<Method>, device: DeviceChoice, stats: bool, part: Part) -> CountJob {
    CountJob {
        method,
        threads: Some(1),
        device: JobDevice {
            choice: device,
            opener: Some(Arc::new(Hands)),
            tell: None,
        },
        stats,
        shard: (part == Part::Shard).then(|| Shard::new(0, 2).unwrap()),
        checkpointed: part == Part::Checkpoint,
        ..CountJob::new(BoardSize::new(8).unwrap())
    }
}

#[test]
fn every_combination_is_refused_by_what_its_method_can_do_or_counted() {
    let methods = std::iter::once(None).chain(Method::ALL.iter().copied().map(Some));
    let mut refused = 0;
    for method in methods {
        for device in [DeviceChoice::Cpu, DeviceChoice::Auto, DeviceChoice::Gpu] {
            for stats in [false, true] {
                for part in [Part::Whole, Part::Shard, Part::Checkpoint] {
                    let row = format!("{method:?} {device} stats={stats} {part:?}");
                    let prepared = job(method, device, stats, part).prepare();
                    match (expected(method, device, stats, part), prepared) {
                        (Some(conflict), Err(CountError::Conflict(found))) => {
                            assert_eq!(found, conflict, "{row}");
                            refused += 1;
                        }
                        (None, Ok(prepared)) => {
                            let outcome = prepared.run(&[], &AtomicBool::new(true), &|_| {});
                            assert!(outcome.complete, "{row}");
                            assert_eq!(outcome.stats.is_some(), stats, "{row}");
                            let on_device = device == DeviceChoice::Gpu
                                || (device == DeviceChoice::Auto
                                    && outcome.method.runs_on_devices());
                            assert_eq!(outcome.device.is_some(), on_device, "{row}");
                            if part != Part::Shard {
                                let summary = prepared.report(outcome, 0.0).unwrap();
                                assert_eq!(summary.counts.total, total(8), "{row}");
                            }
                        }
                        (want, got) => panic!("{row}: expected {want:?}, got {:?}", got.err()),
                    }
                }
            }
        }
    }
    assert!(refused >= 4 * 3 * 2, "only {refused} rows refused");
}

#[test]
fn a_gpu_asked_for_where_none_can_open_is_refused_as_such() {
    let job = CountJob {
        device: JobDevice {
            choice: DeviceChoice::Gpu,
            ..JobDevice::default()
        },
        ..CountJob::new(BoardSize::new(8).unwrap())
    };
    let Err(err) = job.prepare() else {
        panic!("a GPU was asked for where none can open")
    };
    assert_eq!(
        err.to_string(),
        "no GPU can be used from here: choose the device cpu to count on the CPU"
    );
    let auto = CountJob {
        device: JobDevice {
            choice: DeviceChoice::Auto,
            ..JobDevice::default()
        },
        ..CountJob::new(BoardSize::new(8).unwrap())
    };
    let outcome = auto
        .prepare()
        .unwrap()
        .run(&[], &AtomicBool::new(true), &|_| {});
    assert_eq!(
        outcome.device, None,
        "auto without a device counts on the CPU"
    );
}
