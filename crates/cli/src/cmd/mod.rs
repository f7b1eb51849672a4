//! One module per subcommand.

mod compare;
mod count;
mod serve;
mod solve;
mod trace;

use crate::args::Run;
use std::io;

/// Runs a validated command, writing to stdout.
pub fn run(command: Run) -> io::Result<()> {
    let stdout = io::stdout();
    let mut out = io::BufWriter::with_capacity(1 << 16, stdout.lock());
    match command {
        Run::Solve(request) => solve::run(&request, &mut out)?,
        Run::Count(request) => count::run(&request, &mut out)?,
        Run::Trace(request) => trace::run(&request, &mut out)?,
        Run::Compare(request) => compare::run(&request, &mut out)?,
        Run::Serve(request) => serve::run(&request, &mut out)?,
    }
    io::Write::flush(&mut out)
}
