//! Every JSON report says what it is: its schema's name and version, and
//! the version of the tool that wrote it, before its own fields. The
//! schemas themselves are published under `schemas/` (made by
//! [`crate::published::schemas`], kept true by a test).

use schemars::JsonSchema;
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
