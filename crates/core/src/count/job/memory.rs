//! The memory a count may take (by default half the machine's, for every
//! surface alike), the method a count job runs by where its memory is
//! bounded, and its refusal, with every way out, where nothing fits.

use super::CountError;
use super::{machine_bytes, peak_bytes, CountJob};
use crate::count::{Driver, Method};
use std::fmt;

/// The most memory a count may take, and the name the user knows that
/// limit by (`--max-memory`, `max_memory=`, or the default).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MemoryLimit {
    /// Bytes.
    pub bytes: u64,
    /// Where the limit comes from, for the refusal.
    pub named: String,
    /// How the user changes the limit and the count, for the refusal's
    /// advice.
    pub spelling: Spelling,
    /// What the process already holds, counted against `bytes`.
    pub held: u64,
    /// Whether the limit is the whole process's: `held` is then read
    /// again (the process's peak so far) as the count is prepared, after
    /// any device's driver is loaded. Otherwise it is the count's alone
    /// beside the `held` given.
    pub whole_process: bool,
}

impl MemoryLimit {
    /// `bytes` for the whole process, named as the user gave it.
    pub fn process(bytes: u64, named: impl Into<String>) -> MemoryLimit {
        MemoryLimit {
            bytes,
            named: named.into(),
            spelling: Spelling::Flags,
            held: 0,
            whole_process: true,
        }
    }

    /// The same limit, its advice spelled as `spelling`.
    pub fn spelled(self, spelling: Spelling) -> MemoryLimit {
        MemoryLimit { spelling, ..self }
    }

    /// The default limit of every count: half this machine's memory, for
    /// the whole process; none where the machine's memory is not known.
    pub fn half_machine() -> Option<MemoryLimit> {
        let half = machine_bytes()? / 2;
        Some(MemoryLimit::process(
            half,
            "half this machine's memory, the default limit",
        ))
    }

    /// The limit with what the process holds now, where it is the whole
    /// process's.
    pub(super) fn now(self) -> MemoryLimit {
        match self.whole_process {
            true => MemoryLimit {
                held: peak_bytes().unwrap_or(self.held),
                ..self
            },
            false => self,
        }
    }
}

impl CountJob {
    /// The one rule ([`Method::resolve`]), where the memory allows it;
    /// under a limit the join does not fit, `auto` counts by backtracking,
    /// which runs in little memory. A refusal names every way out.
    pub(super) fn fitting(&self, driver: &Driver, searching: bool) -> Result<Method, CountError> {
        let method = Method::resolve(self.method, self.size, searching);
        let Some(mut refusal) = self.refusal(driver, method)? else {
            return Ok(method);
        };
        if method == Method::Join {
            let backtrack = self.refusal(driver, Method::Backtrack)?;
            if backtrack.is_none() && self.method.is_none() {
                return Ok(Method::Backtrack);
            }
            refusal.backtrack = Some(driver.memory_bytes(self.size, Method::Backtrack)?);
        }
        Err(refusal.into())
    }

    /// Why a count by `method` does not fit its memory, if it does not.
    fn refusal(
        &self,
        driver: &Driver,
        method: Method,
    ) -> Result<Option<MemoryRefusal>, CountError> {
        let Some(limit) = &self.max_memory else {
            return Ok(None);
        };
        let room = limit.bytes.saturating_sub(limit.held);
        let needed = driver.memory_bytes(self.size, method)?;
        if needed <= room {
            return Ok(None);
        }
        let one = (Driver::new().kernel(driver.kernel_in_use())?.threads(1)?).max_memory(room);
        let one_thread_fits =
            driver.thread_count() > 1 && one.memory_bytes(self.size, method)? <= room;
        Ok(Some(MemoryRefusal {
            n: self.size.get(),
            method: method.name(),
            auto: self.method.is_none() && method == Method::Join,
            needed,
            held: limit.held,
            limit: limit.bytes,
            named: limit.named.clone(),
            spelling: limit.spelling,
            threads: driver.thread_count(),
            one_thread_fits,
            backtrack: None,
        }))
    }
}

/// A count that would take more memory than it may, and the ways to run
/// it that fit: a larger limit, one thread, or backtracking (which runs in
/// little memory) where the join was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MemoryRefusal {
    /// The board size.
    pub n: usize,
    /// The method refused (the join, where `auto` would have run it).
    pub method: &'static str,
    /// Whether `auto` chose the join (and backtracking does not fit
    /// either).
    pub auto: bool,
    /// Bytes the count needs.
    pub needed: u64,
    /// Bytes the process already held, counted against the limit.
    pub held: u64,
    /// Bytes it may take, the process's own included.
    pub limit: u64,
    /// Where the limit comes from.
    pub named: String,
    /// How the ways out are spelled.
    pub spelling: Spelling,
    /// The threads it would run on.
    pub threads: usize,
    /// Whether it would fit on one thread.
    pub one_thread_fits: bool,
    /// Where the join was refused: the bytes counting by backtracking
    /// needs.
    pub backtrack: Option<u64>,
}

