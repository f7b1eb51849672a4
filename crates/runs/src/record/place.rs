//! Where a record may go: `--out` names a file or a directory, and what
//! is there must be nothing, an empty file, or a record of the same shard
//! of the same count. Anything else is the user's, and is left as it is.

use super::{read_capped, says_it_is_a_record};
use crate::{hex, RecordError};
use nqueens::count::{Plan, Shard};
use std::path::{Path, PathBuf};

/// What a record is of: a shard of a count, as its fields say.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordOf {
    n: usize,
    shard: usize,
    shards: usize,
    method: String,
    plan_hash: String,
}

impl RecordOf {
    /// The record of `shard` of `plan`.
    pub fn new(plan: &Plan, shard: Shard) -> RecordOf {
        RecordOf {
            n: plan.size().get(),
            shard: shard.index(),
            shards: shard.count(),
            method: plan.method().name().into(),
            plan_hash: hex(plan.fingerprint()),
        }
    }

    /// What the record at `path` says it is of (in any version of the
    /// format); none when it says no such thing.
    fn of_file(path: &Path) -> Option<RecordOf> {
        let bytes = read_capped(path).ok()?;
        let value: serde_json::Value = serde_json::from_slice(&bytes).ok()?;
        let number = |name: &str| value.get(name)?.as_u64().map(|n| n as usize);
        let text = |name: &str| Some(value.get(name)?.as_str()?.to_owned());
        Some(RecordOf {
            n: number("n")?,
            shard: number("shard")?,
            shards: number("shards")?,
            method: text("method")?,
            plan_hash: text("plan_hash")?,
        })
    }

    /// The shard and its count, in words.
    pub fn describe(&self) -> String {
        format!(
            "shard {}/{} of the count of n = {} by {} (plan {})",
            self.shard, self.shards, self.n, self.method, self.plan_hash
        )
    }
}

/// Why a record of `of` may not replace what is at `target` now; none
/// when it may: nothing is there, an empty file, or a record of `of`.
pub(super) fn taken(target: &Path, of: &RecordOf) -> Option<String> {
    let meta = match target.symlink_metadata() {
        Ok(meta) => meta,
        Err(_) => return None,
    };
    // The record replaces a file by renaming over it: never a device, a
    // pipe, a directory or a link's target elsewhere.
    if !meta.is_file() {
        return Some("it exists and is not a regular file".into());
    }
    if meta.len() == 0 {
        return None;
    }
    if !says_it_is_a_record(target) {
        return Some("it exists and is not an nqueens shard record".into());
    }
    match RecordOf::of_file(target) {
        Some(theirs) if theirs == *of => None,
        Some(theirs) => Some(format!(
            "it is the record of {}, not of this count's {}",
            theirs.describe(),
            of.describe()
        )),
        None => Some("it is a damaged shard record, not one of this count's shard".into()),
    }
}

/// Where `--out PATH` puts the record of `of`: PATH itself, or inside it
/// when it is a directory (or ends in `/`, when it must be one). Checked
/// before any work is done: the directory must exist, and a file there
/// must be one a record may replace.
pub fn target(path: &Path, of: &RecordOf) -> Result<PathBuf, RecordError> {
    let bad = |why: String| RecordError::BadTarget {
        path: path.to_owned(),
        why,
    };
    let as_directory = path.as_os_str().to_string_lossy().ends_with('/');
    let target = match (path.is_dir(), as_directory) {
        (true, _) => path.join(format!("shard-{}-of-{}.json", of.shard, of.shards)),
        (false, true) => return Err(bad("no such directory (make it first)".into())),
        (false, false) => path.to_owned(),
    };
    if !directory_of(&target).is_dir() {
        return Err(bad("its directory does not exist (make it first)".into()));
    }
    match taken(&target, of) {
        Some(why) => Err(RecordError::BadTarget {
            path: target,
            why: format!("{why} (it is left as it is)"),
        }),
        None => Ok(target),
    }
}

/// The directory a file goes in.
pub(super) fn directory_of(path: &Path) -> &Path {
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    }
}
