//! The cargo features of nqueens-cli (`gpu`, `serve`, `checkpoints`, none
//! on by default, `full` for all three): a build without one refuses what needs it in one line
//! that names the feature, and the advice in that line names a feature
//! Cargo.toml has, in the package it says to install; without them, the
//! binary depends on none of the heavy crates, and its help, manual and
//! completions offer only what it has. Runs against the build
//! under test: `cargo test -p nqueens-cli --test lean` is the lean
//! build's (as `.ci/run` does), with `--all-features` the full one's.

mod common;

use common::run_with;
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

/// What needs a feature, and the words its refusal names it by. Every
/// command here ends on its own whichever the build (`serve` would not:
/// it is run only where its feature is missing).
const NEEDS: [(&[&str], &str, &str); 6] = [
    (&["count", "8", "--device", "gpu"], "gpu", "--device gpu"),
    (&["devices", "--json"], "gpu", "nqueens devices"),
    (&["serve", "--port", "0"], "serve", "nqueens serve"),
    (
        &["status", "/nonexistent/c.db"],
        "checkpoints",
        "nqueens status",
    ),
    (
        &["audit", "/nonexistent/c.db"],
        "checkpoints",
        "nqueens audit",
    ),
    (
        &["count", "8", "--checkpoint", "/nonexistent/c.db"],
        "checkpoints",
        "--checkpoint",
    ),
];

/// Whether the build under test has `feature`.
fn built(feature: &str) -> bool {
    match feature {
        "gpu" => cfg!(feature = "gpu"),
        "serve" => cfg!(feature = "serve"),
        "checkpoints" => cfg!(feature = "checkpoints"),
        other => panic!("no feature {other} is tested"),
    }
}

#[test]
fn what_a_build_lacks_is_refused_naming_the_feature_and_what_it_has_runs() {
    for (args, feature, what) in NEEDS {
        if built(feature) {
            if feature == "serve" {
                continue;
            }
            let ran = run_with(args, "");
            assert!(!ran.stderr.contains("feature"), "{args:?}: {}", ran.stderr);
            continue;
        }
        let ran = run_with(args, "");
        // The features this build has and the one it lacks, no other.
        let with: Vec<&str> = (["gpu", "serve", "checkpoints"].into_iter())
            .filter(|other| *other == feature || built(other))
            .collect();
        let with = with.join(",");
        let expected = format!(
            "nqueens: error: {what} needs the `{feature}` feature, which this nqueens was built without: \
             in the nqueens repository, `cargo install --path crates/cli --locked --features {with}` builds it in\n"
        );
        assert_eq!((ran.code, ran.stdout.as_str()), (2, ""), "{args:?}");
        assert_eq!(ran.stderr, expected, "{args:?}");
    }
}

/// The subcommands a feature brings.
const SUBCOMMANDS: [(&str, &str); 4] = [
    ("serve", "serve"),
    ("status", "checkpoints"),
    ("audit", "checkpoints"),
    ("devices", "gpu"),
];

#[test]
fn help_manual_and_completions_offer_what_the_build_has() {
    let help = common::stdout(&["--help"]);
    let manual = common::stdout(&["man"]);
    let bash = common::stdout(&["completions", "bash"]);
    // The script's first list of words is the subcommands'.
    let offered = bash
        .lines()
        .find(|line| line.contains("opts=\"-h"))
        .unwrap();
    for (name, feature) in SUBCOMMANDS {
        let has = built(feature);
        let listed = help
            .lines()
            .any(|line| line.starts_with(&format!("  {name} ")));
        assert_eq!(listed, has, "{name} in --help:\n{help}");
        let page = manual.contains(&format!(".TH nqueens-{name} 1"));
        assert_eq!(page, has, "a manual page for {name}");
        assert_eq!(offered.contains(&format!(" {name} ")), has, "{offered}");
    }
    let count = common::stdout(&["count", "--help"]);
    assert_eq!(count.contains("--checkpoint"), built("checkpoints"));
}

#[test]
fn without_a_gpu_feature_auto_counts_on_the_cpu() {
    let ran = run_with(&["count", "9", "--device", "auto"], "");
    assert_eq!(
        (ran.code, ran.stdout.as_str(), ran.stderr.as_str()),
        (0, "total:  352\nunique: 46\n", "")
    );
}

/// The workspace's root, where the advice is followed.
fn root() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
}

/// Runs cargo (the one running the tests) in the workspace's root.
fn cargo(args: &[&str]) -> String {
    let output = Command::new(env!("CARGO"))
        .args(args)
        .current_dir(root())
        .output()
        .unwrap();
    assert!(output.status.success(), "cargo {args:?}: {output:?}");
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn the_advice_installs_a_package_with_the_feature_it_names() {
    let metadata = cargo(&[
        "metadata",
        "--no-deps",
        "--format-version",
        "1",
        "--offline",
    ]);
    let metadata: Value = serde_json::from_str(&metadata).unwrap();
    let packages = metadata["packages"].as_array().unwrap();
    let cli = (packages.iter())
        .find(|package| package["name"] == "nqueens-cli")
        .unwrap();
    // `--path crates/cli`, from the root: that package's manifest.
    let manifest = root().join("crates/cli/Cargo.toml").canonicalize().unwrap();
    let path = Path::new(cli["manifest_path"].as_str().unwrap());
    assert_eq!(path.canonicalize().unwrap(), manifest);
    let features = cli["features"].as_object().unwrap();
    // The advice's --features is all it builds: none is on by default.
    assert_eq!(features["default"], Value::Array(vec![]), "{features:?}");
    for (_, feature, _) in NEEDS {
        assert!(features.contains_key(feature), "{feature}: {features:?}");
        // `full`, as the README names it, is every one.
        let full = features["full"].as_array().unwrap();
        assert!(full.contains(&feature.into()), "{features:?}");
    }
}

/// The crates the features bring in.
const HEAVY: [&str; 10] = [
    "nqueens-gpu",
    "wgpu",
    "naga",
    "ash",
    "rusqlite",
    "libsqlite3-sys",
    "nqueens-server",
    "axum",
    "hyper",
    "tokio",
];

#[test]
fn the_lean_build_depends_on_none_of_the_heavy_crates() {
    let tree = |features: &[&str]| {
        let mut args = vec![
            "tree",
            "-p",
            "nqueens-cli",
            "-e",
            "normal",
            "--prefix",
            "none",
        ];
        args.extend(["--locked", "--offline"]);
        args.extend(features);
        // Each line is a crate: its name, its version, ...
        let lines = cargo(&args);
        let names: BTreeSet<String> = (lines.lines())
            .filter_map(|line| Some(line.split(' ').next()?.to_owned()))
            .collect();
        names
    };
    let lean = tree(&[]);
    let full = tree(&["--features", "full"]);
    for name in HEAVY {
        assert!(
            !lean.contains(name),
            "the lean build depends on {name}: {lean:?}"
        );
        assert!(
            full.contains(name),
            "the full build does not depend on {name}"
        );
    }
}
