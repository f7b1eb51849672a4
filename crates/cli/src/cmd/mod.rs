//! One module per subcommand.

mod compare;
mod complete;
mod count;
mod huge;
mod input;
mod serve;
mod solve;
mod trace;
mod verify;
mod verify_answer;

use crate::args::Run;
use std::io;

/// Runs a validated command, writing to stdout; the exit status (0 for
/// success, 1 for a negative answer such as an invalid board, 2 for input
/// that cannot be read, 3 for a search out of time).
pub fn run(command: Run) -> io::Result<u8> {
    let stdout = io::stdout();
    let mut out = io::BufWriter::with_capacity(1 << 16, stdout.lock());
    let status = match command {
        Run::Solve(request) => solve::run(&request, &mut out).map(|()| 0)?,
        Run::Count(request) => count::run(&request, &mut out).map(|()| 0)?,
        Run::Trace(request) => trace::run(&request, &mut out).map(|()| 0)?,
        Run::Compare(request) => compare::run(&request, &mut out).map(|()| 0)?,
        Run::Serve(request) => serve::run(&request, &mut out).map(|()| 0)?,
        Run::Verify(request) => verify::run(&request, &mut out)?,
        Run::Complete(request) => complete::run(&request, &mut out)?,
        Run::Huge(request) => huge::run(&request, &mut out)?,
    };
    io::Write::flush(&mut out)?;
    Ok(status)
}
