//! `count --method join|auto`: the same counts as backtracking, through
//! threads, shards, merges and checkpoints; its memory reported, and
//! refused past `--max-memory`; every misuse refused by its message.

mod common;

use common::run_with;
use serde_json::Value;

fn json(args: &[&str]) -> Value {
    let ran = run_with(args, "");
    assert_eq!(ran.code, 0, "{args:?}: {}", ran.stderr);
    serde_json::from_str(&ran.stdout).unwrap()
}

fn refused(args: &[&str], code: i32) -> String {
    let ran = run_with(args, "");
    assert_eq!(ran.code, code, "{args:?}: {}", ran.stderr);
    assert!(ran.stdout.is_empty(), "{args:?} printed {}", ran.stdout);
    ran.stderr
}

#[test]
fn the_join_counts_what_backtracking_counts_and_says_its_memory() {
    for n in ["1", "8", "13", "14"] {
        let joined = json(&["count", n, "--method", "join", "--json", "--threads", "2"]);
        let searched = json(&["count", n, "--method", "backtrack", "--json"]);
        assert_eq!(joined["total"], searched["total"], "n = {n}");
        assert_eq!(joined["unique"], searched["unique"], "n = {n}");
        assert_eq!(joined["method"], "join");
        assert_eq!(searched["method"], "backtrack");
        assert!(joined["peak_bytes"].as_u64().unwrap() > 1 << 20, "{joined}");
    }
    let auto = json(&[
        "count",
        "20",
        "--json",
        "--max-memory",
        "1T",
        "--shard",
        "0/4096",
    ]);
    assert!(
        auto.get("total").is_none(),
        "a shard prints its record: {auto}"
    );
    assert_eq!(auto["method"], "join", "auto picks the join for n = 20");
}

#[test]
fn join_shards_merge_to_the_whole_count_and_name_their_rerun() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().to_str().unwrap();
    for i in 0..3 {
        let shard = format!("{i}/3");
        let ran = run_with(
            &[
                "count", "14", "--method", "join", "--shard", &shard, "--out", out,
            ],
            "",
        );
        assert_eq!(ran.code, 0, "{}", ran.stderr);
    }
    let merged = json(&["merge", out, "--json"]);
    assert_eq!(
        (merged["total"].as_u64(), merged["unique"].as_u64()),
        (Some(365_596), Some(45_752))
    );
    std::fs::remove_file(dir.path().join("shard-2-of-3.json")).unwrap();
    let ran = run_with(&["merge", out], "");
    assert_eq!(ran.code, 1);
    let rerun = format!("nqueens count 14 --method join --shard 2/3 --out {out}");
    assert!(
        ran.stdout.contains(&rerun) || ran.stderr.contains(&rerun),
        "{}{}",
        ran.stdout,
        ran.stderr
    );
}

#[test]
fn a_join_checkpoint_resumes_and_refuses_the_other_method() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("run.db");
    let path = file.to_str().unwrap();
    let args = [
        "count",
        "13",
        "--method",
        "join",
        "--checkpoint",
        path,
        "--json",
    ];
    let first = json(&args);
    assert_eq!(first["total"], 73_712);
    let status = json(&["status", path, "--json"]);
    assert_eq!(status["done"], status["units"]);
    let again = json(&args);
    assert_eq!(again["total"], 73_712);
    let other = refused(
        &["count", "13", "--method", "backtrack", "--checkpoint", path],
        2,
    );
    assert!(other.contains("join"), "{other}");
}

#[test]
fn misuses_of_the_method_are_refused_by_name() {
    let cases: [(&[&str], i32, &str); 8] = [
        (
            &["count", "28", "--method", "join"],
            2,
            "nqueens: error: the join method counts boards up to n = 27, not 28",
        ),
        (
            &["estimate", "28", "--method", "join"],
            2,
            "nqueens: error: the join method counts boards up to n = 27, not 28",
        ),
        (
            &["count", "12", "--max-memory", "-5G"],
            2,
            "the memory limit must be a size such as 512M",
        ),
        (
            &["count", "12", "--method", "join", "--stats"],
            2,
            "the join method has none",
        ),
        (
            &["count", "12", "--method", "fast"],
            2,
            "the method must be one of auto, backtrack, plain, join",
        ),
        (
            &["count", "12", "--method", "join", "--no-symmetry"],
            2,
            "no symmetry is the method plain: it cannot go with the method join",
        ),
        (
            &["count", "12", "--max-memory", "lots"],
            2,
            "the memory limit must be a size such as 512M",
        ),
        (
            &["count", "12", "--algorithm", "sets", "--method", "join"],
            2,
            "a method applies to the bitmask",
        ),
    ];
    for (args, code, message) in cases {
        let stderr = refused(args, code);
        assert!(stderr.contains(message), "{args:?}: {stderr}");
    }
}

