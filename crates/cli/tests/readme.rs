//! The README's console examples are what the binary prints: every
//! `$ command` of a ```console block runs (through bash, so that pipes
//! work, with this build's `nqueens` first on PATH, in an empty
//! directory) and its output is compared with the lines under it. `[..]`
//! in a line stands for text that differs between runs or machines (a
//! time, a peak of memory), and a line `...` for lines left out. A
//! `$ cat FILE` shows a file the next examples read: the test writes it.

use assert_cmd::cargo::cargo_bin;
use snapbox::IntoData;
use std::path::Path;
use std::process::Command;

/// Examples that are shown but cannot run in a test, each with why; the
/// test checks that each is still in the README.
const NOT_RUN: [(&str, &str); 5] = [
    ("nqueens count 21", "it counts for minutes"),
    ("nqueens serve", "it serves until it is stopped"),
    ("nqueens status run.db", "it reads a run that took minutes"),
    (
        "nqueens audit run.db --units 129 --seed 7",
        "it reads a run that took minutes",
    ),
    ("nqueens devices", "its output is the machine's GPUs"),
];

/// Examples that need a device `--device gpu` can take (lavapipe in CI):
/// run where there is one, skipped with a word where there is none (a
/// failure under CI, which has one).
const NEED_A_DEVICE: [&str; 1] = ["nqueens count 14 --device gpu --json"];

/// Whether `--device gpu` finds an adapter here.
fn has_a_device(dir: &Path) -> bool {
    let listed = printed("nqueens devices --json", dir);
    let devices: serde_json::Value = match serde_json::from_str(&listed) {
        Ok(devices) => devices,
        // A build without the gpu feature refuses, in words.
        Err(_) => return false,
    };
    !devices["gpu"].is_null()
}

/// One `$ command` and the output shown under it.
struct Example {
    command: String,
    shown: String,
    line: usize,
}

/// The examples of every ```console block of `text`.
fn examples(text: &str) -> Vec<Example> {
    let (mut found, mut inside) = (Vec::<Example>::new(), false);
    for (at, line) in text.lines().enumerate() {
        match (inside, line.trim_end()) {
            (false, "```console") => inside = true,
            (true, "```") => inside = false,
            (true, line) => match line.strip_prefix("$ ") {
                Some(command) => found.push(Example {
                    command: command.into(),
                    shown: String::new(),
                    line: at + 1,
                }),
                None => {
                    let example = found.last_mut().expect("a console block starts with `$ `");
                    example.shown.push_str(line);
                    example.shown.push('\n');
                }
            },
            _ => {}
        }
    }
    found
}

/// Runs `command` as a user would in `dir`: stdout and stderr together,
/// as a terminal shows them (stderr is no terminal: no progress bar).
fn printed(command: &str, dir: &Path) -> String {
    let bin = cargo_bin("nqueens");
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let output = Command::new("bash")
        .args(["-c", &format!("set -o pipefail; {command} 2>&1")])
        .current_dir(dir)
        .env("PATH", path)
        .output()
        .unwrap();
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn every_console_example_of_the_readme_prints_what_it_shows() {
    let readme = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../README.md");
    let text = std::fs::read_to_string(readme).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let (mut ran, mut differ) = (0, Vec::new());
    let assert = snapbox::Assert::new().normalize_paths(false);
    for example in examples(&text) {
        if let Some(file) = example.command.strip_prefix("cat ") {
            std::fs::write(dir.path().join(file), &example.shown).unwrap();
            continue;
        }
        if NOT_RUN
            .iter()
            .any(|(command, _)| *command == example.command)
        {
            continue;
        }
        if NEED_A_DEVICE.contains(&example.command.as_str()) && !has_a_device(dir.path()) {
            let why = format!(
                "skipped `{}`: no device for --device gpu here",
                example.command
            );
            assert!(std::env::var_os("NQUEENS_CI").is_none(), "{why}, under CI");
            eprintln!("{why}");
            continue;
        }
        let what = format!("README.md line {}: $ {}", example.line, example.command);
        let actual = printed(&example.command, dir.path()).into_data();
        if let Err(diff) = assert.try_eq(Some(&what), actual, example.shown.clone().into_data()) {
            differ.push(diff.to_string());
        }
        ran += 1;
    }
    assert!(
        differ.is_empty(),
        "{} of {ran} examples differ:\n{}",
        differ.len(),
        differ.join("\n")
    );
    assert!(ran >= 17, "only {ran} examples ran");
    for (command, why) in NOT_RUN {
        let shown = text.lines().any(|line| line == format!("$ {command}"));
        assert!(
            shown,
            "`{command}` is no longer in the README: take it off NOT_RUN ({why})"
        );
    }
}

/// Every `cargo install` the README and the tool advise takes Cargo.lock's
/// versions (`--locked`): without it cargo picks the newest it may, which
/// the tests never ran with.
#[test]
fn every_install_command_is_locked() {
    let readme = include_str!("../../../README.md");
    let built = include_str!("../src/built.rs");
    let installs: Vec<&str> = (readme.lines().chain(built.lines()))
        .filter(|line| line.contains("cargo install --"))
        .collect();
    assert!(installs.len() >= 3, "{installs:?}");
    for line in installs {
        assert!(line.contains(" --locked"), "not locked: {line}");
    }
}
