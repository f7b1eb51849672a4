//! `nqueens merge`: shard records checked one by one and against each
//! other, added up only when they make exactly one whole count.

mod audited;
mod checks;
mod rerun;
mod votes;

pub use audited::take_audit;

use crate::hex;
use checks::corruption;
use nqueens::count::{Method, Plan, Tally};
use nqueens::BoardSize;
use nqueens_report::runs::{Confirmed, CountedShard, MergeReport, Problem, ShardRecord};
use rerun::Why;
use std::collections::BTreeMap;
use std::path::Path;
use votes::Verdict;

/// One file given to merge: its record, or why it could not be read.
pub struct Input {
    /// The file, as the user named it (or found it in a directory).
    pub file: String,
    /// Its record.
    pub record: Result<ShardRecord, String>,
}

/// What the records must agree on, and the plan it makes.
struct Run {
    n: usize,
    shards: usize,
    method: Method,
    plan: Plan,
    units_of: Vec<Vec<usize>>,
}

/// Checks `inputs` and adds them up; `rerun_into` is the directory the
/// commands that count a shard again write to; `recounts`, the counts
/// (thirds of a board, nodes) of shards counted again to settle their
/// records' disagreement ([`disputed`] names them).
pub fn merge(
    inputs: &[Input],
    rerun_into: &Path,
    recounts: &BTreeMap<usize, [u128; 2]>,
) -> MergeReport {
    let mut problems = Vec::new();
    let mut sound = Vec::new();
    for input in inputs {
        match &input.record {
            Err(why) => problems.push(problem("unreadable", input, None, why.clone())),
            Ok(record) => match corruption(record) {
                Some(why) => problems.push(problem("corrupted", input, Some(record.shard), why)),
                None => sound.push((input, record)),
            },
        }
    }
    let mut report = MergeReport {
        complete: false,
        n: None,
        shards: None,
        method: None,
        records: inputs.len(),
        problems: Vec::new(),
        notes: Vec::new(),
        confirmed: Vec::new(),
        total: None,
        unique: None,
        nodes: None,
        shard_seconds: None,
        audit: None,
        counted: Vec::new(),
    };
    let Some(run) = agreed_run(&sound, &mut problems) else {
        report.problems = problems;
        return report;
    };
    (report.n, report.shards, report.method) = (
        Some(run.n),
        Some(run.shards),
        Some(run.method.name().into()),
    );
    let mut by_shard: BTreeMap<usize, Vec<(&Input, &ShardRecord)>> = BTreeMap::new();
    for (input, record) in sound {
        match mismatch(&run, record) {
            Some((kind, why)) => problems.push(problem(kind, input, Some(record.shard), why)),
            None => by_shard
                .entry(record.shard)
                .or_default()
                .push((input, record)),
        }
    }
    let mut tally = Tally::default();
    let mut seconds = 0.0;
    for shard in 0..run.shards {
        let Some(records) = by_shard.get(&shard) else {
            let message = format!("shard {shard}/{} is missing", run.shards);
            let rerun = rerun::command(&run, shard, rerun_into, Why::Missing);
            problems.push(shard_problem("missing", shard, message, Some(rerun)));
            continue;
        };
        match votes::decide(records, recounts.get(&shard).copied(), &mut report.notes) {
            Verdict::Counted { record, runs } => {
                report.counted.push(CountedShard {
                    shard,
                    file: runs[0].clone(),
                    counts: [record.total_thirds, record.nodes],
                });
                if runs.len() > 1 {
                    report.confirmed.push(Confirmed { shard, files: runs });
                }
                tally += Tally::new(record.total_thirds, record.nodes);
                seconds += record.seconds;
            }
            Verdict::Disputed(sides) => {
                let said: Vec<String> = (sides.iter())
                    .map(|(counts, files)| {
                        format!(
                            "{} {} {}",
                            files.join(" and "),
                            says(files.len()),
                            counts_in_words(counts)
                        )
                    })
                    .collect();
                let message = format!(
                    "shard {shard}/{}: its independent records disagree ({}): records that agree \
                     are as easy to forge as one, so none is taken until the shard is counted \
                     again (merge --audit does, and takes the records that agree with it)",
                    run.shards,
                    said.join("; ")
                );
                problems.push(shard_problem("disagreeing", shard, message, None));
            }
            Verdict::Refuted(found, files) => {
                let message = format!(
                    "shard {shard}/{}: counted again, it has {}, as none of its records {} says: \
                     they are wrong (forged or corrupted), and none is added",
                    run.shards,
                    counts_in_words(&found),
                    files.join(", ")
                );
                let rerun = rerun::command(&run, shard, rerun_into, Why::Refuted);
                problems.push(shard_problem("audit", shard, message, Some(rerun)));
            }
        }
    }
    let counts = match problems.is_empty() {
        true => checks::whole(&run, tally, &mut problems),
        false => None,
    };
    report.complete = problems.is_empty();
    if let Some(counts) = counts.filter(|_| report.complete) {
        (report.total, report.unique, report.nodes) =
            (Some(counts.total), Some(counts.unique), Some(counts.nodes));
        report.shard_seconds = Some(seconds);
    }
    report.problems = problems;
    report
}

