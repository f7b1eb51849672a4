//! `nqueens completions SHELL`: the shell's completion script, made by
//! clap_complete from the same definitions that parse the arguments, so
//! that it always offers the subcommands and options there are.

use crate::args::Cli;
use clap::CommandFactory;
use clap_complete::Shell;
use std::io::{self, Write};

pub fn run(shell: Shell, out: &mut dyn Write) -> io::Result<()> {
    // Made whole before it is written: clap_complete panics when a write
    // fails, and a closed or full stdout is an error to report instead.
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "nqueens", &mut script);
    out.write_all(&script)
}
