//! What cannot be asked of one count together, found from what each
//! method can do ([`Method::has_search_tree`], [`Method::runs_on_devices`])
//! and never from its name: a method added later is refused or let
//! through by the same rules, on every surface.

use super::{CountJob, DeviceChoice};
use crate::count::Method;
use std::fmt;

/// A combination a count job refuses, in the same words on every surface
/// (the command line's flags, the server's and Python's parameters share
/// their names: `stats`, `device`, `shard`, `checkpoint`, `method`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Conflict {
    /// Statistics describe a search tree, and the method has none.
    StatsWithoutTree(Method),
    /// A GPU runs only the methods that search.
    DeviceWithoutSearch(Method),
    /// Statistics are counted on the CPU's scalar kernel.
    StatsOnDevice,
    /// Statistics are of the whole board, not of a shard.
    StatsWithShard,
    /// Statistics are of one whole run, not of one that goes on from a
    /// checkpoint.
    StatsWithCheckpoint,
}

impl Conflict {
    /// The first conflict of `job`, if it has one.
    pub(super) fn check(job: &CountJob) -> Result<(), Conflict> {
        let on_gpu = job.device.choice == DeviceChoice::Gpu;
        if let Some(method) = job.method {
            if job.stats && !method.has_search_tree() {
                return Err(Conflict::StatsWithoutTree(method));
            }
            if on_gpu && !method.runs_on_devices() {
                return Err(Conflict::DeviceWithoutSearch(method));
            }
        }
        let conflict = match (job.stats, on_gpu, job.shard.is_some(), job.checkpointed) {
            (true, true, _, _) => Conflict::StatsOnDevice,
            (true, _, true, _) => Conflict::StatsWithShard,
            (true, _, _, true) => Conflict::StatsWithCheckpoint,
            _ => return Ok(()),
        };
        Err(conflict)
    }
}

/// The names of the methods that can do `what`, as "a, b or c".
fn methods_that(what: fn(Method) -> bool) -> String {
    let names: Vec<&str> = (Method::ALL.iter().copied())
        .filter(|&method| what(method))
        .map(Method::name)
        .collect();
    match names.split_last() {
        Some((last, [])) => last.to_string(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Conflict::StatsWithoutTree(method) => write!(
                f,
                "stats describe a search tree, and the {method} method has none: \
                 choose the method {}",
                methods_that(Method::has_search_tree)
            ),
            Conflict::DeviceWithoutSearch(method) => write!(
                f,
                "a GPU runs the methods {}, not {method}: choose one of them, or the device cpu",
                methods_that(Method::runs_on_devices)
            ),
            Conflict::StatsOnDevice => f.write_str(
                "stats are counted on the CPU's scalar kernel: they cannot go with the device gpu",
            ),
            Conflict::StatsWithShard => {
                f.write_str("stats are of a whole board: they cannot go with a shard")
            }
            Conflict::StatsWithCheckpoint => f.write_str(
                "stats are of one whole run: they cannot go with a checkpoint, which another run goes on from",
            ),
        }
    }
}

impl std::error::Error for Conflict {}
