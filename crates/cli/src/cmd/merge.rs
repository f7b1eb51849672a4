//! `nqueens merge PATH...`: reads shard records (files, or the *.json
//! files of directories), checks them, and prints the counts only when
//! they make one whole count; otherwise every problem, with the commands
//! that count the missing or doubtful shards again (exit status 1).

use crate::args::MergeArgs;
use crate::error::{CliError, Status};
use nqueens_report::runs::{CountedShard, MergeReport};
use nqueens_runs::merge::{disputed, merge, take_audit, Input};
use nqueens_runs::record;
use std::collections::BTreeMap;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

pub fn run(request: &MergeArgs, out: &mut dyn Write) -> Result<Status, CliError> {
    let mut notes = Vec::new();
    let files = record_files(&request.paths, &mut notes).map_err(CliError::refused)?;
    if files.is_empty() {
        let passed_over = match notes.len() {
            0 => String::new(),
            _ => format!(": {}", notes.join("; ")),
        };
        return Err(CliError::refused(format!(
            "no shard records found (a directory's records are its *.json files){passed_over}"
        )));
    }
    let inputs: Vec<Input> = files
        .iter()
        .map(|file| Input {
            file: file.display().to_string(),
            record: record::read(file).map_err(|err| err.to_string()),
        })
        .collect();
    let rerun_into = rerun_directory(&request.paths);
    let mut report = merge(&inputs, &rerun_into, &BTreeMap::new());
    let disputed = disputed(&report);
    match request.audit {
        Some(_) if !disputed.is_empty() => {
            let recounts = settle(&report, &disputed, request).map_err(CliError::Refused)?;
            report = merge(&inputs, &rerun_into, &recounts);
        }
        Some(_) => {}
        None => {
            let settles = settle_command(&request.paths);
            let problems = report.problems.iter_mut();
            for problem in problems.filter(|problem| problem.kind == "disagreeing") {
                problem.rerun = Some(settles.clone());
            }
        }
    }
    report.notes.splice(0..0, notes);
    if let Some(k) = request.audit {
        audit(&mut report, k, request, &rerun_into).map_err(CliError::Refused)?;
    }
    if request.json {
        out.write_all(nqueens_report::stamp::to_json_line(&report)?.as_bytes())?;
    } else {
        write_text(&report, out)?;
    }
    Ok(Status::of(report.complete))
}

/// The shards `disputed` (their records disagree) counted again: the
/// counts that settle them.
fn settle(
    report: &MergeReport,
    disputed: &[usize],
    request: &MergeArgs,
) -> Result<BTreeMap<usize, [u128; 2]>, String> {
    let (Some(n), Some(method), Some(shards)) = (report.n, &report.method, report.shards) else {
        return Ok(BTreeMap::new());
    };
    let method = method.parse().map_err(|err| format!("{err}"))?;
    let each = disputed.iter().map(|&shard| CountedShard {
        shard,
        file: String::new(),
        counts: [0, 0],
    });
    let each: Vec<CountedShard> = each.collect();
    let again = super::audit::shards((n, method, shards), &each, each.len(), &request.sample)?;
    Ok(again
        .checked
        .iter()
        .map(|check| (check.id, check.counted))
        .collect())
}

/// The merge of `paths` again, with the audit that counts every shard
/// whose records disagree again (and one more, at random).
fn settle_command(paths: &[PathBuf]) -> String {
    let quoted: Vec<String> = paths
        .iter()
        .map(|path| nqueens_runs::shell_quoted(&path.display().to_string()))
        .collect();
    format!("nqueens merge {} --audit 1", quoted.join(" "))
}

/// `--audit K`: when the records merge, `k` of their shards counted
/// again; one that disagrees with its record undoes the merge.
fn audit(
    report: &mut MergeReport,
    k: usize,
    request: &MergeArgs,
    rerun_into: &Path,
) -> Result<(), String> {
    let (Some(n), Some(method), Some(shards), true) =
        (report.n, &report.method, report.shards, report.complete)
    else {
        report
            .notes
            .push("not audited: the records do not merge".into());
        return Ok(());
    };
    let method = method.parse().map_err(|err| format!("{err}"))?;
    let audit = super::audit::shards((n, method, shards), &report.counted, k, &request.sample)?;
    take_audit(report, audit, rerun_into);
    Ok(())
}