/// The run most records agree on; the others are reported. None when no
/// record is left, or when this nqueens cannot remake their plan.
fn agreed_run(sound: &[(&Input, &ShardRecord)], problems: &mut Vec<Problem>) -> Option<Run> {
    let key = |r: &ShardRecord| {
        (
            r.n,
            r.shards,
            r.method.clone(),
            r.plan_version,
            r.plan_hash.clone(),
        )
    };
    let mut votes: Vec<(_, usize)> = Vec::new();
    for (_, record) in sound {
        match votes.iter_mut().find(|(k, _)| *k == key(record)) {
            Some((_, count)) => *count += 1,
            None => votes.push((key(record), 1)),
        }
    }
    let (most, _) = votes.iter().rev().max_by_key(|(_, count)| *count)?.clone();
    let (n, shards, method, _, plan_hash) = most;
    let remade = method
        .parse::<Method>()
        .ok()
        .zip(BoardSize::new(n).ok())
        .and_then(|(m, size)| Plan::new(size, m).ok());
    let shards_allowed = (1..=nqueens::count::MAX_SHARDS).contains(&shards);
    let Some(plan) = remade.filter(|plan| shards_allowed && hex(plan.fingerprint()) == plan_hash)
    else {
        for (input, record) in sound {
            let why = format!("shard {}/{}: its plan (n = {} by {}, plan {} {}, {}) is not one this nqueens makes: merge with the nqueens that counted it", record.shard, record.shards, record.n, record.method, record.plan_version, record.plan_hash, nqueens::plural(record.shards, "shard"));
            problems.push(problem("wrong_plan", input, Some(record.shard), why));
        }
        return None;
    };
    let method = plan.method();
    let units_of = plan.shards(shards);
    Some(Run {
        n,
        shards,
        method,
        plan,
        units_of,
    })
}

/// How `record` differs from the run, if it does: the kind of problem and
/// what it is.
fn mismatch(run: &Run, r: &ShardRecord) -> Option<(&'static str, String)> {
    let which = format!("shard {}/{}", r.shard, r.shards);
    if r.n != run.n {
        return Some((
            "wrong_n",
            format!("{which} is of n = {}, the others of n = {}", r.n, run.n),
        ));
    }
    if r.shards != run.shards {
        return Some((
            "wrong_shards",
            format!(
                "{which} is one of {}, the others of {}",
                nqueens::plural(r.shards, "shard"),
                run.shards
            ),
        ));
    }
    let expected = run
        .units_of
        .get(r.shard)
        .map(|ids| (ids.len(), hex(run.plan.fingerprint_of_units(ids))));
    if r.method != run.method.name()
        || r.plan_version != run.plan.version()
        || r.plan_hash != hex(run.plan.fingerprint())
        || expected != Some((r.units, r.units_hash.clone()))
    {
        return Some((
            "wrong_plan",
            format!(
                "{which} was counted by another plan or with other units ({} plan {} {})",
                r.method, r.plan_version, r.plan_hash
            ),
        ));
    }
    None
}

fn shard_problem(kind: &str, shard: usize, message: String, rerun: Option<String>) -> Problem {
    Problem {
        kind: kind.into(),
        file: None,
        shard: Some(shard),
        message,
        rerun,
    }
}

/// The shards of `report` whose records disagree: to be counted again.
pub fn disputed(report: &MergeReport) -> Vec<usize> {
    let disputes = report.problems.iter().filter(|p| p.kind == "disagreeing");
    disputes.filter_map(|problem| problem.shard).collect()
}

fn says(files: usize) -> &'static str {
    match files {
        1 => "says",
        _ => "say",
    }
}

/// A shard's counts in words.
fn counts_in_words([thirds, nodes]: &[u128; 2]) -> String {
    format!("{thirds} thirds of a board and {nodes} nodes")
}

fn problem(kind: &str, input: &Input, shard: Option<usize>, message: String) -> Problem {
    Problem {
        kind: kind.into(),
        file: Some(input.file.clone()),
        shard,
        message,
        rerun: None,
    }
}
