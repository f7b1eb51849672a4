//! Every JSON report says what it is: its schema's name and version, and
//! the version of the tool that wrote it, before its own fields. The
//! schemas themselves are published under `schemas/` (made by
//! [`schemas`], kept true by a test).

use schemars::{JsonSchema, Schema};
use serde::Serialize;

/// The version of the reports' schemas: it changes when a field changes
/// meaning or goes away (new fields may come within a version).
pub const SCHEMA_VERSION: u32 = 1;

/// The tool's version, as `nqueens --version` says it.
pub const TOOL_VERSION: &str = env!("CARGO_PKG_VERSION");

/// A report printed as one JSON object, with its schema's name.
pub trait Report: Serialize + JsonSchema {
    /// The schema's name (`count`, `estimate`, …): its file is
    /// `schemas/NAME.schema.json` and its tag `nqueens-NAME/VERSION`.
    const NAME: &'static str;
}

/// A report with its tags, as printed.
#[derive(Serialize, JsonSchema)]
pub struct Stamped<'a, T: Report> {
    /// `nqueens-NAME/VERSION`: which schema of `schemas/` the object
    /// follows, and which version of it.
    pub schema: String,
    /// The version of nqueens that wrote it.
    pub nqueens_version: &'static str,
    /// The report's own fields.
    #[serde(flatten)]
    pub report: &'a T,
}

/// `report` with its tags.
pub fn stamped<T: Report>(report: &T) -> Stamped<'_, T> {
    Stamped {
        schema: format!("nqueens-{}/{SCHEMA_VERSION}", T::NAME),
        nqueens_version: TOOL_VERSION,
        report,
    }
}

/// `report` as one line of JSON with its tags, as every front end prints it.
pub fn to_json_line<T: Report>(report: &T) -> serde_json::Result<String> {
    serde_json::to_string(&stamped(report)).map(|text| text + "\n")
}

/// The schema of a stamped report.
fn schema_of<T: Report + 'static>() -> Schema {
    let tag = format!("nqueens-{}/{SCHEMA_VERSION}", T::NAME);
    let mut schema = schemars::schema_for!(Stamped<'static, T>);
    schema.insert("title".into(), tag.clone().into());
    // What the report is, from its own type's doc, not the wrapper's.
    if let Some(said) = schemars::schema_for!(T).get("description").cloned() {
        schema.insert("description".into(), said);
    }
    if let Some(field) = (schema.get_mut("properties"))
        .and_then(|properties| properties.get_mut("schema"))
        .and_then(|field| field.as_object_mut())
    {
        field.insert("const".into(), tag.into());
    }
    schema
}

/// Every report's schema, by name, as published under `schemas/`.
pub fn schemas() -> Vec<(&'static str, Schema)> {
    use crate::constraint::CompletionCountReport;
    use crate::runs::{AuditReport, EstimateReport, MergeReport, StatusReport};
    use crate::schema::{CompareReport, CountReport, DevicesReport};
    vec![
        (CountReport::NAME, schema_of::<CountReport>()),
        (EstimateReport::NAME, schema_of::<EstimateReport>()),
        (StatusReport::NAME, schema_of::<StatusReport>()),
        (MergeReport::NAME, schema_of::<MergeReport>()),
        (AuditReport::NAME, schema_of::<AuditReport>()),
        (CompareReport::NAME, schema_of::<CompareReport>()),
        (DevicesReport::NAME, schema_of::<DevicesReport>()),
        (
            CompletionCountReport::NAME,
            schema_of::<CompletionCountReport>(),
        ),
    ]
}
