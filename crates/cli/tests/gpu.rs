//! `count --device` and `devices`, run as a real process on whatever
//! adapter wgpu finds (in CI: lavapipe, Vulkan on the CPU). Where it finds
//! none, the tests that need one skip, saying why; under CI they fail.

mod common;

use assert_cmd::Command;
use common::{run_with, Ran};
use nqueens_testkit::{skip, total, unique};
use serde_json::Value;

/// Runs `nqueens ARGS` with `env` set, whatever its outcome.
fn run_env(args: &[&str], env: &[(&str, &str)]) -> Ran {
    let mut command = Command::cargo_bin("nqueens").unwrap();
    command.args(args).envs(env.iter().copied());
    let output = command.output().unwrap();
    let text = |bytes: Vec<u8>| String::from_utf8(bytes).unwrap();
    Ran {
        code: output.status.code().unwrap_or(-1),
        stdout: text(output.stdout),
        stderr: text(output.stderr),
    }
}

/// Whether `nqueens devices` finds an adapter; where it finds none, the
/// test is skipped (a failure under CI).
fn found_a_gpu() -> bool {
    let found = json(&run_with(&["devices", "--json"], ""));
    let any = found["adapters"]
        .as_array()
        .is_some_and(|list| !list.is_empty());
    if !any {
        skip("`nqueens devices` finds no GPU: these tests need a Vulkan driver (apt-get install mesa-vulkan-drivers)");
    }
    any
}

fn json(ran: &Ran) -> Value {
    assert_eq!(ran.code, 0, "{}", ran.stderr);
    serde_json::from_str(&ran.stdout).unwrap()
}

fn counts(report: &Value) -> (u64, u64, u64) {
    let field = |name: &str| report[name].as_u64().unwrap();
    (field("total"), field("unique"), field("nodes"))
}

/// Totals, uniques and nodes equal OEIS and the CPU's, the GPU named, and
/// not a word from the graphics stack on stderr.
#[test]
fn counts_on_the_gpu_equal_oeis_and_the_cpu_in_silence() {
    if !found_a_gpu() {
        return;
    }
    for n in 4..=14 {
        let size = n.to_string();
        let ran = run_with(&["count", &size, "--device", "gpu", "--json"], "");
        assert_eq!(ran.stderr, "", "n = {n}");
        let gpu = json(&ran);
        let cpu = json(&run_with(
            &["count", &size, "--device", "cpu", "--json"],
            "",
        ));
        assert_eq!(counts(&gpu), counts(&cpu), "n = {n}");
        assert_eq!(
            (counts(&gpu).0, counts(&gpu).1),
            (total(n) as u64, unique(n) as u64)
        );
        assert!(
            gpu["device"].as_str().is_some_and(|name| !name.is_empty()),
            "{gpu}"
        );
        assert_eq!(cpu.get("device"), None);
    }
}

#[test]
fn devices_lists_the_adapters_and_which_a_count_uses() {
    if !found_a_gpu() {
        return;
    }
    let ran = run_with(&["devices", "--json"], "");
    let report = json(&ran);
    assert_eq!(ran.stderr, "");
    let adapters = report["adapters"].as_array().unwrap();
    assert!(!adapters.is_empty(), "{report}");
    assert_eq!(report["gpu"], 0);
    for adapter in adapters {
        assert!(["vulkan", "metal", "dx12"].contains(&adapter["backend"].as_str().unwrap()));
    }
    // `auto` never takes a software rasterizer.
    let auto = report["auto"]
        .as_u64()
        .map(|index| &adapters[index as usize]);
    assert!(
        auto.is_none_or(|adapter| adapter["kind"] != "cpu"),
        "{report}"
    );
    let text = run_with(&["devices"], "");
    let first = adapters[0]["name"].as_str().unwrap();
    assert!(
        text.stdout.starts_with(&format!("0: {first} (")),
        "{}",
        text.stdout
    );
    assert!(text.stdout.contains("[--device gpu"), "{}", text.stdout);
}

#[test]
fn no_adapter_is_a_clear_error_for_gpu_and_none_for_auto() {
    let none = [
        ("VK_ICD_FILENAMES", "/nonexistent/icd.json"),
        ("VK_DRIVER_FILES", "/nonexistent/icd.json"),
    ];
    let ran = run_env(&["count", "9", "--device", "gpu"], &none);
    assert_eq!(ran.code, 1);
    assert_eq!(
        ran.stderr,
        "nqueens: error: no GPU found (wgpu looked for Vulkan, Metal and DX12 devices): choose the device cpu to count on the CPU\n"
    );
    assert_eq!(ran.stdout, "");
    let listed = run_env(&["devices"], &none);
    assert_eq!((listed.code, listed.stderr.as_str()), (0, ""));
    assert!(
        listed.stdout.starts_with("no GPU found"),
        "{}",
        listed.stdout
    );
    let auto = run_env(&["count", "9", "--device", "auto"], &none);
    assert_eq!(
        (auto.code, auto.stdout.as_str(), auto.stderr.as_str()),
        (0, "total:  352\nunique: 46\n", "")
    );
}

