//! The kernel on whatever adapter wgpu finds, a software one included (in
//! CI: lavapipe, from Debian's mesa-vulkan-drivers): counts equal OEIS
//! and the CPU's, unit by unit, and a device lost mid-run is survived.
//! Without a Vulkan driver they skip, saying why; CI has one (lavapipe),
//! and there a skip fails.

use nqueens::count::{Device, Driver, Kernel, Method, OnLoss, Plan, Tally};
use nqueens::BoardSize;
use nqueens_gpu::{Choice, Gpu};
use nqueens_testkit::{skip, A000170, A002562};
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

/// A GPU, software ones included; none, after saying why the test is
/// skipped, where none opens.
fn gpu() -> Option<Gpu> {
    match Gpu::open(Choice::Any) {
        Ok(gpu) => Some(gpu),
        Err(err) => {
            skip(&format!(
                "{err}: the GPU tests need a Vulkan driver (apt-get install mesa-vulkan-drivers)"
            ));
            None
        }
    }
}

fn plan(n: usize, method: Method) -> Plan {
    Plan::new(BoardSize::new(n).unwrap(), method).unwrap()
}

/// Every unit's tally, as `driver` reports it.
fn tallies(driver: &Driver, plan: &Plan) -> BTreeMap<usize, Tally> {
    let found = Mutex::new(BTreeMap::new());
    let ids: Vec<usize> = (0..plan.units().len()).collect();
    driver.run(plan, &ids, &|done| {
        let again = found.lock().unwrap().insert(done.id, done.tally);
        assert!(again.is_none(), "unit {} reported twice", done.id);
    });
    found.into_inner().unwrap()
}

fn on(gpu: Gpu, on_loss: OnLoss) -> Driver {
    Driver::new().device(Arc::new(gpu), on_loss)
}

#[test]
fn totals_and_uniques_match_oeis_and_the_cpu() {
    let Some(gpu) = gpu() else { return };
    let driver = on(gpu, OnLoss::Stop);
    for n in 4..=14 {
        let plan = plan(n, Method::Backtrack);
        let counts = driver.count(&plan, &|_| {});
        assert_eq!(
            (counts.total, counts.unique),
            (A000170[n], A002562[n]),
            "n = {n}"
        );
        assert_eq!(counts, Driver::new().count(&plan, &|_| {}), "n = {n}");
    }
    assert!(driver.device_lost().is_none());
}

#[test]
fn every_unit_matches_the_cpu_however_finely_it_is_cut() {
    let cpu = Driver::new().kernel(Kernel::SCALAR).unwrap();
    for rows in [2, 3, 5, 8, nqueens_gpu::ROWS_PER_START] {
        let Some(gpu) = gpu() else { return };
        let driver = on(gpu.rows_per_start(rows), OnLoss::Stop);
        for n in 1..=12 {
            for method in Method::ALL.iter().copied().filter(|m| m.runs_on_devices()) {
                let plan = plan(n, method);
                assert_eq!(
                    tallies(&driver, &plan),
                    tallies(&cpu, &plan),
                    "n = {n} {method}, {rows} rows a start"
                );
            }
        }
    }
}

/// Big starts: on llvmpipe, which stops a loop after 65535 turns, some are
/// cut short, flagged, and run again cut deeper.
#[test]
fn starts_too_long_for_one_go_are_finished_deeper() {
    let Some(gpu) = gpu() else { return };
    let gpu = Arc::new(gpu);
    let driver = Driver::new().device(Arc::clone(&gpu) as Arc<dyn Device>, OnLoss::Stop);
    let plan = plan(14, Method::PlainTree);
    assert_eq!(tallies(&driver, &plan), tallies(&Driver::new(), &plan));
    if gpu.adapter().is_cpu() {
        assert!(gpu.reworked_starts() > 0, "no start was cut short");
    }
}

#[test]
fn a_device_lost_mid_run_leaves_the_rest_to_the_cpu() {
    let Some(gpu) = gpu() else { return };
    let plan = plan(12, Method::Backtrack);
    let driver = on(
        gpu.rows_per_start(4).lose_at_batch(1),
        OnLoss::ContinueOnCpu,
    );
    let left = Arc::new(Mutex::new(None));
    let told = Arc::clone(&left);
    let driver = driver.on_device_lost(Arc::new(move |_, _, rest| {
        *told.lock().unwrap() = Some(rest)
    }));
    assert_eq!(tallies(&driver, &plan), tallies(&Driver::new(), &plan));
    let rest = left.lock().unwrap().expect("the loss was told");
    assert!(0 < rest && rest < plan.units().len(), "{rest} units left");
    let lost = driver.device_lost().expect("the device was lost");
    assert!(lost.to_string().contains(" was lost: "), "{lost}");
    assert_eq!(driver.device_in_use(), None);
}

#[test]
fn a_run_told_to_stop_at_a_loss_keeps_what_the_device_finished() {
    let Some(gpu) = gpu() else { return };
    let plan = plan(12, Method::Backtrack);
    let driver = on(gpu.rows_per_start(4).lose_at_batch(1), OnLoss::Stop);
    let kept = tallies(&driver, &plan);
    let cpu = tallies(&Driver::new(), &plan);
    assert!(
        !kept.is_empty() && kept.len() < cpu.len(),
        "{} of {} units",
        kept.len(),
        cpu.len()
    );
    assert!(kept.iter().all(|(id, tally)| cpu[id] == *tally));
}

#[test]
fn the_adapter_is_named() {
    let Some(gpu) = gpu() else { return };
    assert!(!gpu.adapter().name.is_empty());
    assert!(["vulkan", "metal", "dx12"].contains(&gpu.adapter().backend.as_str()));
    assert!(nqueens_gpu::adapters().contains(gpu.adapter()));
}
