//! The count request's refusal matrix: every method (and `auto`) ×
//! device × statistics × whole, shard or checkpoint, and every setting
//! of a count by plan given to an enumerating algorithm. Each row is
//! refused by the rule the capabilities give, in one [`Conflict`]
//! variant, or resolved and counted; a GPU row with a device is counted
//! on it, and without one is refused as a device that did not open.

use nqueens::count::{
    Conflict, CountEnd, CountRequest, Device, DeviceChoice, Devices, Method, OnCpu, OnUnit, Opener,
    Plan, Quiet, Resolved, Setting, Shard,
};
use nqueens::{Algorithm, BoardSize, CountError, DeviceLost};
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

fn request(method: Option<Method>, device: DeviceChoice, stats: bool, part: Part) -> CountRequest {
    CountRequest {
        method,
        threads: Some(1),
        device,
        stats,
        shard: (part == Part::Shard).then(|| Shard::new(0, 2).unwrap()),
        checkpointed: part == Part::Checkpoint,
        ..CountRequest::new(BoardSize::new(8).unwrap())
    }
}

/// `request` resolved and run to its end, a device opening [`Hands`].
fn run(request: &CountRequest) -> Result<CountEnd, CountError> {
    let devices = Devices {
        opener: Some(Arc::new(Hands)),
        tell: None,
    };
    let resolved = request.resolve()?.by_plan().expect("a count by plan");
    resolved.run(&devices, &mut Quiet)
}

#[test]
fn every_combination_is_refused_by_what_its_method_can_do_or_counted() {
    let methods = std::iter::once(None).chain(Method::ALL.iter().copied().map(Some));
    let mut refused = 0;
    for method in methods {
        for device in DeviceChoice::ALL {
            for stats in [false, true] {
                for part in [Part::Whole, Part::Shard, Part::Checkpoint] {
                    let row = format!("{method:?} {device} stats={stats} {part:?}");
                    let ran = run(&request(method, device, stats, part));
                    match (expected(method, device, stats, part), ran) {
                        (Some(conflict), Err(CountError::Conflict(found))) => {
                            assert_eq!(found, conflict, "{row}");
                            refused += 1;
                        }
                        (None, Ok(end)) => {
                            let outcome = &end.outcome;
                            assert!(outcome.complete, "{row}");
                            assert_eq!(outcome.stats.is_some(), stats, "{row}");
                            let on_device = device == DeviceChoice::Gpu
                                || (device == DeviceChoice::Auto
                                    && outcome.method.runs_on_devices());
                            assert_eq!(outcome.device.is_some(), on_device, "{row}");
                            if part != Part::Shard {
                                let summary = end.summary().unwrap();
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

/// Every setting of a count by plan, given to an algorithm that
/// enumerates, is refused by name; statistics and the CPU are not.
#[test]
fn the_enumerating_algorithms_refuse_what_only_a_plan_takes() {
    let size = BoardSize::new(6).unwrap();
    for algorithm in Algorithm::ALL
        .into_iter()
        .filter(|&a| a != Algorithm::Bitmask)
    {
        let base = CountRequest {
            algorithm,
            ..CountRequest::new(size)
        };
        let settings: [(Setting, CountRequest); 7] = [
            (
                Setting::Method,
                CountRequest {
                    method: Some(Method::Backtrack),
                    ..base.clone()
                },
            ),
            (
                Setting::NoSymmetry,
                CountRequest {
                    no_symmetry: true,
                    ..base.clone()
                },
            ),
            (
                Setting::MaxMemory,
                CountRequest {
                    max_memory: Some(1 << 30),
                    ..base.clone()
                },
            ),
            (
                Setting::Threads,
                CountRequest {
                    threads: Some(2),
                    ..base.clone()
                },
            ),
            (
                Setting::Device,
                CountRequest {
                    device: DeviceChoice::Gpu,
                    ..base.clone()
                },
            ),
            (
                Setting::Shard,
                CountRequest {
                    shard: Shard::new(0, 2).ok(),
                    ..base.clone()
                },
            ),
            (
                Setting::Checkpoint,
                CountRequest {
                    checkpointed: true,
                    ..base.clone()
                },
            ),
        ];
        for (setting, asked) in settings {
            let refused = asked.resolve().unwrap_err();
            assert!(
                matches!(refused, CountError::Conflict(Conflict::NotByPlan(s, a)) if s == setting && a == algorithm),
                "{algorithm} {setting:?}: {refused}"
            );
        }
        for asked in [
            CountRequest {
                stats: true,
                ..base.clone()
            },
            CountRequest {
                device: DeviceChoice::Cpu,
                ..base.clone()
            },
            base.clone(),
        ] {
            let Ok(Resolved::Enumerate { solver, stats }) = asked.resolve() else {
                panic!("{algorithm}: {asked:?} enumerates")
            };
            assert_eq!((solver.algorithm(), stats), (algorithm, asked.stats));
        }
    }
}

/// No symmetry is the method that uses none: named beside another, it
/// is refused.
#[test]
fn no_symmetry_is_the_method_that_uses_none() {
    let size = BoardSize::new(8).unwrap();
    let plain = CountRequest {
        no_symmetry: true,
        ..CountRequest::new(size)
    };
    let method = plain.resolve().unwrap().by_plan().unwrap().method();
    assert!(!method.uses_symmetry());
    let both = CountRequest {
        method: Some(Method::Join),
        ..plain
    };
    assert!(matches!(
        both.resolve(),
        Err(CountError::Conflict(Conflict::NoSymmetryWith(Method::Join)))
    ));
}

#[test]
fn a_gpu_asked_for_where_none_can_open_is_refused_as_such() {
    let resolve = |device| {
        let request = CountRequest {
            device,
            ..CountRequest::new(BoardSize::new(8).unwrap())
        };
        request.resolve().unwrap().by_plan().unwrap()
    };
    let Err(err) = resolve(DeviceChoice::Gpu).run(&Devices::default(), &mut Quiet) else {
        panic!("a GPU was asked for where none can open")
    };
    assert_eq!(
        err.to_string(),
        "no GPU can be used from here: choose the device cpu to count on the CPU"
    );
    let end = resolve(DeviceChoice::Auto)
        .run(&Devices::default(), &mut Quiet)
        .unwrap();
    assert_eq!(
        end.outcome.device, None,
        "auto without a device counts on the CPU"
    );
}
