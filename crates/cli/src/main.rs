//! The `nqueens` command-line tool: parse the arguments, run one subcommand,
//! turn the outcome into an exit code.

mod args;
mod cmd;
mod device;
mod estimate;
mod memory;
mod progress;
mod stdout;

use std::io::{self, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    // Before any thread starts: the environment is changed.
    nqueens_gpu::quiet_graphics_stack();
    let command = match args::parse() {
        Ok(command) => command,
        // Help and version go to stdout with status 0; usage errors to
        // stderr with status 2.
        Err(usage) => return args::report(&usage),
    };
    match cmd::run(command) {
        Ok(status) => ExitCode::from(status),
        // The reader went away (`| head`): there is nobody left to tell.
        Err(err) if err.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(err) => {
            // Not `eprintln!`, which panics when stderr cannot be written:
            // the status already says that something went wrong.
            let _ = writeln!(io::stderr().lock(), "nqueens: error: {err}");
            ExitCode::FAILURE
        }
    }
}
