//! The counting kernels: the inner loops of every method, each *tier* in
//! a folder of its own — the portable code (`scalar`), and where the CPU
//! has them, wider instructions (`avx2`, `avx512f`, `avx512`). They differ
//! only in speed, and one conformance test checks every tier against the
//! portable code and a naive reference (tests.rs).
//!
//! A tier is one table of functions ([`Tier`]); a [`Kernel`] is a handle
//! on one, chosen once per process as the fastest this CPU runs
//! ([`Kernel::best`]) unless the caller names one ([`Kernel::from_name`];
//! the command line reads `NQUEENS_KERNEL`). Every step of every method
//! calls through that one table: a new tier is a folder and a line in
//! [`Kernel::ALL`]. A kernel names exactly the CPU features it needs, and
//! one the CPU lacks is refused, never replaced in silence.

#[cfg(target_arch = "x86_64")]
mod avx2;
#[cfg(target_arch = "x86_64")]
mod avx512;
#[cfg(target_arch = "x86_64")]
mod avx512f;
mod cpu;
pub(crate) mod pairs;
pub(crate) mod scalar;

#[cfg(test)]
mod tests;
mod tier;
#[cfg(target_arch = "x86_64")]
mod wide;

pub use cpu::HIDE_FEATURES_VAR;
pub(crate) use tier::{BitCounts, Tier};

use super::rules::Rules;
use super::Tally;
use crate::Named;
use pairs::{Halves, Leaf};
use std::any::Any;
use std::sync::OnceLock;

/// A counting kernel: a handle on one tier's table of functions.
#[derive(Clone, Copy)]
pub struct Kernel(&'static Tier);

impl Kernel {
    /// The portable code, one node and one pair at a time: the reference.
    pub const SCALAR: Kernel = Kernel(&scalar::TIER);
    /// x86-64-v3 (AVX2, BMI2, POPCNT, LZCNT: Haswell, Zen 1–3): the search
    /// 8 nodes at once, the join 4 signatures an instruction.
    #[cfg(target_arch = "x86_64")]
    pub const AVX2: Kernel = Kernel(&avx2::TIER);
    /// AVX-512F and BW (Skylake-SP, Cascade Lake): the search 16 nodes at
    /// once, the join 8 signatures an instruction.
    #[cfg(target_arch = "x86_64")]
    pub const AVX512F: Kernel = Kernel(&avx512f::TIER);
    /// [`Kernel::AVX512F`] with VPOPCNTDQ, VBMI and GFNI (Ice Lake, Sapphire
    /// Rapids, Zen 4 and later): the pair count and the leaf's transpose
    /// in registers too.
    #[cfg(target_arch = "x86_64")]
    pub const AVX512: Kernel = Kernel(&avx512::TIER);

    /// Every kernel this build has, the reference first and the fastest
    /// last.
    pub const ALL: &'static [Kernel] = &[
        Kernel::SCALAR,
        #[cfg(target_arch = "x86_64")]
        Kernel::AVX2,
        #[cfg(target_arch = "x86_64")]
        Kernel::AVX512F,
        #[cfg(target_arch = "x86_64")]
        Kernel::AVX512,
    ];

    /// The kernel's name: `scalar`, `avx2`, `avx512f` or `avx512`.
    pub fn name(self) -> &'static str {
        self.0.name
    }

    /// The CPU features the kernel needs, as `is_x86_feature_detected!`
    /// names them.
    pub fn features(self) -> &'static [&'static str] {
        self.0.features
    }

    /// Whether this CPU has the kernel's instructions (less any that
    /// [`HIDE_FEATURES_VAR`] hides).
    pub fn is_available(self) -> bool {
        self.runs_on(&cpu::has)
    }

    /// Whether a CPU with the features `has` says it has runs the kernel.
    fn runs_on(self, has: &dyn Fn(&str) -> bool) -> bool {
        self.features().iter().all(|feature| has(feature))
    }

    /// The fastest kernel this CPU runs, found once per process.
    ///
    /// ```
    /// use nqueens::count::Kernel;
    /// assert!(Kernel::best().is_available());
    /// ```
    pub fn best() -> Kernel {
        static BEST: OnceLock<Kernel> = OnceLock::new();
        *BEST.get_or_init(|| {
            (Kernel::ALL.iter().rev().copied())
                .find(|kernel| kernel.is_available())
                .unwrap_or(Kernel::SCALAR)
        })
    }

    /// The kernel named `auto` (the best), or one of [`Kernel::ALL`] by
    /// name; a kernel this CPU cannot run is an error, not a silent
    /// fallback.
    ///
    /// ```
    /// use nqueens::count::Kernel;
    /// assert_eq!(Kernel::from_name("scalar"), Ok(Kernel::SCALAR));
    /// assert_eq!(Kernel::from_name("auto"), Ok(Kernel::best()));
    /// assert!(Kernel::from_name("gpu").is_err());
    /// ```
    pub fn from_name(name: &str) -> Result<Kernel, KernelError> {
        if name == "auto" {
            return Ok(Kernel::best());
        }
        let kernel =
            <Kernel as Named>::named(name).ok_or_else(|| KernelError::Unknown(name.into()))?;
        kernel.require()
    }

    /// `auto` and every kernel's name, comma-separated, as errors and
    /// help texts list them.
    pub fn choices() -> String {
        let names = <Kernel as Named>::names();
        std::iter::once("auto")
            .chain(names)
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The kernel itself when this CPU runs it.
    pub fn require(self) -> Result<Kernel, KernelError> {
        self.require_on(&cpu::has)
    }

    /// The kernel itself when a CPU with the features `has` says it has
    /// runs it.
    fn require_on(self, has: &dyn Fn(&str) -> bool) -> Result<Kernel, KernelError> {
        match self.runs_on(has) {
            true => Ok(self),
            false => Err(KernelError::Unavailable {
                kernel: self.name(),
                features: self.features().join(", "),
            }),
        }
    }

    /// The working memory the kernel keeps on each thread, in bytes.
    pub fn scratch_bytes(self) -> u64 {
        self.0.scratch_bytes
    }

    /// Runs the unit below `prefix` under `rules`, in one thread's
    /// `scratch`.
    pub(crate) fn tally(self, rules: &Rules, prefix: &[u8], scratch: &mut Scratch) -> Tally {
        (self.0.tally)(rules, prefix, scratch)
    }

    /// Appends the signature of every half board `halves` joins.
    pub(crate) fn append_halves(self, halves: &Halves, out: &mut Vec<u64>) {
        (self.0.append_halves)(halves, out)
    }

    /// `list` split by `bit`: the signatures without it and those with
    /// it, each in order, written to `out` (which must hold `2 *
    /// (list.len() + SLACK)` u64s).
    pub(crate) fn split<'o>(self, bit: u64, list: &[u64], out: &'o mut [u64]) -> [&'o [u64]; 2] {
        (self.0.split)(bit, list, out)
    }

    /// The signatures of `list` with no bit of `bits`, in order, written
    /// to `out` (which must hold `list.len() + SLACK` u64s).
    pub(crate) fn keep_without<'o>(self, bits: u64, list: &[u64], out: &'o mut [u64]) -> &'o [u64] {
        (self.0.keep_without)(bits, list, out)
    }

    /// How many of a strided sample of `list` take each bit.
    pub(crate) fn bit_counts(self, list: &[u64]) -> BitCounts {
        (self.0.bit_counts)(list)
    }

    /// Turns 64 words of 64 bits on their side: bit i of word b becomes
    /// bit b of word i.
    #[cfg(test)]
    pub(crate) fn transpose(self, words: &mut [u64; 64]) {
        (self.0.transpose)(words)
    }

    /// Turns `signatures` (at most [`pairs::LANES`]) into `leaf`.
    pub(crate) fn fill_leaf(self, leaf: &mut Leaf, signatures: &[u64]) {
        (self.0.fill_leaf)(leaf, signatures)
    }

    /// The pairs of a signature of `leaf` and one of `others` with no bit
    /// in common.
    pub(crate) fn leaf_pairs(self, leaf: &Leaf, others: &[u64]) -> u64 {
        (self.0.leaf_pairs)(leaf, others)
    }
}

