//! The memory a count may take (by default half the machine's, for every
//! surface alike), the method it runs by where its memory is bounded,
//! and its refusal where nothing fits: data, with every way out as a
//! value ([`WayOut`]), which each surface words in its own syntax
//! ([`super::RefusalWords`]).

use super::{machine_bytes, peak_bytes};
use crate::count::{Driver, Kernel, Method};
use crate::{BoardSize, PlanError};

/// Where a memory limit comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LimitSource {
    /// The user gave it.
    Given,
    /// Half this machine's memory: every count's default.
    HalfMachine,
}

/// The most memory a count's whole process may take.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MemoryLimit {
    /// Bytes.
    pub bytes: u64,
    /// Where the limit comes from.
    pub source: LimitSource,
    /// What the process already holds, counted against `bytes`: its peak
    /// so far, read when the count is resolved and again once a device's
    /// driver is loaded.
    pub held: u64,
}

impl MemoryLimit {
    /// `bytes` as given, or the default: half this machine's memory;
    /// none where neither is known.
    pub fn given_or_default(bytes: Option<u64>) -> Option<MemoryLimit> {
        let (bytes, source) = match bytes {
            Some(bytes) => (bytes, LimitSource::Given),
            None => (machine_bytes()? / 2, LimitSource::HalfMachine),
        };
        let limit = MemoryLimit {
            bytes,
            source,
            held: 0,
        };
        Some(limit.now())
    }

    /// The default limit of every count: half this machine's memory.
    pub fn half_machine() -> Option<MemoryLimit> {
        MemoryLimit::given_or_default(None)
    }

    /// The limit with what the process holds now.
    pub(super) fn now(self) -> MemoryLimit {
        MemoryLimit {
            held: peak_bytes().unwrap_or(self.held),
            ..self
        }
    }

    /// What is left to the count.
    pub(super) fn room(&self) -> u64 {
        self.bytes.saturating_sub(self.held)
    }
}

/// What a count's memory is reckoned on: its board, kernel and threads.
#[derive(Debug, Clone, Copy)]
pub(super) struct Reckoning {
    pub size: BoardSize,
    pub kernel: Kernel,
    pub threads: usize,
}

impl Reckoning {
    /// A driver that reckons this count's memory within `room`; it
    /// starts no thread.
    fn driver(&self, threads: usize, room: u64) -> Driver {
        Driver::new()
            .kernel(self.kernel)
            .expect("a resolved kernel runs here")
            .reckoning(threads)
            .max_memory(room)
    }

    /// The method `method` (the one rule's), where `limit` allows it;
    /// where `auto` chose it and it does not fit, its low-memory
    /// alternative where that does. A refusal names every way out.
    pub(super) fn fitting(
        &self,
        method: Method,
        auto: bool,
        limit: Option<&MemoryLimit>,
    ) -> Result<Method, FitError> {
        let Some(limit) = limit else {
            return Ok(method);
        };
        let Some(mut refusal) = self.refusal(method, auto, limit)? else {
            return Ok(method);
        };
        if let Some(other) = method.low_memory_alternative() {
            let fits = self.refusal(other, false, limit)?.is_none();
            if fits && auto {
                return Ok(other);
            }
            let driver = self.driver(self.threads, limit.room());
            refusal.alternative = Some((other, driver.memory_bytes(self.size, other)?));
        }
        Err(FitError::Refused(refusal))
    }

    /// Why a count by `method` does not fit `limit`, if it does not.
    fn refusal(
        &self,
        method: Method,
        auto: bool,
        limit: &MemoryLimit,
    ) -> Result<Option<MemoryRefusal>, PlanError> {
        let room = limit.room();
        let needed = self
            .driver(self.threads, room)
            .memory_bytes(self.size, method)?;
        if needed <= room {
            return Ok(None);
        }
        let one = self.driver(1, room).memory_bytes(self.size, method)?;
        Ok(Some(MemoryRefusal {
            n: self.size.get(),
            method,
            auto,
            needed,
            held: limit.held,
            limit: limit.bytes,
            source: limit.source,
            threads: self.threads,
            one_thread_fits: self.threads > 1 && one <= room,
            alternative: None,
        }))
    }
}

/// Why a method was not fitted to the memory.
#[derive(Debug)]
pub(super) enum FitError {
    Refused(MemoryRefusal),
    Plan(PlanError),
}

impl From<PlanError> for FitError {
    fn from(err: PlanError) -> FitError {
        FitError::Plan(err)
    }
}

/// A count that would take more memory than it may, and the ways to run
/// it that fit: a larger limit, one thread, or the method's low-memory
/// alternative.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MemoryRefusal {
    /// The board size.
    pub n: usize,
    /// The method refused.
    pub method: Method,
    /// Whether `auto` chose it (and its alternative does not fit either).
    pub auto: bool,
    /// Bytes the count needs.
    pub needed: u64,
    /// Bytes the process already held, counted against the limit.
    pub held: u64,
    /// Bytes it may take, the process's own included.
    pub limit: u64,
    /// Where the limit comes from.
    pub source: LimitSource,
    /// The threads it would run on.
    pub threads: usize,
    /// Whether it would fit on one thread.
    pub one_thread_fits: bool,
    /// The method's low-memory alternative, and the bytes it needs.
    pub alternative: Option<(Method, u64)>,
}

/// A way to run a refused count that fits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WayOut {
    /// A larger limit, in MiB.
    MoreMemory(u64),
    /// One thread.
    OneThread,
    /// Another method: named, or (where `auto` chose) left to `auto`,
    /// which takes it under a limit it fits in; with the limit in MiB it
    /// needs where the one given is short.
    Method {
        /// The method.
        method: Method,
        /// Whether the user names it (not where `auto` takes it).
        named: bool,
        /// The limit it needs, in MiB, where the one given is short.
        memory_mib: Option<u64>,
    },
}

/// The `--max-memory` that runs a count needing `needed` bytes in a
/// process that holds `held` before it, in MiB: the process's own memory
/// with an eighth more (it varies a little from run to run), the count's,
/// rounded up.
pub fn advised_mib(held: u64, needed: u64) -> u64 {
    (held + held / 8 + needed).div_ceil(1 << 20)
}

impl MemoryRefusal {
    /// The limit that runs a count needing `needed` bytes, in MiB.
    pub fn advised_mib(&self, needed: u64) -> u64 {
        advised_mib(self.held, needed)
    }

    /// Every way to run the count that fits.
    pub fn ways_out(&self) -> Vec<WayOut> {
        let mut ways = vec![WayOut::MoreMemory(self.advised_mib(self.needed))];
        if self.one_thread_fits {
            ways.push(WayOut::OneThread);
        }
        if let Some((method, bytes)) = self.alternative {
            let fits = self.held + bytes <= self.limit;
            ways.push(WayOut::Method {
                method,
                named: !self.auto,
                memory_mib: (self.auto || !fits).then(|| self.advised_mib(bytes)),
            });
        }
        ways
    }
}
