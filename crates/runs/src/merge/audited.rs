//! `merge --audit K` taken into the merge: a shard counted again that
//! disagrees with its record undoes the merge, with the command that
//! counts it again.

use super::rerun::{self, Why};
use nqueens_report::runs::{AuditReport, MergeReport, Problem};
use std::path::Path;

/// Takes an audit of `report`'s shards into it: a shard whose count
/// found again differs from its record makes the merge incomplete, with
/// the command that moves the record aside and counts the shard again.
pub fn take_audit(report: &mut MergeReport, audit: AuditReport, rerun_into: &Path) {
    let run = report.n.zip(report.method.as_deref()).zip(report.shards);
    for check in audit
        .checked
        .iter()
        .filter(|check| check.stored != check.counted)
    {
        let file = check.file.clone().unwrap_or_default();
        let message = format!(
            "shard {}/{}: counted again, it has {} thirds of a board and {} nodes, where the record says {} and {}: \
             the record is wrong (forged or corrupted), and is not added",
            check.id,
            report.shards.unwrap_or(0),
            check.counted[0],
            check.counted[1],
            check.stored[0],
            check.stored[1]
        );
        let rerun = run.map(|((n, method), shards)| {
            rerun::for_shard(
                n,
                method,
                shards,
                check.id,
                rerun_into,
                Why::Wrong(Path::new(&file)),
            )
        });
        report.problems.push(Problem {
            kind: "audit".into(),
            file: Some(file),
            shard: Some(check.id),
            message,
            rerun,
        });
    }
    if !audit.agrees {
        report.complete = false;
        (
            report.total,
            report.unique,
            report.nodes,
            report.shard_seconds,
        ) = (None, None, None, None);
    }
    report.audit = Some(audit);
}
