//! The `nqueens` command-line tool: parse the arguments, run one subcommand,
//! turn the outcome into an exit code.

mod args;
mod built;
mod cmd;
mod device;
mod error;
mod estimate;
mod memory;
mod progress;
mod stdout;

use std::io::{self, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    // Before any thread starts: the environment is changed.
    quiet_graphics_stack();
    let_writes_over_the_size_limit_fail();
    let command = match args::parse() {
        Ok(command) => command,
        // Help and version go to stdout with status 0; usage errors to
        // stderr with status 2.
        Err(usage) => return args::report(&usage),
    };
    match cmd::run(command) {
        Ok(status) => ExitCode::from(status.exit_code()),
        Err(err) => {
            // Not `eprintln!`, which panics when stderr cannot be written:
            // the status already says that something went wrong.
            if err.is_told() {
                let _ = writeln!(io::stderr().lock(), "nqueens: error: {err}");
            }
            ExitCode::from(err.exit_code())
        }
    }
}

/// Keeps the graphics stack from writing to stderr. Mesa's Vulkan
/// device-select layer, which only orders GPUs for a display, connects to
/// a Wayland display to do so and complains when there is none
/// (`XDG_RUNTIME_DIR is invalid`); a count needs no display, so the
/// layer is turned off unless the user set `NODEVICE_SELECT` themselves.
/// The program's own setting, made before any thread starts (a library
/// never changes the environment).
fn quiet_graphics_stack() {
    if std::env::var_os("NODEVICE_SELECT").is_none() {
        std::env::set_var("NODEVICE_SELECT", "1");
    }
}

/// A write past the file size limit (`ulimit -f`) kills the process with
/// SIGXFSZ by default, before any fallback can run: a shard's record would
/// be lost with its hours of counting. Ignored, the write fails with EFBIG
/// like any full disk, and the record comes on standard output instead.
fn let_writes_over_the_size_limit_fail() {
    // SAFETY: `signal` with SIG_IGN installs no handler of ours, only the
    // kernel's "ignore" disposition; it is called before any thread starts,
    // and SIGXFSZ is a valid signal number on every Unix.
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
    }
}
