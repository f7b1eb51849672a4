//! The refusal matrix through the command line: every algorithm ×
//! method (and `auto`) × device × `--stats` × whole, `--shard` or
//! `--checkpoint` shows the count request's own refusal, word for word
//! (exit 2), or counts. No rule of the matrix is the command line's: the
//! expected words come from the request itself.

mod common;

use common::run_with;
use nqueens::count::{CountRequest, DeviceChoice, Method, Shard};
use nqueens::{Algorithm, BoardSize, CountError, Named};
use nqueens_testkit::{count_asks, total, CountAsk};
use serde_json::Value;

/// The request's refusal of `ask` (with a checkpoint where
/// `checkpointed`), if it refuses it for what was asked together.
fn request_refusal(ask: &CountAsk, checkpointed: bool) -> Option<String> {
    let request = CountRequest {
        algorithm: ask.algorithm.parse().unwrap(),
        method: Method::parse_choice(&ask.method).unwrap(),
        device: ask.device.parse().unwrap(),
        stats: ask.stats,
        shard: ask.shard.then(|| Shard::new(0, 2).unwrap()),
        checkpointed,
        ..CountRequest::new(BoardSize::new(8).unwrap())
    };
    match request.resolve() {
        Err(err @ CountError::Conflict(_)) => Some(err.to_string()),
        _ => None,
    }
}

fn method_names() -> Vec<&'static str> {
    Method::choice_names()
}

/// What the command line did with `args`, checked against what the job
/// says of `ask`.
fn check(ask: &CountAsk, args: &[String], refusal: Option<String>) {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let ran = run_with(&args, "");
    let row = format!("{args:?}");
    if let Some(refusal) = refusal {
        assert_eq!(ran.code, 2, "{row}: {}", ran.stderr);
        assert_eq!(ran.stderr, format!("nqueens: error: {refusal}\n"), "{row}");
        assert_eq!(ran.stdout, "", "{row}");
        return;
    }
    if ask.device == "gpu" && ran.code == 1 {
        // No GPU on this machine: the device's own error, and its advice.
        assert!(
            ran.stderr
                .ends_with(": choose the device cpu to count on the CPU\n"),
            "{row}: {}",
            ran.stderr
        );
        return;
    }
    assert_eq!(ran.code, 0, "{row}: {}", ran.stderr);
    let report: Value = serde_json::from_str(ran.stdout.trim()).unwrap();
    match ask.shard {
        true => assert_eq!(report["format"], "nqueens-shard/3", "{row}"),
        false if ask.algorithm != "bitmask" => {
            assert_eq!(report["total"].as_u64().unwrap() as u128, total(8), "{row}");
            assert_eq!(report["method"], Value::Null, "{row}");
        }
        false => {
            assert_eq!(report["total"].as_u64().unwrap() as u128, total(8), "{row}");
            assert_eq!(report.get("stats").is_some(), ask.stats, "{row}");
        }
    }
}

/// `count 8 --json -q` with the flags of `ask`.
fn count_8(ask: &CountAsk) -> Vec<String> {
    let mut args: Vec<String> = ["count", "8", "--json", "-q"].map(String::from).into();
    args.extend(ask.flags());
    args
}

#[test]
fn every_combination_is_the_jobs_refusal_or_a_count() {
    let mut refused = 0;
    for ask in count_asks(&Algorithm::names(), &method_names()) {
        let args = count_8(&ask);
        let refusal = request_refusal(&ask, false);
        refused += usize::from(refusal.is_some());
        check(&ask, &args, refusal);
    }
    assert!(refused > 0);
}

#[test]
fn with_a_checkpoint_too() {
    let dir = tempfile::tempdir().unwrap();
    let asks = count_asks(&Algorithm::names(), &method_names())
        .into_iter()
        .filter(|ask| !ask.shard);
    for (i, ask) in asks.enumerate() {
        let file = dir.path().join(format!("{i}.db"));
        let mut args = count_8(&ask);
        args.extend(["--checkpoint".to_string(), file.to_str().unwrap().into()]);
        let refusal = request_refusal(&ask, true);
        let refused = refusal.is_some();
        check(&ask, &args, refusal);
        if refused {
            assert!(
                !file.exists(),
                "{ask:?}: a refused count makes no checkpoint"
            );
        }
    }
}

#[test]
fn the_devices_and_methods_are_the_jobs_own_in_the_help() {
    let help = run_with(&["count", "--help"], "").stdout;
    for &method in Method::ALL {
        assert!(
            help.contains(method.name()),
            "--help names {method}:\n{help}"
        );
    }
    for device in DeviceChoice::ALL {
        assert!(
            help.contains(device.name()),
            "--help names {device}:\n{help}"
        );
    }
}
