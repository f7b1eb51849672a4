//! One module per subcommand.

mod audit;
mod compare;
mod complete;
mod count;
mod count_enumerate;
mod devices;
mod estimate;
mod huge;
mod input;
mod long_count;
mod merge;
mod serve;
mod solve;
mod status;
mod trace;
mod verify;
mod verify_answer;

use crate::args::Run;
use crate::stdout;
use nqueens_report::picture::{TooManyPictures, MAX_PICTURES};
use std::io;

/// Runs a validated command, writing to stdout; the exit status (0 for
/// success, 1 for a negative answer such as an invalid board, 2 for input
/// that cannot be read, 3 for a search out of time).
pub fn run(command: Run) -> io::Result<u8> {
    // Refused before the work: its result could not be written.
    let mut out = stdout::open()?;
    let status = match command {
        Run::Solve(request) => solve::run(&request, &mut out)?,
        Run::Count(request) => count::run(&request, &mut out)?,
        Run::Trace(request) => trace::run(&request, &mut out).map(|()| 0)?,
        Run::Compare(request) => compare::run(&request, &mut out).map(|()| 0)?,
        Run::Serve(request) => serve::run(&request, &mut out).map(|()| 0)?,
        Run::Verify(request) => verify::run(&request, &mut out)?,
        Run::Complete(request) => complete::run(&request, &mut out)?,
        Run::Huge(request) => huge::run(&request, &mut out)?,
        Run::Status(request) => status::run(&request, &mut out)?,
        Run::Estimate(request, kernel) => estimate::run(&request, kernel, &mut out)?,
        Run::Merge(request) => merge::run(&request, &mut out)?,
        Run::Audit(request) => audit::run(&request, &mut out)?,
        Run::Devices(request) => devices::run(&request, &mut out).map(|()| 0)?,
    };
    io::Write::flush(&mut out)?;
    Ok(status)
}

/// When `err` is an SVG sheet asked for more boards than it draws (bad
/// input, exit 2), says so on stderr: `what` has more than it draws
/// (more than [`MAX_PICTURES`]), and `fewer` says how to ask for fewer.
fn too_many_pictures(err: &io::Error, what: &str, fewer: &str) -> Option<u8> {
    let inner = err.get_ref()?;
    inner.is::<TooManyPictures>().then(|| {
        input::unreadable(format!(
            "{what}, and --format svg draws at most {MAX_PICTURES} boards: {fewer}"
        ))
    })
}
