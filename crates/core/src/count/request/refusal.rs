//! A memory refusal in words: the sentence is the same on every surface;
//! each surface spells what the user types (its flags, keyword
//! arguments or query parameters) through [`RefusalWords`], so that the
//! advice works as it is given. The engine's own spelling names no
//! syntax at all.

use super::{LimitSource, MemoryRefusal, WayOut};
use crate::count::Method;
use std::fmt;

/// How a surface spells what its user types.
pub trait RefusalWords {
    /// The count asked for, by `method` where one was named (`count 18
    /// --method join`).
    fn count(&self, n: usize, method: Option<Method>) -> String;

    /// The memory limit that comes from `source`.
    fn limit(&self, source: LimitSource) -> String;

    /// A limit of `mib` MiB, where the user sets the limit here.
    fn memory(&self, mib: u64) -> Option<String>;

    /// One thread, where the user sets the threads here.
    fn one_thread(&self) -> Option<String>;

    /// The method `method`.
    fn method(&self, method: Method) -> String;

    /// Two settings given together.
    fn together(&self, first: &str, second: &str) -> String {
        format!("{first} {second}")
    }
}

impl MemoryRefusal {
    /// The refusal, with its ways out spelled by `words`; a way out the
    /// surface does not take is left out.
    pub fn worded(&self, words: &dyn RefusalWords) -> String {
        let (n, total) = (self.n, self.held + self.needed);
        let mut said = match self.auto {
            true => format!(
                "{} needs about {} by {}",
                words.count(n, None),
                mib(total),
                self.method.counts_by()
            ),
            false => format!(
                "{} needs about {}",
                words.count(n, Some(self.method)),
                mib(total)
            ),
        };
        let s = if self.threads == 1 { "" } else { "s" };
        said += &format!(" on {} thread{s}", self.threads);
        if self.held > 0 {
            let (count, own) = (mib(self.needed), mib(self.held));
            said += &format!(" ({count} for the count, {own} this process's own)");
        }
        said += &format!(
            ", more than {} ({})",
            mib(self.limit),
            words.limit(self.source)
        );
        let ways: Vec<String> = (self.ways_out().into_iter())
            .filter_map(|way| way_in_words(way, words))
            .collect();
        if !ways.is_empty() {
            said += &format!(": {}", ways.join(", or "));
        }
        said
    }
}

/// One way out as `words` spell it; none where the surface lacks it.
fn way_in_words(way: WayOut, words: &dyn RefusalWords) -> Option<String> {
    match way {
        WayOut::MoreMemory(mib) => Some(format!("give it {}", words.memory(mib)?)),
        WayOut::OneThread => Some(format!("count on one thread ({})", words.one_thread()?)),
        WayOut::Method {
            method,
            named,
            memory_mib,
        } => {
            let by = method.counts_by();
            let more = memory_mib.map(|mib| words.memory(mib));
            match (named, more) {
                (false, Some(Some(more))) => Some(format!("{more} to count by {by} (slower)")),
                (true, None) => Some(format!("count by {by} ({}, slower)", words.method(method))),
                (true, Some(Some(more))) => {
                    let both = words.together(&words.method(method), &more);
                    Some(format!("count by {by} ({both}, slower)"))
                }
                _ => None,
            }
        }
    }
}

/// The engine's own words: settings by name, no surface's syntax.
struct Plain;

impl RefusalWords for Plain {
    fn count(&self, n: usize, method: Option<Method>) -> String {
        match method {
            Some(method) => format!("count {n} by the method {method}"),
            None => format!("count {n}"),
        }
    }

    fn limit(&self, source: LimitSource) -> String {
        match source {
            LimitSource::Given => "the limit given".into(),
            LimitSource::HalfMachine => "half this machine's memory, the default limit".into(),
        }
    }

    fn memory(&self, mib: u64) -> Option<String> {
        Some(format!("a memory limit of {mib} MiB"))
    }

    fn one_thread(&self) -> Option<String> {
        Some("threads 1".into())
    }

    fn method(&self, method: Method) -> String {
        format!("the method {method}")
    }

    fn together(&self, first: &str, second: &str) -> String {
        format!("{first} with {second}")
    }
}

impl fmt::Display for MemoryRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.worded(&Plain))
    }
}

impl std::error::Error for MemoryRefusal {}

/// Bytes in MiB or GiB, for people.
fn mib(bytes: u64) -> String {
    match bytes >= 1 << 30 {
        true => format!("{:.1} GiB", bytes as f64 / (1u64 << 30) as f64),
        false => format!("{:.1} MiB", bytes as f64 / (1u64 << 20) as f64),
    }
}