/// The files named, and the *.json files of the directories named, each
/// directory's in name order; a file named twice is read once. What is
/// passed over is said in `notes`.
fn record_files(paths: &[PathBuf], notes: &mut Vec<String>) -> Result<Vec<PathBuf>, String> {
    let mut files = Vec::new();
    for path in paths {
        if path.is_dir() {
            files.extend(directory_records(path, notes)?);
        } else if path.exists() {
            files.push(path.clone());
        } else {
            return Err(format!("{}: no such file or directory", path.display()));
        }
    }
    let mut seen = std::collections::HashSet::new();
    files.retain(|file| {
        let first = seen.insert(std::fs::canonicalize(file).unwrap_or_else(|_| file.clone()));
        if !first {
            notes.push(format!(
                "{} is named twice: it is read once",
                file.display()
            ));
        }
        first
    });
    Ok(files)
}

/// A directory's *.json files that read as records, in name order; its
/// unfinished records (a count stopped while it wrote one) and the files
/// that are not records are named in `notes`.
fn directory_records(path: &Path, notes: &mut Vec<String>) -> Result<Vec<PathBuf>, String> {
    let listing = std::fs::read_dir(path).map_err(|err| format!("{}: {err}", path.display()))?;
    let mut found: Vec<PathBuf> = listing
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|file| file.is_file())
        .collect();
    found.sort();
    let unfinished = |file: &Path| {
        let name = file.file_name().unwrap_or_default().to_string_lossy();
        name.starts_with(record::TEMPORARY_PREFIX) && name.ends_with(".tmp")
    };
    for file in found.iter().filter(|file| unfinished(file)) {
        notes.push(format!(
            "{} is the unfinished record of a count that was stopped while writing it: \
             it is not read (delete it)",
            file.display()
        ));
    }
    found.retain(|file| file.extension().is_some_and(|ext| ext == "json"));
    found.retain(|file| match other_json(file) {
        Some(what) => {
            notes.push(format!(
                "{} is not a shard record ({what}): it is passed over",
                file.display()
            ));
            false
        }
        None => true,
    });
    // Found by content, not by name: what cannot be read as a record
    // (another program's JSON, a record cut short) is said and passed
    // over, and the records are merged. A shard left without a record
    // is then missing, with the command that counts it again (and moves
    // a file in its record's place aside).
    found.retain(|file| match record::read(file) {
        Ok(_) => true,
        Err(err) => {
            notes.push(format!("{err}: it is passed over"));
            false
        }
    });
    Ok(found)
}

/// What a directory's `.json` file is when it is plainly not a record:
/// empty, or JSON that does not say it is one (a merge report written
/// into the directory, say). A file that is not JSON at all may be a
/// damaged record: it is read, and reported.
fn other_json(file: &Path) -> Option<&'static str> {
    match std::fs::metadata(file).ok()?.len() {
        0 => return Some("it is empty"),
        size if size > record::RECORD_MAX_BYTES => return None,
        _ => {}
    }
    let text = std::fs::read(file).ok()?;
    let value: serde_json::Value = serde_json::from_slice(&text).ok()?;
    (!record::says_it_is_a_record(file)).then(|| match value.get("format") {
        Some(_) => "its JSON has a format of another kind",
        None => "its JSON has no format field",
    })
}

/// Where rerun commands write: the first directory named, or the first
/// file's directory.
fn rerun_directory(paths: &[PathBuf]) -> PathBuf {
    let first = &paths[0];
    match first.is_dir() {
        true => first.clone(),
        false => first
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."))
            .to_owned(),
    }
}

fn write_text(report: &MergeReport, out: &mut dyn Write) -> io::Result<()> {
    if let (Some(n), Some(shards), Some(method)) = (report.n, report.shards, &report.method) {
        writeln!(
            out,
            "{} of the count of n = {n} by {method} in {}",
            nqueens::plural(report.records, "record"),
            nqueens::plural(shards, "shard")
        )?;
    }
    for note in &report.notes {
        writeln!(out, "note: {note}")?;
    }
    for confirmed in &report.confirmed {
        writeln!(
            out,
            "confirmed: shard {} ({})",
            confirmed.shard,
            confirmed.files.join(", ")
        )?;
    }
    for problem in &report.problems {
        let file = problem
            .file
            .as_ref()
            .map_or(String::new(), |file| format!("{file}: "));
        writeln!(out, "{}: {file}{}", problem.kind, problem.message)?;
        if let Some(rerun) = &problem.rerun {
            writeln!(out, "  rerun: {rerun}")?;
        }
    }
    if let Some(audit) = &report.audit {
        let what = match audit.population {
            1 => "the one shard".to_owned(),
            many => format!("the {many} shards"),
        };
        super::audit::write_text(audit, &what, out)?;
    }
    match (report.total, report.unique) {
        (Some(total), Some(unique)) => writeln!(out, "total:  {total}\nunique: {unique}"),
        _ => match report.problems.len() {
            1 => writeln!(out, "not merged: 1 problem"),
            many => writeln!(out, "not merged: {many} problems"),
        },
    }
}
