//! The counting kernels: the inner loops of every method, each in a
//! portable version and, where the CPU has them, in wider instructions.
//! They differ only in speed, and are checked against the portable ones
//! and a naive reference by one conformance macro (tests.rs).
//!
//! Which kernel runs is one value, [`Kernel`], chosen once per process as
//! the fastest this CPU runs ([`Kernel::best`]) unless the caller names
//! one ([`Kernel::from_name`]; the command line reads `NQUEENS_KERNEL`).
//! Every step of every method dispatches on that one value: a kernel
//! names exactly the CPU features it needs, and one the CPU lacks is
//! refused, never replaced in silence.

#[cfg(target_arch = "x86_64")]
mod avx512;
pub(crate) mod pairs;
pub(crate) mod scalar;
#[cfg(test)]
mod tests;

use super::rules::Rules;
use super::Tally;
use crate::KernelError;
use pairs::{Bounds, Halves, Leaf};
use std::sync::OnceLock;

/// A counting kernel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Kernel {
    /// The portable code, one node and one pair at a time.
    Scalar,
    /// The search 16 nodes at once and the join's filters 8 signatures at
    /// once in AVX-512F registers; the join's pair count portable (it
    /// needs a 64-bit popcount that AVX-512F lacks). For CPUs with
    /// AVX-512F alone (Skylake-SP, Cascade Lake).
    Avx512F,
    /// [`Kernel::Avx512F`] with the pair count in registers too: AVX-512F,
    /// VPOPCNTDQ and BMI2 (Ice Lake, Sapphire Rapids, Zen 4 and later).
    Avx512,
}

impl Kernel {
    /// Every kernel, the reference first and the fastest last.
    pub const ALL: [Kernel; 3] = [Kernel::Scalar, Kernel::Avx512F, Kernel::Avx512];

    /// The kernel's name: `scalar`, `avx512f` or `avx512`.
    pub fn name(self) -> &'static str {
        match self {
            Kernel::Scalar => "scalar",
            Kernel::Avx512F => "avx512f",
            Kernel::Avx512 => "avx512",
        }
    }

    /// The CPU features the kernel needs, as `is_x86_feature_detected!`
    /// names them.
    pub fn features(self) -> &'static [&'static str] {
        match self {
            Kernel::Scalar => &[],
            Kernel::Avx512F => &["avx512f", "popcnt"],
            Kernel::Avx512 => &["avx512f", "avx512vpopcntdq", "bmi2", "popcnt"],
        }
    }

    /// Whether this CPU has the kernel's instructions.
    pub fn is_available(self) -> bool {
        self.runs_on(&cpu_has)
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
            (Kernel::ALL.into_iter().rev())
                .find(|kernel| kernel.is_available())
                .unwrap_or(Kernel::Scalar)
        })
    }

    /// The kernel named `auto` (the best), `scalar`, `avx512f` or
    /// `avx512`; a kernel this CPU cannot run is an error, not a silent
    /// fallback.
    ///
    /// ```
    /// use nqueens::count::Kernel;
    /// assert_eq!(Kernel::from_name("scalar"), Ok(Kernel::Scalar));
    /// assert_eq!(Kernel::from_name("auto"), Ok(Kernel::best()));
    /// assert!(Kernel::from_name("gpu").is_err());
    /// ```
    pub fn from_name(name: &str) -> Result<Kernel, KernelError> {
        if name == "auto" {
            return Ok(Kernel::best());
        }
        let kernel = Kernel::ALL
            .into_iter()
            .find(|kernel| kernel.name() == name)
            .ok_or_else(|| KernelError::Unknown(name.into()))?;
        kernel.require()
    }

    /// The kernel itself when this CPU runs it.
    pub fn require(self) -> Result<Kernel, KernelError> {
        self.require_on(&cpu_has)
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
        match self {
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx512F | Kernel::Avx512 => avx512::SCRATCH_BYTES,
            // The search's stack of pending rows.
            _ => (crate::MAX_N * 32) as u64,
        }
    }

    /// Runs the unit below `prefix` under `rules`, in one thread's
    /// `scratch`.
    pub(crate) fn tally(self, rules: &Rules, prefix: &[u8], scratch: &mut Scratch) -> Tally {
        match self {
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx512F | Kernel::Avx512 => {
                let levels = scratch.levels.get_or_insert_with(avx512::Levels::new);
                avx512::tally(rules, prefix, levels)
            }
            _ => scalar::tally(rules, prefix, &mut ()),
        }
    }

    /// Appends the signature of every half board `halves` joins.
    pub(crate) fn append_halves(self, halves: &Halves, out: &mut Vec<u64>) {
        match self {
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx512F | Kernel::Avx512 => pairs::avx512::append_halves(halves, out),
            _ => pairs::scalar::append_halves(halves, out),
        }
    }

    /// The signatures of `list` with no bit of `bits`, in order, and
    /// their bounds, written to `out` (which must hold `list.len() +
    /// SLACK` u64s).
    pub(crate) fn keep_without<'o>(
        self,
        bits: u64,
        list: &[u64],
        out: &'o mut [u64],
    ) -> (&'o [u64], Bounds) {
        match self {
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx512F | Kernel::Avx512 => pairs::avx512::keep_without(bits, list, out),
            _ => pairs::scalar::keep_without(bits, list, out),
        }
    }

    /// `list` split by `bit`: the signatures without it and those with
    /// it, each in order with its bounds, written to `out` (which must
    /// hold `2 * (list.len() + SLACK)` u64s).
    pub(crate) fn split<'o>(
        self,
        bit: u64,
        list: &[u64],
        out: &'o mut [u64],
    ) -> [(&'o [u64], Bounds); 2] {
        match self {
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx512F | Kernel::Avx512 => pairs::avx512::split(bit, list, out),
            _ => pairs::scalar::split(bit, list, out),
        }
    }

    /// Turns `signatures` (at most [`pairs::LANES`], with these bounds)
    /// into `leaf`.
    pub(crate) fn fill_leaf(self, leaf: &mut Leaf, signatures: &[u64], bounds: Bounds) {
        match self {
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx512F => pairs::avx512::fill_leaf(leaf, signatures, bounds, false),
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx512 => pairs::avx512::fill_leaf(leaf, signatures, bounds, true),
            _ => pairs::scalar::fill_leaf(leaf, signatures, bounds),
        }
    }

    /// The pairs of a signature of `leaf` and one of `others` with no bit
    /// in common.
    pub(crate) fn leaf_pairs(self, leaf: &Leaf, others: &[u64]) -> u64 {
        match self {
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx512 => pairs::avx512::leaf_pairs(leaf, others),
            _ => pairs::scalar::leaf_pairs(leaf, others),
        }
    }
}

/// Whether this CPU has `feature`, one of those [`Kernel::features`]
/// names.
fn cpu_has(feature: &str) -> bool {
    #[cfg(target_arch = "x86_64")]
    match feature {
        "avx512f" => return std::is_x86_feature_detected!("avx512f"),
        "avx512vpopcntdq" => return std::is_x86_feature_detected!("avx512vpopcntdq"),
        "bmi2" => return std::is_x86_feature_detected!("bmi2"),
        "popcnt" => return std::is_x86_feature_detected!("popcnt"),
        _ => {}
    }
    let _ = feature;
    false
}

/// What a kernel keeps on one thread between units: owned by the job
/// that runs them, and freed with it.
#[derive(Default)]
pub(crate) struct Scratch {
    #[cfg(target_arch = "x86_64")]
    levels: Option<Box<avx512::Levels>>,
}

impl std::fmt::Display for Kernel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
