//! The reports' schemas, as published under `schemas/`: each report's
//! own, wrapped in its stamp ([`crate::stamp`]). Apart from the stamp,
//! which every report module uses, so that no report imports a file
//! that imports it back.

use crate::constraint::CompletionCountReport;
use crate::runs::{AuditReport, EstimateReport, MergeReport, StatusReport};
use crate::schema::{CompareReport, CountReport, DevicesReport};
use crate::stamp::{Report, Stamped, SCHEMA_VERSION};
use schemars::Schema;

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
