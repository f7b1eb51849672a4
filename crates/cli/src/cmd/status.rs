//! `nqueens status FILE`: done/total units, the counts so far and the
//! time left, read from a checkpoint (while its count runs, or after).

use crate::args::StatusArgs;
use crate::error::{CliError, Status};
use crate::estimate::{about, duration};
use nqueens_runs::checkpoint;
use std::io::Write;

pub fn run(request: &StatusArgs, out: &mut dyn Write) -> Result<Status, CliError> {
    let report = checkpoint::status(&request.file).map_err(CliError::refused)?;
    if request.json {
        out.write_all(nqueens_report::stamp::to_json_line(&report)?.as_bytes())?;
        return Ok(Status::Success);
    }
    let part = report
        .shard
        .as_ref()
        .map_or(String::new(), |shard| format!(", shard {shard}"));
    let share = 100.0 * report.done as f64 / report.units.max(1) as f64;
    writeln!(out, "count {} by {}{part}", report.n, report.method)?;
    writeln!(
        out,
        "done:   {} of {} ({share:.1}%)",
        report.done,
        nqueens::plural(report.units, "unit")
    )?;
    match report.unique {
        Some(unique) => writeln!(out, "total:  {}\nunique: {unique}", report.total_so_far)?,
        None => writeln!(
            out,
            "total so far: {} (the boards the finished units stand for)",
            report.total_so_far
        )?,
    }
    let kind = report.nodes_kind.words();
    writeln!(out, "nodes so far: {} ({kind})", report.nodes_so_far)?;
    match report.damaged {
        0 => {}
        1 => writeln!(out, "damaged: 1 row no longer matches its checksum: its unit is not counted as done, and is counted again when the count resumes")?,
        many => writeln!(out, "damaged: {many} rows no longer match their checksums: their units are not counted as done, and are counted again when the count resumes")?,
    }
    let since = report.seconds_since_last_commit;
    let state = match report.running {
        true => format!("running now; last written {} ago", duration(since)),
        false => format!("not running; last written {} ago", duration(since)),
    };
    match (report.done == report.units, report.eta_seconds) {
        (true, _) => writeln!(out, "finished ({state})")?,
        (false, Some(eta)) => writeln!(
            out,
            "left:   {} on {} thread{}, at the finished units' speed ({state})",
            about(eta),
            report.threads,
            if report.threads == 1 { "" } else { "s" }
        )?,
        (false, None) => writeln!(out, "left:   unknown until a unit is done ({state})")?,
    }
    Ok(Status::Success)
}
