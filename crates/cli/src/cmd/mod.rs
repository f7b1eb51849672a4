//! One module per subcommand. Those that need a feature this build may
//! lack (crate::built) are compiled with it only; without it, the command
//! is refused, naming the feature.

mod audit;
mod checkpoint;
mod compare;
mod complete;
mod completions;
mod count;
mod count_enumerate;
#[cfg(feature = "gpu")]
mod devices;
mod estimate;
mod huge;
mod input;
mod long_count;
mod man;
mod man_examples;
mod merge;
mod schema;
#[cfg(feature = "serve")]
mod serve;
mod solve;
#[cfg(feature = "checkpoints")]
mod status;
mod trace;
mod verify;
mod verify_answer;

use crate::args::Run;
#[cfg(not(all(feature = "gpu", feature = "serve", feature = "checkpoints")))]
use crate::built::{lacking, Feature};
use crate::error::{CliError, Status};
use crate::stdout;
use nqueens_report::picture::MAX_PICTURES;
use nqueens_report::WriteError;
use std::io;

/// Runs a validated command, writing to stdout: how it answered, or why
/// it stopped.
pub fn run(command: Run) -> Result<Status, CliError> {
    // Refused before the work: its result could not be written.
    let mut out = stdout::open()?;
    let ran = match command {
        Run::Solve(request) => solve::run(&request, &mut out),
        Run::Count(request) => count::run(&request, &mut out),
        Run::Trace(request) => success(trace::run(&request, &mut out)),
        Run::Compare(request) => success(compare::run(&request, &mut out)),
        #[cfg(feature = "serve")]
        Run::Serve(request) => success(serve::run(&request, &mut out)),
        #[cfg(not(feature = "serve"))]
        Run::Serve(_) => Err(lacking(Feature::Serve, "nqueens serve")),
        Run::Verify(request) => verify::run(&request, &mut out),
        Run::Complete(request) => complete::run(&request, &mut out),
        Run::Huge(request) => huge::run(&request, &mut out),
        #[cfg(feature = "checkpoints")]
        Run::Status(request) => status::run(&request, &mut out),
        #[cfg(not(feature = "checkpoints"))]
        Run::Status(_) => Err(lacking(Feature::Checkpoints, "nqueens status")),
        Run::Estimate(request, kernel) => estimate::run(&request, kernel, &mut out),
        Run::Merge(request) => merge::run(&request, &mut out),
        #[cfg(feature = "checkpoints")]
        Run::Audit(request) => audit::run(&request, &mut out),
        #[cfg(not(feature = "checkpoints"))]
        Run::Audit(_) => Err(lacking(Feature::Checkpoints, "nqueens audit")),
        #[cfg(feature = "gpu")]
        Run::Devices(request) => success(devices::run(&request, &mut out)),
        #[cfg(not(feature = "gpu"))]
        Run::Devices(_) => Err(lacking(Feature::Gpu, "nqueens devices")),
        Run::Schema(request) => success(schema::run(&request, &mut out)),
        Run::Completions(shell) => success(completions::run(shell, &mut out)),
        Run::Man(request) => success(man::run(&request, &mut out)),
    };
    // What was written before a command stopped (a shard's record kept on
    // stdout when its file could not be written) is output all the same.
    io::Write::flush(&mut out)?;
    ran
}

/// A command that answers nothing but what it writes, ended.
fn success<E: Into<CliError>>(ran: Result<(), E>) -> Result<Status, CliError> {
    ran.map(|()| Status::Success).map_err(Into::into)
}

/// `err`, or where it is an SVG sheet asked for more boards than it draws,
/// that refusal: `what` has more than it draws (more than
/// [`MAX_PICTURES`]), and `fewer` says how to ask for fewer.
fn too_many_pictures(err: WriteError, what: &str, fewer: &str) -> CliError {
    match err {
        WriteError::TooManyPictures(_) => CliError::Refused(format!(
            "{what}, and --format svg draws at most {MAX_PICTURES} boards: {fewer}"
        )),
        WriteError::Io(err) => err.into(),
    }
}
