//! Every report with one of each thing it counts (one unit, thread,
//! record, shard, problem, board, solution, piece, row): a thing there is
//! one of is said as one ("1 unit", never "1 units"). Every report's
//! words come from the one helper, `nqueens::plural`.

mod common;

use common::run_with;

/// Nouns the reports count; "1 NOUNs" is the slip this test looks for.
const COUNTED: &[&str] = &[
    "unit",
    "record",
    "shard",
    "problem",
    "board",
    "solution",
    "piece",
    "row",
    "thread",
    "file",
    "queen",
    "node",
    "step",
    "square",
    "placement",
    "second",
    "checksum",
    "core",
];

/// Every "1 NOUNs" in `text`: a 1 that is a number of its own, one
/// space, and the noun's plural as a word of its own.
fn slips(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for noun in COUNTED {
        let slip = format!("1 {noun}s");
        for (at, _) in text.match_indices(&slip) {
            let before = text[..at].chars().next_back();
            let after = text[at + slip.len()..].chars().next();
            let number = !before.is_some_and(|c| c.is_alphanumeric() || c == '.' || c == ',');
            if number && !after.is_some_and(char::is_alphanumeric) {
                found.push(slip.clone());
            }
        }
    }
    found
}

/// Runs `nqueens ARGS` with `input`, and asserts nothing it printed says
/// one thing as many.
fn says_one_as_one(args: &[&str], input: &str) -> String {
    let ran = run_with(args, input);
    let said = format!("{}{}", ran.stdout, ran.stderr);
    assert_eq!(slips(&said), Vec::<String>::new(), "{args:?}:\n{said}");
    said
}

#[test]
fn the_slip_is_found() {
    assert_eq!(slips("done: 1 units, 2 rows; 1 row, 11 units"), ["1 units"]);
    assert!(slips("unique: 1\nnodes: 17; 2.1 seconds").is_empty());
}

#[test]
fn every_report_says_one_thing_as_one() {
    let dir = tempfile::tempdir().unwrap();
    let at = |name: &str| dir.path().join(name).to_str().unwrap().to_owned();
    let (one, half, shard) = (at("one.db"), at("half.db"), at("shard-0-of-2.json"));
    let whole = at("shard-0-of-1.json");
    // n = 4 counts by backtracking in one unit.
    for args in [
        &["count", "4", "--threads", "1", "--stats"][..],
        &["count", "1", "--threads", "1"],
        &["count", "4", "-q", "--threads", "1", "--checkpoint", &one],
        &["status", &one],
        &["audit", &one, "--seed", "1", "--units", "1"],
        &[
            "estimate",
            "4",
            "--threads",
            "1",
            "--seconds",
            "0.01",
            "--seed",
            "1",
        ],
        &[
            "estimate",
            "8",
            "--method",
            "backtrack",
            "--threads",
            "1",
            "--seconds",
            "0.01",
        ],
        &["solve", "1"],
        &["solve", "4", "--unique"],
        &["compare", "1"],
        &["trace", "1"],
        &["count", "8", "-q", "--shard", "0/2", "--out", &shard],
        &["merge", &shard],
        &["merge", &shard, "--audit", "1", "--seed", "1", "-q"],
        &["count", "8", "-q", "--shard", "0/1", "--out", &whole],
        &["merge", &whole, "--audit", "1", "--seed", "1", "-q"],
    ] {
        says_one_as_one(args, "");
    }
    let killed = "timeout -s KILL 0.5 \"$NQ\" count 16 --threads 1 -q --checkpoint \"$F\"";
    let _ = std::process::Command::new("sh")
        .args(["-c", killed])
        .env("NQ", assert_cmd::cargo::cargo_bin("nqueens"))
        .env("F", &half)
        .status();
    says_one_as_one(&["status", &half], "");
    // One board, one invalid, one repeated.
    says_one_as_one(&["verify"], "1 3 0 2\n");
    says_one_as_one(&["verify"], "0 1 2 3\n1 3 0 2\n");
    says_one_as_one(&["verify"], "1 3 0 2\n1 3 0 2\n");
    says_one_as_one(&["complete", "-"], ".Q..\n....\n....\n....\n");
}
