//! What merge checks beyond agreement: each record on its own (residues,
//! checksum, a shard of its own count) and the sum against Burnside's
//! lemma.

use super::Run;
use crate::{record, residues};
use nqueens::count::{Counts, Tally};
use nqueens_report::runs::{Problem, ShardRecord};

/// Why a record cannot be trusted on its own, if it cannot.
pub(super) fn corruption(record: &ShardRecord) -> Option<String> {
    let which = format!("shard {}/{}", record.shard, record.shards);
    let expected = [residues(record.total_thirds), residues(record.nodes)];
    let stored = [record.residues.total_thirds, record.residues.nodes];
    if expected != stored {
        return Some(format!(
            "{which}: its counts do not match their residues mod 13 and 15 (the record was changed)"
        ));
    }
    if record.checksum != record::checksum_of(record) {
        return Some(format!(
            "{which}: the record does not match its checksum (it was changed)"
        ));
    }
    if record.shard >= record.shards {
        return Some(format!(
            "{which}: a shard's index must be below the number of shards, {}",
            record.shards
        ));
    }
    None
}

/// The counts of every shard's tally added up, if a board can have them;
/// otherwise a problem that says so, and none.
pub(super) fn whole(run: &Run, tally: Tally, problems: &mut Vec<Problem>) -> Option<Counts> {
    match run.plan.checked_counts(tally) {
        Ok(counts) => Some(counts),
        Err(impossible) => {
            problems.push(Problem {
                kind: "impossible".into(),
                file: None,
                shard: None,
                message: format!(
                    "the records add up to a count no board has: {impossible}; one of them is \
                     wrong, and which cannot be told: count every shard again \
                     (nqueens count {} --method {} --shard I/{} for each I) and merge the new records",
                    run.n, run.method, run.shards
                ),
                rerun: None,
            });
            None
        }
    }
}
