//! The command that counts a shard again, written so that it runs as
//! printed here and leaves the directory ready for the next merge: a file
//! in the record's place that merge could not use is moved aside first
//! (to a name merge does not read), and the count of a shard whose
//! records were all found wrong goes to a name of its own, beside them
//! (`merge --audit` then takes it, the one that agrees with the shard).

use super::Run;
use crate::{record, shell_quoted};
use nqueens::count::Shard;
use std::path::{Path, PathBuf};

/// Why a shard is counted again.
pub(super) enum Why<'a> {
    /// No record of it could be used.
    Missing,
    /// Counted again, it agrees with none of its records.
    Refuted,
    /// This record of it was found wrong when the shard was counted again.
    Wrong(&'a Path),
}

/// The command that counts `shard` of `run` again into `directory`.
pub(super) fn command(run: &Run, shard: usize, directory: &Path, why: Why) -> String {
    for_shard(run.n, run.method.name(), run.shards, shard, directory, why)
}

/// The command that counts `shard` of `shards` of the count of `n` by
/// `method` again into `directory`.
pub(super) fn for_shard(
    n: usize,
    method: &str,
    shards: usize,
    shard: usize,
    directory: &Path,
    why: Why,
) -> String {
    let shard = Shard::new(shard, shards).expect("a shard of the run");
    let place = directory.join(record::file_name(shard));
    let aside = |file: &Path| {
        let to = free(|k| with_suffix(file, &format!(".damaged{}", numbered(k))));
        format!("mv -- {} {} && ", quoted(file), quoted(&to))
    };
    let (first, out) = match why {
        Why::Missing if place.symlink_metadata().is_ok() => (aside(&place), place),
        Why::Missing => (String::new(), place),
        Why::Refuted => (String::new(), beside(&place)),
        Why::Wrong(file) if file == place || place.symlink_metadata().is_err() => {
            (aside(file), place)
        }
        Why::Wrong(file) => (aside(file), beside(&place)),
    };
    format!(
        "{first}nqueens count {n} --method {method} --shard {shard} --out {}",
        quoted(&out)
    )
}

/// A free name beside `place`: `NAME.2.json`, `NAME.3.json`, …
fn beside(place: &Path) -> PathBuf {
    let stem = place.with_extension("");
    free(|k| with_suffix(&stem, &format!(".{}.json", k + 2)))
}

/// The first of `name(0)`, `name(1)`, … that names nothing yet.
fn free(name: impl Fn(usize) -> PathBuf) -> PathBuf {
    (0..)
        .map(name)
        .find(|path| path.symlink_metadata().is_err())
        .expect("a free name")
}

fn numbered(k: usize) -> String {
    match k {
        0 => String::new(),
        k => format!(".{k}"),
    }
}

fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

fn quoted(path: &Path) -> String {
    shell_quoted(&path.display().to_string())
}
