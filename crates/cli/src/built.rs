//! What this build of nqueens has: the cargo features that bring in the
//! heavy dependencies (wgpu for GPUs, the web server, SQLite), none on by
//! default (`full` is every one), and the one refusal of what a lean build lacks. The code that
//! needs a feature is compiled only with it; where it is left out, the
//! command that would run it ends here, naming the feature.

use crate::error::CliError;

/// A cargo feature of nqueens-cli that a build may leave out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Feature {
    /// Counts on a GPU, through wgpu.
    Gpu,
    /// `nqueens serve`: the web server.
    #[cfg_attr(
        feature = "serve",
        allow(
            dead_code,
            reason = "named only where a build without it refuses serve"
        )
    )]
    Serve,
    /// SQLite checkpoints.
    Checkpoints,
}

impl Feature {
    /// Every feature a build may leave out.
    const ALL: [Feature; 3] = [Feature::Gpu, Feature::Serve, Feature::Checkpoints];

    /// Its name in crates/cli/Cargo.toml.
    pub fn name(self) -> &'static str {
        match self {
            Feature::Gpu => "gpu",
            Feature::Serve => "serve",
            Feature::Checkpoints => "checkpoints",
        }
    }

    /// Whether this build has it.
    pub fn is_built(self) -> bool {
        match self {
            Feature::Gpu => cfg!(feature = "gpu"),
            Feature::Serve => cfg!(feature = "serve"),
            Feature::Checkpoints => cfg!(feature = "checkpoints"),
        }
    }
}

/// Nothing where this build has `feature`; otherwise the refusal of
/// `what`, which needs it, with the command that builds it in.
pub fn require(feature: Feature, what: &str) -> Result<(), CliError> {
    match feature.is_built() {
        true => Ok(()),
        false => Err(lacking(feature, what)),
    }
}

/// The refusal of `what`, which needs `feature`, which this build lacks.
/// The advice builds the features this build has and that one (no
/// feature is on by default), from the lockfile's versions.
pub fn lacking(feature: Feature, what: &str) -> CliError {
    let name = feature.name();
    let with: Vec<&str> = (Feature::ALL.into_iter())
        .filter(|other| *other == feature || other.is_built())
        .map(Feature::name)
        .collect();
    CliError::Refused(format!(
        "{what} needs the `{name}` feature, which this nqueens was built without: \
         in the nqueens repository, `cargo install --path crates/cli --locked \
         --features {}` builds it in",
        with.join(",")
    ))
}
