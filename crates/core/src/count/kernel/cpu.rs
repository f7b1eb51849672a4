//! Which CPU features this machine has, as the kernels see them: what
//! the CPU reports, less any named in [`HIDE_FEATURES_VAR`], so that a
//! machine can be made to look like an older one (the tests run the
//! conformance checks with the best kernel hidden this way, and a user
//! can compare tiers on one machine).

use std::sync::OnceLock;

/// The environment variable that hides CPU features from the kernels:
/// comma-separated names as [`super::Kernel::features`] gives them
/// (`NQUEENS_HIDE_CPU_FEATURES=avx512f` makes a machine with AVX-512 run
/// as one with AVX2 at most). Read once per process.
pub const HIDE_FEATURES_VAR: &str = "NQUEENS_HIDE_CPU_FEATURES";

/// Whether the kernels may use `feature`: the CPU has it, and it is not
/// hidden.
pub(super) fn has(feature: &str) -> bool {
    !hidden().iter().any(|name| name == feature) && cpu_has(feature)
}

/// The features [`HIDE_FEATURES_VAR`] names.
fn hidden() -> &'static [String] {
    static HIDDEN: OnceLock<Vec<String>> = OnceLock::new();
    HIDDEN.get_or_init(|| {
        let names = std::env::var(HIDE_FEATURES_VAR).unwrap_or_default();
        let names = names
            .split(',')
            .map(str::trim)
            .filter(|name| !name.is_empty());
        names.map(String::from).collect()
    })
}

/// Whether this CPU has `feature`, one of those the kernels name.
fn cpu_has(feature: &str) -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        match feature {
            "avx2" => std::is_x86_feature_detected!("avx2"),
            "avx512f" => std::is_x86_feature_detected!("avx512f"),
            "avx512bw" => std::is_x86_feature_detected!("avx512bw"),
            "avx512vbmi" => std::is_x86_feature_detected!("avx512vbmi"),
            "avx512vpopcntdq" => std::is_x86_feature_detected!("avx512vpopcntdq"),
            "gfni" => std::is_x86_feature_detected!("gfni"),
            "bmi1" => std::is_x86_feature_detected!("bmi1"),
            "bmi2" => std::is_x86_feature_detected!("bmi2"),
            "lzcnt" => std::is_x86_feature_detected!("lzcnt"),
            "popcnt" => std::is_x86_feature_detected!("popcnt"),
            "sse4.2" => std::is_x86_feature_detected!("sse4.2"),
            _ => false,
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = feature;
        false
    }
}