impl MemoryRefusal {
    /// The `--max-memory` that runs a count needing `needed` bytes, in
    /// MiB ([`advised_mib`]).
    pub fn advised_mib(&self, needed: u64) -> u64 {
        advised_mib(self.held, needed)
    }
}

/// The `--max-memory` that runs a count needing `needed` bytes in a
/// process that holds `held` before it, in MiB: the process's own memory
/// with an eighth more (it varies a little from run to run), the count's,
/// rounded up.
pub fn advised_mib(held: u64, needed: u64) -> u64 {
    (held + held / 8 + needed).div_ceil(1 << 20)
}

impl fmt::Display for MemoryRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (n, total) = (self.n, self.held + self.needed);
        let spelling = self.spelling;
        match self.auto {
            true => write!(
                f,
                "{} needs about {} by the join",
                spelling.count(n, None),
                mib(total)
            )?,
            false => write!(
                f,
                "{} needs about {}",
                spelling.count(n, Some(self.method)),
                mib(total)
            )?,
        }
        let s = if self.threads == 1 { "" } else { "s" };
        write!(f, " on {} thread{s}", self.threads)?;
        if self.held > 0 {
            let (count, own) = (mib(self.needed), mib(self.held));
            write!(f, " ({count} for the count, {own} this process's own)")?;
        }
        write!(f, ", more than {} ({})", mib(self.limit), self.named)?;
        let ways = self.ways_out();
        match ways.is_empty() {
            true => Ok(()),
            false => write!(f, ": {}", ways.join(", or ")),
        }
    }
}

impl MemoryRefusal {
    /// Every way to run the count that fits, as its user asks for it.
    fn ways_out(&self) -> Vec<String> {
        let spelling = self.spelling;
        let mut ways = Vec::new();
        if let Some(more) = spelling.memory(self.advised_mib(self.needed)) {
            ways.push(format!("give it {more}"));
        }
        if let Some(one) = spelling.one_thread().filter(|_| self.one_thread_fits) {
            ways.push(format!("count on one thread ({one})"));
        }
        let Some(backtrack) = self.backtrack else {
            return ways;
        };
        let more = spelling.memory(self.advised_mib(backtrack));
        let by = spelling.method("backtrack");
        let way = match (self.auto, self.held + backtrack <= self.limit, more) {
            (true, _, Some(more)) => Some(format!("{more} to count by backtracking (slower)")),
            (false, true, _) => Some(format!("count by backtracking ({by}, slower)")),
            (false, false, Some(more)) => Some(spelling.both(&by, &more)),
            (_, _, None) => None,
        };
        ways.extend(way);
        ways
    }
}

/// How the user of a surface asks for another limit, threads or method:
/// a refusal's advice is spelled so that it works as it is given.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Spelling {
    /// The command line's flags: `--max-memory 20M`, `--threads 1`,
    /// `--method backtrack`.
    #[default]
    Flags,
    /// Python's keyword arguments: `max_memory=20 * 2**20`, `threads=1`,
    /// `method="backtrack"`.
    Keywords,
    /// A web API's query, where the memory and the threads are the
    /// server's: only `method=backtrack`.
    Query,
}

impl Spelling {
    /// The count of `n` by `method` (or the one the engine picks).
    fn count(self, n: usize, method: Option<&str>) -> String {
        match (self, method) {
            (Spelling::Keywords, Some(name)) => format!("count({n}, method=\"{name}\")"),
            (Spelling::Keywords, None) => format!("count({n})"),
            (Spelling::Query, Some(name)) => format!("count {n} with {}", self.method(name)),
            (_, Some(name)) => format!("count {n} {}", self.method(name)),
            (_, None) => format!("count {n}"),
        }
    }

    /// The limit of `mib` MiB, where the user sets it.
    fn memory(self, mib: u64) -> Option<String> {
        match self {
            Spelling::Flags => Some(format!("--max-memory {mib}M")),
            Spelling::Keywords => Some(format!("max_memory={mib} * 2**20")),
            Spelling::Query => None,
        }
    }

