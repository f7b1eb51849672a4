//! What one shard's records come to. Records that share their counts are
//! one run, however many files hold them: a copy of a record, or two
//! records of runs on one checkpoint (the second read the first's units
//! back). Independent runs that agree confirm the shard; when they
//! disagree, the counts that more independent runs agree on (two at
//! least) are taken and the others set aside; a tie is a conflict that
//! only another count can settle.

use super::Input;
use nqueens_report::runs::ShardRecord;

/// The verdict on one shard.
pub(super) enum Verdict<'a> {
    /// These counts are taken; `runs` holds a file of each independent
    /// run that found them (two or more confirm them).
    Counted {
        record: &'a ShardRecord,
        runs: Vec<String>,
    },
    /// Independent runs disagree, with no majority: their files.
    Conflicting(Vec<String>),
}

/// The verdict on a shard's `records` (at least one), and notes on the
/// records that are not independent runs or that were outvoted.
pub(super) fn decide<'a>(
    records: &[(&'a Input, &'a ShardRecord)],
    notes: &mut Vec<String>,
) -> Verdict<'a> {
    let runs = runs_of(records, notes);
    // Each distinct result, with the independent runs that found it.
    let mut results: Vec<(&ShardRecord, Vec<usize>)> = Vec::new();
    for (index, (_, record)) in records.iter().enumerate() {
        let counts = |r: &ShardRecord| (r.total_thirds, r.nodes);
        match results
            .iter_mut()
            .find(|(r, _)| counts(r) == counts(record))
        {
            Some((_, found)) if found.contains(&runs[index]) => {}
            Some((_, found)) => found.push(runs[index]),
            None => results.push((record, vec![runs[index]])),
        }
    }
    results.sort_by_key(|(_, found)| std::cmp::Reverse(found.len()));
    // A run is named by its first record's index.
    let file_of_run = |run: usize| records[run].0.file.clone();
    let most = results[0].1.len();
    let majority = results.len() == 1 || (most >= 2 && results[1].1.len() < most);
    if !majority {
        let files =
            (results.iter()).flat_map(|(_, found)| found.iter().map(|&run| file_of_run(run)));
        return Verdict::Conflicting(files.collect());
    }
    let (record, agreeing) = &results[0];
    let agreeing: Vec<String> = agreeing.iter().map(|&run| file_of_run(run)).collect();
    for (_, found) in &results[1..] {
        for &run in found {
            notes.push(format!(
                "{} disagrees with the {} independent records that agree ({}): it is set aside, not added",
                file_of_run(run),
                agreeing.len(),
                agreeing.join(", ")
            ));
        }
    }
    Verdict::Counted {
        record,
        runs: agreeing,
    }
}

/// The run each record belongs to (the index of its first record), with
/// a note for each record that is not a run of its own.
fn runs_of(records: &[(&Input, &ShardRecord)], notes: &mut Vec<String>) -> Vec<usize> {
    let mut runs = Vec::with_capacity(records.len());
    for (index, &(input, record)) in records.iter().enumerate() {
        let earlier = (records[..index].iter().enumerate()).find_map(|(at, &(first, kept))| {
            shared(first, kept, input, record).map(|why| (at, why))
        });
        match earlier {
            Some((at, why)) => {
                notes.push(why);
                runs.push(runs[at]);
            }
            None => runs.push(index),
        }
    }
    runs
}

/// Why `record` is no run of its own beside `kept`, if it is not.
fn shared(
    first: &Input,
    kept: &ShardRecord,
    input: &Input,
    record: &ShardRecord,
) -> Option<String> {
    if kept == record {
        return Some(format!(
            "{} is a copy of {} (the same run): it is counted once, and confirms nothing",
            input.file, first.file
        ));
    }
    let checkpoint = record.checkpoint.as_ref()?;
    (kept.checkpoint.as_ref() == Some(checkpoint)).then(|| {
        format!(
            "{} and {} were counted into the same checkpoint ({checkpoint}; {} read {} of its {} back from it): \
             they are one run, and confirm nothing",
            first.file, input.file, input.file, record.resumed_units, nqueens::plural(record.units, "unit")
        )
    })
}
