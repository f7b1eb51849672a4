//! Runs that would take long say so up front; options are honoured or
//! refused, never silently ignored; the counting kernel can be pinned.

mod common;

use assert_cmd::Command;
use serde_json::Value;
use std::io::{BufRead, BufReader};
use std::process::Stdio;

/// The first line `nqueens ARGS` writes to stderr; the run is then killed.
fn first_stderr_line(args: &[&str]) -> String {
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("nqueens"))
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stderr.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    child.kill().unwrap();
    child.wait().unwrap();
    line
}

#[test]
fn long_runs_say_how_long_before_they_start() {
    let naive = first_stderr_line(&["count", "20", "--algorithm", "naive"]);
    assert!(
        naive.starts_with("nqueens: count 20 --algorithm naive will take about ")
            && naive.contains("days on this machine"),
        "{naive}"
    );
    let plain = first_stderr_line(&["count", "21", "--no-symmetry"]);
    assert!(
        plain.starts_with("nqueens: count 21 --method plain will take about "),
        "{plain}"
    );
    let sets = first_stderr_line(&["solve", "32", "--limit", "1", "--algorithm", "sets"]);
    assert!(
        sets.starts_with("nqueens: solve 32 --algorithm sets --limit 1 will take "),
        "{sets}"
    );
}

#[test]
fn quiet_counts_and_short_runs_say_nothing() {
    let (out, err) = common::run(&["count", "12", "--algorithm", "naive"]);
    assert_eq!(
        (out.as_str(), err.as_str()),
        ("total:  14200\nunique: 1787\n", "")
    );
    let (_, err) = common::run(&["count", "17", "--quiet"]);
    assert_eq!(err, "");
}

#[test]
fn compare_skips_what_would_take_over_a_minute_with_the_estimate() {
    // Every algorithm but the first is skipped, as the rows say: none of
    // them is run (which the time it took would only suggest).
    let out = common::stdout(&["compare", "20", "--json"]);
    let report: Value = serde_json::from_str(&out).unwrap();
    for row in &report["algorithms"].as_array().unwrap()[1..] {
        let skipped = row["skipped"].as_str().unwrap();
        assert!(skipped.starts_with("would take about "), "{skipped}");
        assert!(skipped.contains("estimated from the search tree's node profile"));
    }
}

#[test]
fn threads_are_honoured_by_every_bitmask_count() {
    for symmetry in [&[][..], &["--no-symmetry"][..]] {
        let args = [&["count", "12", "--threads", "7", "--json"][..], symmetry].concat();
        let report: Value = serde_json::from_str(&common::stdout(&args)).unwrap();
        assert_eq!(report["threads"], 7, "{symmetry:?}");
        assert_eq!(
            (report["total"].as_u64(), report["unique"].as_u64()),
            (Some(14200), Some(1787))
        );
        let stats = [&args[..], &["--stats"]].concat();
        let report: Value = serde_json::from_str(&common::stdout(&stats)).unwrap();
        assert_eq!(report["threads"], 7, "--stats {symmetry:?}");
    }
}

#[test]
fn threads_are_refused_where_they_mean_nothing() {
    for (sub, said) in [
        ("count", "a thread count applies to the bitmask algorithm's counts: sets counts by enumerating, on one thread"),
        ("solve", "--threads applies to the bitmask algorithm only: sets runs on one thread"),
    ] {
        let output = Command::cargo_bin("nqueens")
            .unwrap()
            .args([sub, "8", "--algorithm", "sets", "--threads", "2"])
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2));
        let err = String::from_utf8(output.stderr).unwrap();
        assert_eq!(err.lines().next(), Some(format!("nqueens: error: {said}").as_str()));
    }
}

#[test]
fn statistics_of_a_search_limited_to_nothing() {
    let (out, err) = common::run(&["solve", "8", "--stats", "--limit", "0"]);
    assert_eq!(out, "");
    assert!(
        err.starts_with("nodes:      1 (by depth: 1 0 0 0 0 0 0 0 0)"),
        "{err}"
    );
    assert!(err.contains("solutions:  0"), "{err}");
}

fn with_kernel(kernel: &str, args: &[&str]) -> std::process::Output {
    Command::cargo_bin("nqueens")
        .unwrap()
        .env("NQUEENS_KERNEL", kernel)
        .args(args)
        .output()
        .unwrap()
}

/// Every kernel pinned by NQUEENS_KERNEL counts exactly, by backtracking
/// and by the join (whose pair steps it pins too), or is refused with exit
/// 2 naming the CPU features it needs; no kernel falls back in silence.
#[test]
fn the_kernel_can_be_pinned_and_a_missing_one_is_an_error() {
    let counts = [
        (
            ["count", "13", "--method", "backtrack"],
            "total:  73712\nunique: 9233\n",
        ),
        (
            ["count", "14", "--method", "join"],
            "total:  365596\nunique: 45752\n",
        ),
    ];
    for kernel in ["auto", "scalar", "avx2", "avx512f", "avx512"] {
        for (args, expected) in counts {
            let output = with_kernel(kernel, &args);
            match output.status.code() {
                Some(0) => assert_eq!(String::from_utf8_lossy(&output.stdout), expected),
                code => {
                    assert_eq!(code, Some(2), "{kernel} {args:?}");
                    let err = String::from_utf8_lossy(&output.stderr).into_owned();
                    let says = format!("nqueens: error: NQUEENS_KERNEL='{kernel}': the {kernel} kernel needs the CPU features ");
                    assert!(err.starts_with(&says), "{err}");
                    assert!(output.stdout.is_empty());
                }
            }
        }
    }
    let unknown = with_kernel("gpu", &["count", "13"]);
    assert_eq!(unknown.status.code(), Some(2));
    // One line: the command's usage has nothing to say of the variable.
    assert_eq!(
        String::from_utf8_lossy(&unknown.stderr),
        "nqueens: error: NQUEENS_KERNEL='gpu': the kernel must be one of auto, scalar, avx2, avx512f, avx512\n"
    );
}

/// A kernel whose CPU features NQUEENS_HIDE_CPU_FEATURES hides is refused
/// as on a CPU without them, whatever this CPU has; `auto` then takes
/// what is left, down to the portable code, and counts exactly.
#[test]
fn a_kernel_hidden_from_the_cpu_is_refused_and_auto_counts_without_it() {
    let run = |hidden: &str, kernel: &str, args: &[&str]| {
        Command::cargo_bin("nqueens")
            .unwrap()
            .env("NQUEENS_HIDE_CPU_FEATURES", hidden)
            .env("NQUEENS_KERNEL", kernel)
            .args(args)
            .output()
            .unwrap()
    };
    let refused = run("avx2", "avx2", &["count", "13"]);
    assert_eq!(refused.status.code(), Some(2));
    let err = String::from_utf8_lossy(&refused.stderr).into_owned();
    assert!(
        err.starts_with("nqueens: error: NQUEENS_KERNEL='avx2': the avx2 kernel needs the CPU features avx2, bmi1, bmi2, lzcnt, popcnt, which this machine does not have all of (use auto or scalar)"),
        "{err}"
    );
    let everything = "avx512f,avx2,bmi2,popcnt";
    for (args, expected) in [
        (
            ["count", "13", "--method", "backtrack"],
            "total:  73712\nunique: 9233\n",
        ),
        (
            ["count", "14", "--method", "join"],
            "total:  365596\nunique: 45752\n",
        ),
    ] {
        let output = run(everything, "auto", &args);
        assert!(output.status.success(), "{args:?}");
        assert_eq!(String::from_utf8_lossy(&output.stdout), expected);
    }
}
