//! `nqueens schema [REPORT]`: the JSON schemas of the reports `--json`
//! prints, as published under `schemas/` (the same text).

use crate::args::SchemaArgs;
use nqueens_report::published::schemas;
use std::io::{self, Write};

pub fn run(request: &SchemaArgs, out: &mut dyn Write) -> io::Result<()> {
    let all = schemas();
    match &request.report {
        Some(name) => {
            // The parser took only the names listed here.
            let (_, schema) = all
                .iter()
                .find(|(listed, _)| listed == name)
                .expect("a known report");
            writeln!(out, "{}", serde_json::to_string_pretty(schema)?)
        }
        None => {
            for (name, schema) in &all {
                let said = schema
                    .get("description")
                    .and_then(|d| d.as_str())
                    .unwrap_or("");
                let first = said.split("\n\n").next().unwrap_or("").replace('\n', " ");
                writeln!(out, "{name:<15} {first}")?;
            }
            Ok(())
        }
    }
}
