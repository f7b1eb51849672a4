//! A count's memory refusal as each surface's user types the way out:
//! the command line's flags (also `python -m nqueens`), Python's keyword
//! arguments, and the web API's query, where the memory and the threads
//! are the server's. The sentence is the engine's
//! ([`nqueens::count::MemoryRefusal::worded`]); only the spelling is the surface's.

use nqueens::count::{LimitSource, Method, RefusalWords};
use nqueens::CountError;

/// The command line's flags: `--max-memory 20M`, `--threads 1`,
/// `--method backtrack`.
pub struct Flags;

/// Python's keyword arguments: `max_memory=20 * 2**20`, `threads=1`,
/// `method="backtrack"`.
pub struct Keywords;

/// A web API's query: only `method=backtrack` (the memory and the
/// threads are the server's).
pub struct Query;

/// The default limit's words, on every surface.
fn default_limit() -> String {
    "half this machine's memory, the default limit".into()
}

impl RefusalWords for Flags {
    fn count(&self, n: usize, method: Option<Method>) -> String {
        match method {
            Some(method) => format!("count {n} {}", self.method(method)),
            None => format!("count {n}"),
        }
    }

    fn limit(&self, source: LimitSource) -> String {
        match source {
            LimitSource::Given => "--max-memory".into(),
            LimitSource::HalfMachine => default_limit(),
        }
    }

    fn memory(&self, mib: u64) -> Option<String> {
        Some(format!("--max-memory {mib}M"))
    }

    fn one_thread(&self) -> Option<String> {
        Some("--threads 1".into())
    }

    fn method(&self, method: Method) -> String {
        format!("--method {method}")
    }
}

impl RefusalWords for Keywords {
    fn count(&self, n: usize, method: Option<Method>) -> String {
        match method {
            Some(method) => format!("count({n}, {})", self.method(method)),
            None => format!("count({n})"),
        }
    }

    fn limit(&self, source: LimitSource) -> String {
        match source {
            LimitSource::Given => "max_memory".into(),
            LimitSource::HalfMachine => default_limit(),
        }
    }

    fn memory(&self, mib: u64) -> Option<String> {
        Some(format!("max_memory={mib} * 2**20"))
    }

    fn one_thread(&self) -> Option<String> {
        Some("threads=1".into())
    }

    fn method(&self, method: Method) -> String {
        format!("method=\"{method}\"")
    }

    fn together(&self, first: &str, second: &str) -> String {
        format!("{first}, {second}")
    }
}

impl RefusalWords for Query {
    fn count(&self, n: usize, method: Option<Method>) -> String {
        match method {
            Some(method) => format!("count {n} with {}", self.method(method)),
            None => format!("count {n}"),
        }
    }

    fn limit(&self, _: LimitSource) -> String {
        "the server's limit, half its machine's memory".into()
    }

    fn memory(&self, _: u64) -> Option<String> {
        None
    }

    fn one_thread(&self) -> Option<String> {
        None
    }

    fn method(&self, method: Method) -> String {
        format!("method={method}")
    }
}

/// A count's error as a surface says it: a memory refusal's ways out in
/// `words`, any other in the engine's own words (the same everywhere).
pub fn said(err: &CountError, words: &dyn RefusalWords) -> String {
    match err {
        CountError::Memory(refusal) => refusal.worded(words),
        other => other.to_string(),
    }
}
