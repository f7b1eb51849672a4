//! `--max-memory` bounds the whole process: a count that does not fit is
//! refused, and every `--max-memory` its refusal advises, run as printed
//! inside a memory cgroup of that size (see cgroup/), counts without being
//! killed and peaks within it (its `peak_bytes`, the process's resident
//! peak, which needs no cgroup). Under a limit the join does not fit,
//! `auto` counts by backtracking; a refusal names both ways out.

mod cgroup;
mod common;

use common::run_with;
use nqueens_testkit::{total, unique};
use serde_json::Value;
use std::process::Command;

const MIB: u64 = 1 << 20;

/// Runs `args` and returns its refusal (exit 2, one line on stderr).
fn refusal(args: &[&str]) -> String {
    let ran = run_with(args, "");
    assert_eq!(
        (ran.code, ran.stdout.as_str()),
        (2, ""),
        "{args:?}: {}",
        ran.stderr
    );
    assert_eq!(ran.stderr.lines().count(), 1, "{}", ran.stderr);
    ran.stderr
}

/// Every `--max-memory NM` a refusal advises, in MiB, in its order.
fn advised(refusal: &str) -> Vec<u64> {
    let after = refusal.split("--max-memory ").skip(1);
    after
        .filter_map(|rest| rest.split_once('M').and_then(|(mib, _)| mib.parse().ok()))
        .collect()
}

/// Runs `count ARGS --max-memory {mib}M --json` inside a cgroup of that
/// size where one can be made: it is not killed, counts n's solutions,
/// and peaks within the limit. Returns its report.
fn counts_within(args: &[&str], mib: u64) -> Value {
    let limit = format!("{mib}M");
    let args = [args, &["--max-memory", &limit, "--json"]].concat();
    let binary = assert_cmd::cargo::cargo_bin("nqueens");
    let output = match cgroup::or_skip(mib * MIB) {
        Some(cgroup) => {
            let run = cgroup.run(&binary, &args);
            assert_eq!(run.oom_kills, 0, "{args:?} was killed in {limit}");
            run.output
        }
        None => Command::new(&binary).args(&args).output().unwrap(),
    };
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{args:?} in {limit}: {output:?}");
    let report: Value = serde_json::from_slice(&output.stdout).unwrap();
    let n: usize = args[1].parse().unwrap();
    let counts = (report["total"].as_u64(), report["unique"].as_u64());
    assert_eq!(
        counts,
        (Some(total(n) as u64), Some(unique(n) as u64)),
        "{stderr}"
    );
    let peak = report["peak_bytes"].as_u64().unwrap();
    assert!(
        peak <= mib * MIB,
        "{args:?} peaked at {peak} bytes: {stderr}"
    );
    report
}

/// Issue 39's example: `count 18 --threads 1 --max-memory 1M` advised
/// 11M, the count's own memory, and the process took 18 MB (74 MB where
/// `--device auto` looked for a GPU). The advice now counts the process's
/// own memory, no GPU is looked for a count by the join, and both ways
/// out run as printed: on one thread and on two.
#[test]
fn the_memory_a_refusal_advises_runs_the_count_within_it() {
    for threads in ["1", "2"] {
        let args = ["count", "18", "--threads", threads];
        let said = refusal(&[&args[..], &["--max-memory", "1M"]].concat());
        let start = "nqueens: error: count 18 needs about ";
        assert!(said.starts_with(start), "{said}");
        assert!(
            said.contains(
                " MiB this process's own), more than 1.0 MiB (--max-memory): give it --max-memory "
            ),
            "{said}"
        );
        assert!(
            said.ends_with("M to count by backtracking (slower)\n"),
            "{said}"
        );
        let [join, _backtrack] = advised(&said)[..] else {
            panic!("two limits advised: {said}");
        };
        let report = counts_within(&args, join);
        assert_eq!(report["method"], "join", "{report}");
        assert_eq!(report.get("device"), None, "{report}");
    }
}

/// Issue 39's `count 17 --max-memory 2M` refused with "join needs about
/// 10.7 MiB" though backtracking runs in little memory: `auto` now counts
/// by backtracking where the join does not fit, and where neither does
/// the refusal names both limits, each of which counts as printed.
#[test]
fn auto_counts_by_backtracking_where_the_join_does_not_fit() {
    let said = refusal(&["count", "17", "--max-memory", "2M"]);
    assert!(said.contains(" by the join on "), "{said}");
    let [join, backtrack] = advised(&said)[..] else {
        panic!("two limits advised: {said}");
    };
    assert!(backtrack < join, "{said}");
    assert_eq!(counts_within(&["count", "17"], join)["method"], "join");
    assert_eq!(
        counts_within(&["count", "17"], backtrack)["method"],
        "backtrack"
    );
}

/// `--method join` is not changed for backtracking, but its refusal says
/// how to count by backtracking: with the limit given where that fits,
/// with the one it needs where it does not.
#[test]
fn a_refused_join_names_backtracking_as_a_way_out() {
    let said = refusal(&["count", "16", "--method", "join", "--max-memory", "1M"]);
    let start = "nqueens: error: count 16 --method join needs about ";
    assert!(said.starts_with(start), "{said}");
    let [join, backtrack] = advised(&said)[..] else {
        panic!("two limits advised: {said}");
    };
    assert!(
        said.ends_with(&format!(
            ", or count by backtracking (--method backtrack --max-memory {backtrack}M, slower)\n"
        )),
        "{said}"
    );
    assert_eq!(
        counts_within(&["count", "16", "--method", "join"], join)["method"],
        "join"
    );
    let by_backtracking = ["count", "16", "--method", "backtrack"];
    assert_eq!(
        counts_within(&by_backtracking, backtrack)["method"],
        "backtrack"
    );
    // Where backtracking fits the limit given, that limit is kept.
    let given = format!("{backtrack}M");
    let said = refusal(&["count", "16", "--method", "join", "--max-memory", &given]);
    assert!(
        said.ends_with(", or count by backtracking (--method backtrack, slower)\n"),
        "{said}"
    );
    // The same advice, within the MiB that the process's own memory
    // differs by from one run to the next (rounded up, either way).
    let again = advised(&said);
    assert!(again.len() == 1 && again[0].abs_diff(join) <= 1, "{said}");
}

/// An estimate takes no more than its `--max-memory` either: the join's
/// least, as its refusal advises, run in a cgroup of that size.
#[test]
fn an_estimate_runs_within_the_memory_its_refusal_advises() {
    let args = ["estimate", "20", "--method", "join", "--threads", "2"];
    let said = refusal(&[&args[..], &["--max-memory", "1M"]].concat());
    let [join, _backtrack] = advised(&said)[..] else {
        panic!("two limits advised: {said}");
    };
    let limit = format!("{join}M");
    let args = [
        &args[..],
        &["--seconds", "0.2", "--max-memory", &limit, "--json"],
    ]
    .concat();
    let binary = assert_cmd::cargo::cargo_bin("nqueens");
    let output = match cgroup::or_skip(join * MIB) {
        Some(cgroup) => {
            let run = cgroup.run(&binary, &args);
            assert_eq!(run.oom_kills, 0, "{args:?} was killed in {limit}");
            run.output
        }
        None => Command::new(&binary).args(&args).output().unwrap(),
    };
    assert!(output.status.success(), "{args:?}: {output:?}");
    let report: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(report["method"], "join");
    let peak = report["peak_bytes"].as_u64().unwrap();
    assert!(peak <= join * MIB, "{args:?} peaked at {peak} bytes");
}