impl PartialEq for Kernel {
    fn eq(&self, other: &Kernel) -> bool {
        self.name() == other.name()
    }
}

impl Eq for Kernel {}

impl std::hash::Hash for Kernel {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.name().hash(state)
    }
}

impl std::fmt::Debug for Kernel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Kernel({})", self.name())
    }
}

impl std::fmt::Display for Kernel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// What a kernel keeps on one thread between units (a wide search's
/// buffers): owned by the job that runs them, and freed with it. (Only
/// the x86-64 tiers keep anything.)
#[derive(Default)]
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
pub(crate) struct Scratch {
    kept: Option<Box<dyn Any + Send>>,
}

#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
impl Scratch {
    /// The thread's `T`, made on first use (a thread runs one kernel, so
    /// it is made once).
    pub fn get<T: Default + Send + 'static>(&mut self) -> &mut T {
        if !self.kept.as_ref().is_some_and(|kept| kept.is::<T>()) {
            self.kept = Some(Box::<T>::default());
        }
        let kept = self.kept.as_mut().and_then(|kept| kept.downcast_mut());
        kept.expect("just made")
    }
}

impl Named for Kernel {
    const ALL: &'static [Kernel] = Kernel::ALL;

    fn name(self) -> &'static str {
        Kernel::name(self)
    }
}

/// A counting kernel that cannot be used here.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum KernelError {
    /// No kernel has that name.
    #[error("unknown kernel '{0}': the kernel must be one of {choices}", choices = Kernel::choices())]
    Unknown(String),
    /// The kernel exists, but this CPU lacks its instructions.
    #[error("the {kernel} kernel needs the CPU features {features}, which this machine does not have all of (use auto or scalar)")]
    Unavailable {
        /// The kernel's name.
        kernel: &'static str,
        /// The features it needs, comma-separated.
        features: String,
    },
}
