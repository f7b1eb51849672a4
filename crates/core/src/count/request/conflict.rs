//! What cannot be asked of one count together, found from what each
//! algorithm and method can do ([`Method::has_search_tree`],
//! [`Method::runs_on_devices`], [`Method::uses_symmetry`]) and never
//! from a name: a method added later is refused or let through by the
//! same rules, on every surface.

use super::{CountRequest, DeviceChoice};
use crate::count::{Method, MAX_THREADS};
use crate::Algorithm;
use std::fmt;

/// What a user sets on a count beside its board, as every surface names
/// it in its own syntax (a flag, a keyword argument, a query parameter);
/// a refusal says it in these words, which read the same on each.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Setting {
    /// The counting method.
    Method,
    /// The memory limit.
    MaxMemory,
    /// The threads.
    Threads,
    /// A GPU as the device.
    Device,
    /// A shard of the plan.
    Shard,
    /// A checkpoint.
    Checkpoint,
    /// No symmetry.
    NoSymmetry,
}

impl Setting {
    /// The setting in words.
    pub fn words(self) -> &'static str {
        match self {
            Setting::Method => "a method",
            Setting::MaxMemory => "a memory limit",
            Setting::Threads => "a thread count",
            Setting::Device => "a GPU",
            Setting::Shard => "a shard",
            Setting::Checkpoint => "a checkpoint",
            Setting::NoSymmetry => "no symmetry",
        }
    }
}

/// A combination a count refuses, in the same words on every surface.
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
    /// The setting applies to the counts by plan: the algorithm counts by
    /// enumerating every solution, on one thread.
    NotByPlan(Setting, Algorithm),
    /// No symmetry is one method; another was named beside it.
    NoSymmetryWith(Method),
    /// Threads from 1 to [`MAX_THREADS`].
    Threads(usize),
}

impl Conflict {
    /// The first conflict of `request`, if it has one.
    pub(super) fn check(request: &CountRequest) -> Result<(), Conflict> {
        if let Some(threads) = request.threads.filter(|t| !(1..=MAX_THREADS).contains(t)) {
            return Err(Conflict::Threads(threads));
        }
        if !request.by_plan() {
            return Conflict::not_by_plan(request);
        }
        let on_gpu = request.device == DeviceChoice::Gpu;
        if let Some(method) = request.method {
            if request.no_symmetry && method.uses_symmetry() {
                return Err(Conflict::NoSymmetryWith(method));
            }
            if request.stats && !method.has_search_tree() {
                return Err(Conflict::StatsWithoutTree(method));
            }
            if on_gpu && !method.runs_on_devices() {
                return Err(Conflict::DeviceWithoutSearch(method));
            }
        }
        let conflict = match (request.stats, on_gpu, request.shard, request.checkpointed) {
            (true, true, _, _) => Conflict::StatsOnDevice,
            (true, _, Some(_), _) => Conflict::StatsWithShard,
            (true, _, _, true) => Conflict::StatsWithCheckpoint,
            _ => return Ok(()),
        };
        Err(conflict)
    }

    /// The first setting an enumerating algorithm does not take.
    fn not_by_plan(request: &CountRequest) -> Result<(), Conflict> {
        let asked = [
            (request.method.is_some(), Setting::Method),
            (request.no_symmetry, Setting::NoSymmetry),
            (request.max_memory.is_some(), Setting::MaxMemory),
            (request.threads.is_some(), Setting::Threads),
            (request.device == DeviceChoice::Gpu, Setting::Device),
            (request.shard.is_some(), Setting::Shard),
            (request.checkpointed, Setting::Checkpoint),
        ];
        match asked.into_iter().find(|(given, _)| *given) {
            Some((_, setting)) => Err(Conflict::NotByPlan(setting, request.algorithm)),
            None => Ok(()),
        }
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
            Conflict::NotByPlan(setting, algorithm) => write!(
                f,
                "{} applies to the bitmask algorithm's counts: {algorithm} counts by \
                 enumerating, on one thread",
                setting.words()
            ),
            Conflict::NoSymmetryWith(method) => write!(
                f,
                "no symmetry is the method {}: it cannot go with the method {method}",
                Method::without_symmetry()
            ),
            Conflict::Threads(threads) => {
                write!(f, "threads must be from 1 to {MAX_THREADS}, not {threads}")
            }
        }
    }
}

impl std::error::Error for Conflict {}
