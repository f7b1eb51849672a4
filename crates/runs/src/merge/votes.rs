//! What one shard's records come to. Records that share their counts are
//! one run, however many files hold them: a copy of a record, or two
//! records of runs on one checkpoint (the second read the first's units
//! back). Independent runs that agree confirm the shard. When they
//! disagree, no side is taken by number (records that agree are as easy
//! to forge as one): only the shard counted again (`merge --audit`)
//! settles it, taking the records that agree with that count.

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
    /// Independent runs disagree, and the shard was not counted again:
    /// each result's counts with the files of the runs that found it.
    Disputed(Vec<([u128; 2], Vec<String>)>),
    /// Counted again, the shard agrees with none of its records: the
    /// count found, and their files.
    Refuted([u128; 2], Vec<String>),
}

/// The verdict on a shard's `records` (at least one), given its counts
/// found again (`recount`) if it was counted again, and notes on the
/// records that are not independent runs or that were found wrong.
pub(super) fn decide<'a>(
    records: &[(&'a Input, &'a ShardRecord)],
    recount: Option<[u128; 2]>,
    notes: &mut Vec<String>,
) -> Verdict<'a> {
    let runs = runs_of(records, notes);
    // Each distinct result, with the independent runs that found it.
    let mut results: Vec<(&ShardRecord, Vec<usize>)> = Vec::new();
    for (index, (_, record)) in records.iter().enumerate() {
        match results
            .iter_mut()
            .find(|(r, _)| counts(r) == counts(record))
        {
            Some((_, found)) if found.contains(&runs[index]) => {}
            Some((_, found)) => found.push(runs[index]),
            None => results.push((record, vec![runs[index]])),
        }
    }
    // A run is named by its first record's index.
    let files = |found: &[usize]| -> Vec<String> {
        found
            .iter()
            .map(|&run| records[run].0.file.clone())
            .collect()
    };
    let taken = match (results.len(), recount) {
        (1, _) => 0,
        (_, None) => {
            let sides = results
                .iter()
                .map(|(record, found)| (counts(record), files(found)));
            return Verdict::Disputed(sides.collect());
        }
        (_, Some(found)) => match results
            .iter()
            .position(|(record, _)| counts(record) == found)
        {
            Some(taken) => taken,
            None => {
                let all = results.iter().flat_map(|(_, found)| files(found));
                return Verdict::Refuted(found, all.collect());
            }
        },
    };
    let others = results.iter().enumerate().filter(|(at, _)| *at != taken);
    for (_, (_, found)) in others {
        for file in files(found) {
            notes.push(format!(
                "{file} disagrees with its shard counted again, as {} do not: \
                 it is wrong, and set aside, not added",
                files(&results[taken].1).join(", ")
            ));
        }
    }
    let (record, agreeing) = &results[taken];
    Verdict::Counted {
        record,
        runs: files(agreeing),
    }
}

/// A record's counts: thirds of a board and nodes.
fn counts(record: &ShardRecord) -> [u128; 2] {
    [record.total_thirds, record.nodes]
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