/// A GPU lost after its first batch: the CPU counts the rest, and the
/// user is told in one line.
#[test]
fn a_gpu_lost_mid_count_leaves_the_rest_to_the_cpu() {
    if !found_a_gpu() {
        return;
    }
    let lose = [("NQUEENS_GPU_LOSE_AT_BATCH", "1")];
    let ran = run_env(&["count", "15", "--device", "gpu", "--json"], &lose);
    let report = json(&ran);
    assert_eq!(
        (counts(&report).0, counts(&report).1),
        (total(15) as u64, unique(15) as u64)
    );
    assert!(report["device_lost"].as_str().is_some(), "{report}");
    let lines: Vec<&str> = ran.stderr.lines().collect();
    assert_eq!(lines.len(), 1, "{}", ran.stderr);
    assert!(
        lines[0].starts_with("nqueens: the GPU ") && lines[0].contains(" was lost: "),
        "{}",
        lines[0]
    );
    assert!(lines[0].ends_with(" units left on the CPU"), "{}", lines[0]);
}

/// With a checkpoint, a lost GPU stops the run with the units it finished
/// kept; the command it advises (on the CPU, with the method the GPU ran:
/// n = 16 would be a join there) finishes it, and so does the same
/// command again on the GPU.
#[test]
fn a_gpu_lost_with_a_checkpoint_stops_and_the_next_run_goes_on() {
    if !found_a_gpu() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let checkpoint = dir.path().join("count16.db");
    let path = checkpoint.to_str().unwrap();
    let args = [
        "count",
        "16",
        "--device",
        "gpu",
        "--checkpoint",
        path,
        "--json",
    ];
    let stopped = run_env(&args, &[("NQUEENS_GPU_LOSE_AT_BATCH", "1")]);
    assert_eq!(
        (stopped.code, stopped.stdout.as_str()),
        (1, ""),
        "{}",
        stopped.stderr
    );
    assert!(
        stopped.stderr.contains("stopping with "),
        "{}",
        stopped.stderr
    );
    assert!(
        stopped
            .stderr
            .contains(&format!("{path} keeps the units it finished")),
        "{}",
        stopped.stderr
    );
    let status = json(&run_with(&["status", path, "--json"], ""));
    let done = status["done"].as_u64().unwrap();
    assert!(
        0 < done && done < status["units"].as_u64().unwrap(),
        "{status}"
    );
    let copy = dir.path().join("gpu.db");
    std::fs::copy(&checkpoint, &copy).unwrap();
    let (_, advice) = stopped
        .stderr
        .split_once("go on on the CPU with: ")
        .unwrap();
    let words: Vec<&str> = advice.trim_end().split(' ').collect();
    assert_eq!(
        &words[1..],
        [
            "count",
            "16",
            "--checkpoint",
            path,
            "--json",
            "--device",
            "cpu",
            "--method",
            "backtrack"
        ]
    );
    let advised = std::process::Command::new(words[0])
        .args(&words[1..])
        .output()
        .unwrap();
    assert_eq!(
        advised.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&advised.stderr)
    );
    let report: serde_json::Value = serde_json::from_slice(&advised.stdout).unwrap();
    assert_eq!(
        (counts(&report).0, counts(&report).1),
        (total(16) as u64, unique(16) as u64)
    );
    let again = [
        "count",
        "16",
        "--device",
        "gpu",
        "--checkpoint",
        copy.to_str().unwrap(),
        "--json",
    ];
    let report = json(&run_with(&again, ""));
    assert_eq!(
        (counts(&report).0, counts(&report).1),
        (total(16) as u64, unique(16) as u64)
    );
}

/// Shards counted on the GPU and on the CPU merge into the board's counts.
#[test]
fn shards_from_the_gpu_and_the_cpu_merge() {
    if !found_a_gpu() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().to_str().unwrap();
    for (shard, device) in [("0/3", "gpu"), ("1/3", "cpu"), ("2/3", "gpu")] {
        let ran = run_with(
            &[
                "count", "13", "--shard", shard, "--out", out, "--device", device,
            ],
            "",
        );
        assert_eq!((ran.code, ran.stderr.as_str()), (0, ""), "{shard}");
    }
    let merged = json(&run_with(&["merge", out, "--json"], ""));
    assert_eq!(
        (counts(&merged).0, counts(&merged).1),
        (total(13) as u64, unique(13) as u64)
    );
}

#[test]
fn what_cannot_run_on_a_gpu_is_refused_by_name() {
    let cases = [
        (
            &["count", "9", "--device", "tpu"][..],
            "invalid value 'tpu' for '--device <DEVICE>': the device must be one of auto, cpu, gpu",
        ),
        (
            &["count", "9", "--device", "gpu", "--method", "join"],
            "a GPU runs the methods backtrack or plain, not join: choose one of them, or the device cpu",
        ),
        (
            &["count", "9", "--device", "gpu", "--stats"],
            "stats are counted on the CPU's scalar kernel: they cannot go with the device gpu",
        ),
        (
            &["count", "9", "--device", "gpu", "--algorithm", "sets"],
            "a GPU applies to the bitmask algorithm's counts: sets counts by enumerating",
        ),
        (
            &["count", "9", "--device", "gpu", "--fix", "0:0"],
            "--device",
        ),
    ];
    for (args, message) in cases {
        let ran = run_with(args, "");
        assert_eq!(ran.code, 2, "{args:?}: {}", ran.stderr);
        assert!(
            ran.stderr.starts_with("nqueens: error: ") && ran.stderr.contains(message),
            "{args:?}: {}",
            ran.stderr
        );
        assert_eq!(ran.stdout, "");
    }
}