#[test]
fn a_count_that_needs_more_memory_than_allowed_is_refused_before_it_starts() {
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("r.json");
    let args = [
        "count",
        "16",
        "--method",
        "join",
        "--max-memory",
        "1M",
        "--shard",
        "0/2",
        "--out",
    ];
    let stderr = refused(&[&args[..], &[record.to_str().unwrap()]].concat(), 2);
    assert!(
        stderr.contains("needs about") && stderr.contains("more than 1.0 MiB (--max-memory)"),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(!record.exists(), "no record is begun");
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        0,
        "no temp file left"
    );
}

/// n = 27's join needs just over 1 GiB on two threads (its plan's 7.4
/// million units, and each thread's quadrant lists), 0.7 GiB on one:
/// refused from n alone, before its plan (which
/// takes seconds to cost) is made — `memory::check` takes no plan — with
/// every way out.
#[test]
fn the_biggest_join_is_refused_before_its_plan_is_made() {
    let args = [
        "count",
        "27",
        "--method",
        "join",
        "--max-memory",
        "1000M",
        "--threads",
        "2",
    ];
    let stderr = refused(&args, 2);
    let says = "nqueens: error: count 27 --method join needs about ";
    assert!(stderr.starts_with(says), "{stderr}");
    assert!(
        stderr.contains(
            " this process's own), more than 1000.0 MiB (--max-memory): give it --max-memory "
        ),
        "{stderr}"
    );
    assert!(
        stderr.ends_with(
            ", or count on one thread (--threads 1), or count by backtracking (--method backtrack, slower)\n"
        ),
        "{stderr}"
    );
    // One thread is a thread, not "1 threads".
    let one = refused(
        &[
            "count",
            "22",
            "--method",
            "join",
            "--max-memory",
            "1M",
            "--threads",
            "1",
        ],
        2,
    );
    assert!(one.contains(" on 1 thread ("), "{one}");
}

/// The refusal's advice, followed as printed, counts.
#[test]
fn the_memory_a_refusal_advises_is_enough() {
    let args = [
        "count",
        "18",
        "--method",
        "join",
        "--threads",
        "2",
        "--max-memory",
    ];
    let stderr = refused(&[&args[..], &["1M"]].concat(), 2);
    let (_, advice) = stderr.split_once("give it --max-memory ").unwrap();
    let limit = advice.split(',').next().unwrap();
    let ran = run_with(&[&args[..], &[limit]].concat(), "");
    assert_eq!(
        (ran.code, ran.stdout.as_str()),
        (0, "total:  666090624\nunique: 83263591\n"),
        "{}",
        ran.stderr
    );
    if let Some((_, one)) = advice.split_once(", or count on one thread (") {
        assert!(one.starts_with("--threads 1)"), "{advice}");
        let single = [
            "count",
            "18",
            "--method",
            "join",
            "--threads",
            "1",
            "--max-memory",
            "1M",
        ];
        assert_eq!(run_with(&single, "").code, 0, "one thread fits, as said");
    }
}

/// Sizes are a number, a unit and an optional B or iB, once: `8GIBIB`,
/// a sign, an exponent or `iB` alone are refused by name.
#[test]
fn malformed_memory_sizes_are_refused() {
    let allowed = "the memory limit must be a size such as 512M, 8G or 1T: a number, then K, M, \
                   G or T and an optional B or iB, at least 1M";
    for bad in [
        "8GIBIB", "8GBB", "8BB", "8IB", "8iB", "1e3M", "+8G", "-8G", "inf", "NaN", "8X", "G",
        ".5G", "8.G", "", "512K",
    ] {
        let stderr = refused(&["count", "8", "--max-memory", bad], 2);
        let first = stderr.lines().next().unwrap();
        assert_eq!(
            first,
            format!("nqueens: error: invalid value '{bad}' for '--max-memory <SIZE>': {allowed}")
        );
    }
    for good in [
        // 16 MiB, in bytes and KiB: room for the process's own memory.
        "8G",
        "8gb",
        "8GiB",
        "1.5G",
        "16777216",
        "16777216B",
        "1 T",
        "16384k",
    ] {
        let ran = run_with(&["count", "8", "--max-memory", good], "");
        assert_eq!(ran.code, 0, "{good}: {}", ran.stderr);
    }
}
