//! A checkpoint as a count killed in its first moments leaves it: a
//! creation whose pages are written but whose rollback journal is still
//! beside them, and a write-ahead log of a header only beside its index.
//! Each is read by `status` and resumed to the exact count; none is
//! refused.

use nqueens::count::{Driver, Method, Plan};
use nqueens::BoardSize;
use nqueens_runs::checkpoint::status;
use nqueens_runs::{Checkpoint, CheckpointError};
use std::path::Path;

fn plan() -> Plan {
    Plan::new(BoardSize::new(8).unwrap(), Method::Backtrack).unwrap()
}

/// Counts the units of `plan` that `path` does not hold into it, and
/// the total and unique count of the whole.
fn resume(path: &Path, plan: &Plan) -> Result<(u128, u128), CheckpointError> {
    let ids: Vec<usize> = (0..plan.units().len()).collect();
    let checkpoint = Checkpoint::open(path, plan, None, &ids)?;
    let done = checkpoint.done().to_vec();
    let recorder = checkpoint.recorder(1)?;
    let rest: Vec<usize> = (ids.into_iter())
        .filter(|id| done.iter().all(|unit| unit.id != *id))
        .collect();
    let ran = Driver::new().threads(1).unwrap().run(plan, &rest, &|unit| {
        recorder.record(unit);
    });
    recorder.finish()?;
    let tally = done
        .iter()
        .map(|unit| unit.tally)
        .sum::<nqueens::count::Tally>()
        + ran;
    let counts = plan.checked_counts(tally).unwrap();
    Ok((counts.total, counts.unique))
}

fn beside(path: &Path, suffix: &str) -> std::path::PathBuf {
    format!("{}{suffix}", path.display()).into()
}

/// SQLite's rollback journal header (its format is documented at
/// sqlite.org/fileformat.html), as written before the pages of a new
/// database: the database held no pages before the transaction.
fn journal_of_a_new_database() -> Vec<u8> {
    let mut journal = vec![0xd9, 0xd5, 0x05, 0xf9, 0x20, 0xa1, 0x63, 0xd7];
    for field in [0u32, 0x1234_5678, 0, 512, 4096] {
        journal.extend(field.to_be_bytes());
    }
    journal.resize(512, 0);
    journal
}

/// A count killed after SQLite wrote a new checkpoint's pages and before
/// it removed the journal: SQLite rolls that back to an empty file, so
/// `status` says the file is empty and the count begins it again (it was
/// refused as "no such table", then as not a checkpoint).
#[test]
fn a_creation_cut_short_before_its_journal_went_is_begun_again() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("new.db");
    let plan = plan();
    assert_eq!(resume(&path, &plan).unwrap(), (92, 12));
    let rollback = rusqlite::Connection::open(&path).unwrap();
    rollback
        .pragma_update(None, "journal_mode", "DELETE")
        .unwrap();
    drop(rollback);
    std::fs::write(beside(&path, "-journal"), journal_of_a_new_database()).unwrap();
    let said = status(&path).map(|_| ()).unwrap_err().to_string();
    assert!(
        said.contains("is empty: no count has written to it yet"),
        "{said}"
    );
    assert_eq!(resume(&path, &plan).unwrap(), (92, 12));
    let again = status(&path).unwrap();
    assert_eq!(
        (again.done, again.units, again.unique),
        (101, 101, Some(12))
    );
}

/// The write-ahead log of a header only, and the first bytes of its
/// index (the rest is zeros), as a count killed as it opened a finished
/// count-8 checkpoint left them (taken from such a kill).
const LOG_HEADER: &str = "377f0682002de21800001000000000003a449392bfe251ca677a474de9b401b1";
const INDEX_START: &str = "18e22d00000000000000000001000000000000000000000000000000\
    000000000000000000000000380718063593db0918e22d000000000000000000010000000000000000\
    00000000000000000000000000000000000000380718063593db09000000000000000000000000ffff\
    ffffffffffffffffffff";

fn bytes_of(hex: &str) -> Vec<u8> {
    let digits: Vec<u8> = hex.bytes().filter(u8::is_ascii_hexdigit).collect();
    let digit = |byte: u8| (byte as char).to_digit(16).unwrap() as u8;
    digits
        .chunks(2)
        .map(|pair| digit(pair[0]) << 4 | digit(pair[1]))
        .collect()
}

/// A count killed as it opened a finished checkpoint leaves a log of a
/// header only, beside an index SQLite will not let a read-only reader
/// use ("locking protocol" on every later command): the file alone holds
/// everything, and is read and resumed.
#[test]
fn a_log_of_a_header_only_beside_its_index_reads_and_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("done.db");
    let plan = plan();
    assert_eq!(resume(&path, &plan).unwrap(), (92, 12));
    std::fs::write(beside(&path, "-wal"), bytes_of(LOG_HEADER)).unwrap();
    let mut index = bytes_of(INDEX_START);
    index.resize(32_768, 0);
    std::fs::write(beside(&path, "-shm"), index).unwrap();
    let read = status(&path).unwrap();
    assert_eq!((read.done, read.units, read.unique), (101, 101, Some(12)));
    assert_eq!(resume(&path, &plan).unwrap(), (92, 12));
}
