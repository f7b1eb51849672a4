//! One module per subcommand.

mod compare;
mod complete;
mod count;
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
use std::io;

/// Runs a validated command, writing to stdout; the exit status (0 for
/// success, 1 for a negative answer such as an invalid board, 2 for input
/// that cannot be read, 3 for a search out of time).
pub fn run(command: Run) -> io::Result<u8> {
    // Refused before the work: its result could not be written.
    let mut out = stdout::open()?;
    let status = match command {
        Run::Solve(request) => solve::run(&request, &mut out).map(|()| 0)?,
        Run::Count(request) => count::run(&request, &mut out)?,
        Run::Trace(request) => trace::run(&request, &mut out).map(|()| 0)?,
        Run::Compare(request) => compare::run(&request, &mut out).map(|()| 0)?,
        Run::Serve(request) => serve::run(&request, &mut out).map(|()| 0)?,
        Run::Verify(request) => verify::run(&request, &mut out)?,
        Run::Complete(request) => complete::run(&request, &mut out)?,
        Run::Huge(request) => huge::run(&request, &mut out)?,
        Run::Status(request) => status::run(&request, &mut out)?,
        Run::Estimate(request) => estimate::run(&request, &mut out)?,
        Run::Merge(request) => merge::run(&request, &mut out)?,
        Run::Devices(request) => devices::run(&request, &mut out).map(|()| 0)?,
    };
    io::Write::flush(&mut out)?;
    Ok(status)
}
