//! The counting kernels: each runs one unit's search under its rules and
//! returns the unit's [`Tally`]. They differ only in speed, and are
//! checked against the scalar kernel unit by unit.
//!
//! Which kernel runs is one value, [`Kernel`], chosen once per process as
//! the fastest this CPU runs ([`Kernel::best`]) unless the caller names
//! one ([`Kernel::from_name`]; the command line reads `NQUEENS_KERNEL`).

#[cfg(target_arch = "x86_64")]
mod avx512;
pub(crate) mod scalar;
#[cfg(test)]
mod tests;

use super::rules::Rules;
use super::Tally;
use crate::KernelError;
use std::sync::OnceLock;

/// A counting kernel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kernel {
    /// The portable bitmask search, one node at a time.
    Scalar,
    /// 16 searches at once in the lanes of AVX-512F registers (x86-64).
    Avx512,
}

impl Kernel {
    /// Every kernel, the reference first.
    pub const ALL: [Kernel; 2] = [Kernel::Scalar, Kernel::Avx512];

    /// The kernel's name: `scalar` or `avx512`.
    pub fn name(self) -> &'static str {
        match self {
            Kernel::Scalar => "scalar",
            Kernel::Avx512 => "avx512",
        }
    }

    /// Whether this CPU has the kernel's instructions.
    pub fn is_available(self) -> bool {
        match self {
            Kernel::Scalar => true,
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx512 => avx512::available(),
            #[cfg(not(target_arch = "x86_64"))]
            Kernel::Avx512 => false,
        }
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
            // Listed slowest first.
            Kernel::ALL
                .into_iter()
                .rev()
                .find(|kernel| kernel.is_available())
                .unwrap_or(Kernel::Scalar)
        })
    }

    /// The kernel named `auto` (the best), `scalar` or `avx512`; a kernel
    /// this CPU cannot run is an error, not a silent fallback.
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
        match self.is_available() {
            true => Ok(self),
            false => Err(KernelError::Unavailable(self.name())),
        }
    }

    /// The working memory the kernel keeps on each thread, in bytes.
    pub fn scratch_bytes(self) -> u64 {
        match self {
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx512 => avx512::SCRATCH_BYTES,
            // The search's stack of pending rows.
            _ => (crate::MAX_N * 32) as u64,
        }
    }

    /// Runs the unit below `prefix` under `rules`.
    pub(crate) fn tally(self, rules: &Rules, prefix: &[u8]) -> Tally {
        match self {
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx512 => avx512::tally(rules, prefix),
            _ => scalar::tally(rules, prefix, &mut ()),
        }
    }
}

impl std::fmt::Display for Kernel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
