//! The published schemas (`schemas/*.schema.json`) are those the report
//! types make: a report that changes changes its file in the same commit.
//! `NQUEENS_WRITE_SCHEMAS=1 cargo test -p nqueens-report --test schemas`
//! writes them anew.

use std::path::Path;

#[test]
fn the_published_schemas_are_the_report_types() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../schemas");
    let write = std::env::var_os("NQUEENS_WRITE_SCHEMAS").is_some();
    let mut stale = Vec::new();
    for (name, schema) in nqueens_report::published::schemas() {
        let path = dir.join(format!("{name}.schema.json"));
        let made = serde_json::to_string_pretty(&schema).unwrap() + "\n";
        if write {
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(&path, &made).unwrap();
        } else if std::fs::read_to_string(&path).ok().as_deref() != Some(made.as_str()) {
            stale.push(path.display().to_string());
        }
    }
    assert!(
        stale.is_empty(),
        "out of date (NQUEENS_WRITE_SCHEMAS=1 writes them): {stale:?}"
    );
}

#[test]
fn every_schema_tags_its_name_version_and_the_tool() {
    for (name, schema) in nqueens_report::published::schemas() {
        let json = serde_json::to_value(&schema).unwrap();
        assert_eq!(json["title"], format!("nqueens-{name}/1"));
        assert_eq!(
            json["properties"]["schema"]["const"],
            format!("nqueens-{name}/1")
        );
        for field in ["schema", "nqueens_version"] {
            assert!(
                json["required"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|f| f == field),
                "{name}: {field}"
            );
        }
    }
}