    /// One thread, where the user sets the threads.
    fn one_thread(self) -> Option<&'static str> {
        match self {
            Spelling::Flags => Some("--threads 1"),
            Spelling::Keywords => Some("threads=1"),
            Spelling::Query => None,
        }
    }

    /// The method `name`.
    fn method(self, name: &str) -> String {
        match self {
            Spelling::Flags => format!("--method {name}"),
            Spelling::Keywords => format!("method=\"{name}\""),
            Spelling::Query => format!("method={name}"),
        }
    }

    /// Counting by the method `by` with the limit `more`.
    fn both(self, by: &str, more: &str) -> String {
        let between = match self {
            Spelling::Keywords => ", ",
            _ => " ",
        };
        format!("count by backtracking ({by}{between}{more}, slower)")
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::BoardSize;

    const MIB: u64 = 1 << 20;

    fn job(method: Option<Method>, bytes: u64, held: u64) -> CountJob {
        CountJob {
            method,
            threads: Some(1),
            max_memory: Some(MemoryLimit {
                bytes,
                named: "--max-memory".into(),
                spelling: Spelling::Flags,
                held,
                whole_process: false,
            }),
            ..CountJob::new(BoardSize::new(18).unwrap())
        }
    }

    fn refused(job: CountJob) -> MemoryRefusal {
        match job.method_on_cpu() {
            Err(CountError::Memory(refusal)) => refusal,
            other => panic!("not refused for its memory: {other:?}"),
        }
    }

    /// n = 18 joins in about 13 MiB on one thread and backtracks in 1.4:
    /// `auto` takes the join where it fits and backtracking where only
    /// that does, with what the process holds counted against the limit.
    #[test]
    fn auto_counts_by_backtracking_where_only_that_fits() {
        let method = |bytes, held| job(None, bytes, held).method_on_cpu().unwrap();
        assert_eq!(method(1 << 30, 0), Method::Join);
        assert_eq!(method(4 * MIB, 0), Method::Backtrack);
        assert_eq!(method(20 * MIB, 0), Method::Join);
        assert_eq!(method(20 * MIB, 10 * MIB), Method::Backtrack);
        let neither = refused(job(None, 4 * MIB, 3 * MIB));
        assert!(neither.auto && neither.backtrack.is_some(), "{neither:?}");
        let said = neither.to_string();
        assert!(said.starts_with("count 18 needs about "), "{said}");
        assert!(
            said.contains(" (--max-memory): give it --max-memory "),
            "{said}"
        );
        assert!(
            said.ends_with("M to count by backtracking (slower)"),
            "{said}"
        );
    }

    /// A join named is refused, never changed, with backtracking as a way
    /// out: in the limit given where it fits, with its own where not.
    #[test]
    fn a_join_named_is_refused_with_backtracking_as_a_way_out() {
        let fits = refused(job(Some(Method::Join), 4 * MIB, 0)).to_string();
        assert!(
            fits.starts_with("count 18 --method join needs about "),
            "{fits}"
        );
        assert!(fits.ends_with(", or count by backtracking (--method backtrack, slower)"));
        let not = refused(job(Some(Method::Join), MIB, 0)).to_string();
        assert!(not.ends_with("M, slower)") && not.contains("(--method backtrack --max-memory "));
        let backtrack = refused(job(Some(Method::Backtrack), MIB, MIB));
        assert_eq!(backtrack.backtrack, None);
        let advised = backtrack.advised_mib(backtrack.needed);
        assert!(job(Some(Method::Backtrack), advised * MIB, MIB)
            .method_on_cpu()
            .is_ok());
    }

    /// Each surface's advice is spelled as its user asks: flags, keyword
    /// arguments, or, where the memory is the server's, the method alone.
    #[test]
    fn the_ways_out_are_spelled_as_each_surface_asks() {
        let spelled = |spelling| {
            let mut job = job(Some(Method::Join), 4 * MIB, 0);
            job.max_memory = job.max_memory.map(|limit| MemoryLimit {
                named: "the limit".into(),
                ..limit.spelled(spelling)
            });
            refused(job).to_string()
        };
        let flags = spelled(Spelling::Flags);
        assert!(flags.starts_with("count 18 --method join needs"), "{flags}");
        assert!(flags.contains(": give it --max-memory "), "{flags}");
        assert!(flags.ends_with(", or count by backtracking (--method backtrack, slower)"));
        let keywords = spelled(Spelling::Keywords);
        assert!(keywords.starts_with("count(18, method=\"join\") needs"));
        assert!(keywords.contains(": give it max_memory="), "{keywords}");
        assert!(keywords.contains(" * 2**20, or count by "), "{keywords}");
        assert!(
            keywords.ends_with("(method=\"backtrack\", slower)"),
            "{keywords}"
        );
        let query = spelled(Spelling::Query);
        assert!(
            query.starts_with("count 18 with method=join needs"),
            "{query}"
        );
        assert!(
            query.ends_with("(the limit): count by backtracking (method=backtrack, slower)"),
            "{query}"
        );
        for said in [keywords, query] {
            assert!(!said.contains("--m") && !said.contains("--t"), "{said}");
        }
        let mut nothing = job(Some(Method::Backtrack), MIB, MIB);
        nothing.max_memory = nothing.max_memory.map(|l| l.spelled(Spelling::Query));
        let said = refused(nothing).to_string();
        assert!(said.ends_with("more than 1.0 MiB (--max-memory)"), "{said}");
    }
}
