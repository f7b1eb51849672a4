//! The license is said the same everywhere: Cargo's `license` field, the
//! Python package's, and the LICENSE file's text. Lives here beside the
//! Layout's test: it is about the repository, not one crate.

use std::fs;
use std::path::Path;

/// The text of `path`, from the repository's root.
fn read(path: &str) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    fs::read_to_string(root.join(path)).unwrap_or_else(|err| panic!("{path}: {err}"))
}

#[test]
fn cargo_python_and_the_license_file_name_the_same_license() {
    let cargo = read("Cargo.toml");
    let workspace = cargo.split("[workspace.package]").nth(1).unwrap();
    let field = (workspace.lines())
        .find_map(|line| line.strip_prefix("license = "))
        .expect("[workspace.package] has a license");
    assert_eq!(field, "\"MIT\"");
    let python = read("python/pyproject.toml");
    assert!(
        python
            .lines()
            .any(|line| line == "license = { text = \"MIT\" }"),
        "python/pyproject.toml"
    );
    let license = read("LICENSE");
    let mut lines = license.lines();
    assert_eq!(lines.next(), Some("MIT License"));
    assert!(
        license.contains("\nCopyright (c) 2026 the nqueens authors\n"),
        "{license}"
    );
    assert!(license.contains("Permission is hereby granted, free of charge"));
}

#[test]
fn every_crate_takes_the_workspace_license() {
    let crates = ["core", "report", "runs", "server", "cli", "gpu", "testkit"];
    let manifests = (crates.iter())
        .map(|name| format!("crates/{name}/Cargo.toml"))
        .chain(["python/Cargo.toml".to_owned()]);
    for path in manifests {
        let manifest = read(&path);
        assert!(
            manifest
                .lines()
                .any(|line| line == "license.workspace = true"),
            "{path}"
        );
    }
}
