//! What the binary prints as JSON follows the schema published for it
//! under `schemas/`, names that schema and its own version, and says what
//! its nodes are.

mod common;

use common::run_with;
use serde_json::Value;
use std::path::Path;

/// The published schema `name`, as a validator.
fn validator(name: &str) -> jsonschema::Validator {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("../../schemas/{name}.schema.json"));
    let text =
        std::fs::read_to_string(&path).unwrap_or_else(|err| panic!("{}: {err}", path.display()));
    jsonschema::validator_for(&serde_json::from_str(&text).unwrap()).unwrap()
}

/// Runs `nqueens ARGS`, checks its one line of JSON against schema
/// `name`, and returns it.
fn follows(name: &str, args: &[&str]) -> Value {
    let ran = run_with(args, "");
    assert!(
        ran.stdout.ends_with('\n') && ran.stdout.lines().count() == 1,
        "{args:?}: {}",
        ran.stdout
    );
    let json: Value = serde_json::from_str(&ran.stdout).unwrap();
    let errors: Vec<String> = validator(name)
        .iter_errors(&json)
        .map(|e| e.to_string())
        .collect();
    assert!(
        errors.is_empty(),
        "{args:?} against {name}: {errors:?}\n{json}"
    );
    assert_eq!(json["schema"], format!("nqueens-{name}/1"), "{args:?}");
    assert_eq!(
        json["nqueens_version"],
        env!("CARGO_PKG_VERSION"),
        "{args:?}"
    );
    json
}

#[test]
fn counts_follow_their_schema_and_say_what_their_nodes_are() {
    let backtrack = follows("count", &["count", "10", "--method", "backtrack", "--json"]);
    assert_eq!(backtrack["total"], 724);
    assert_eq!(backtrack["nodes_kind"], "search_tree");
    let join = follows("count", &["count", "14", "--method", "join", "--json"]);
    assert_eq!(join["total"], 365_596);
    assert_eq!(join["nodes_kind"], "placements");
    let sets = follows("count", &["count", "8", "--algorithm", "sets", "--json"]);
    assert_eq!(
        (sets["total"].as_u64(), sets["nodes"].as_u64()),
        (Some(92), Some(2057))
    );
    assert_eq!(sets["nodes_kind"], "search_tree");
}

#[test]
fn every_other_report_follows_its_schema() {
    follows(
        "estimate",
        &["estimate", "12", "--seconds", "0.1", "--json", "-q"],
    );
    follows("compare", &["compare", "6", "--json"]);
    follows("devices", &["devices", "--json"]);
    let dir = tempfile::tempdir().unwrap();
    let board = dir.path().join("board.txt");
    std::fs::write(&board, ".Q..\n....\n....\n....\n").unwrap();
    let completions = follows(
        "complete-count",
        &["complete", board.to_str().unwrap(), "--count", "--json"],
    );
    assert_eq!(completions["total"], 1, "{completions}");
    let checkpoint = dir.path().join("c.db");
    let file = checkpoint.to_str().unwrap();
    run_with(&["count", "11", "--checkpoint", file, "-q"], "");
    let status = follows("status", &["status", file, "--json"]);
    assert_eq!(status["nodes_kind"], "search_tree");
    follows(
        "audit",
        &["audit", file, "--units", "3", "--seed", "1", "--json", "-q"],
    );
    let records = dir.path().join("records");
    std::fs::create_dir(&records).unwrap();
    for shard in ["0/2", "1/2"] {
        run_with(
            &[
                "count",
                "10",
                "--shard",
                shard,
                "--out",
                records.to_str().unwrap(),
            ],
            "",
        );
    }
    let merged = follows("merge", &["merge", "--json", records.to_str().unwrap()]);
    assert_eq!(merged["total"], 724, "{merged}");
}

#[test]
fn the_schema_command_prints_the_published_schemas_that_every_json_help_names() {
    let listed = run_with(&["schema"], "").stdout;
    let names: Vec<&str> = listed
        .lines()
        .filter_map(|line| line.split_whitespace().next())
        .collect();
    assert_eq!(names.len(), 8, "{listed}");
    for name in &names {
        let path =
            Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("../../schemas/{name}.schema.json"));
        assert_eq!(
            run_with(&["schema", name], "").stdout,
            std::fs::read_to_string(path).unwrap()
        );
    }
    for sub in [
        "count", "estimate", "status", "merge", "audit", "compare", "devices", "complete",
    ] {
        let help = run_with(&[sub, "--help"], "").stdout;
        let named = help
            .split("`nqueens schema ")
            .nth(1)
            .and_then(|rest| rest.split('`').next());
        let named = named.unwrap_or_else(|| panic!("`{sub} --help` names no schema:\n{help}"));
        assert!(
            names.contains(&named),
            "{sub} --help names `nqueens schema {named}`"
        );
    }
}
