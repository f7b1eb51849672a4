//! `nqueens completions SHELL`: the shell's completion script, made by
//! clap_complete from the same definitions that parse the arguments, so
//! that it always offers the subcommands and options there are.

use crate::args::Cli;
use clap::{Command, CommandFactory};
use clap_complete::Shell;
use std::io::{self, Write};

pub fn run(shell: Shell, out: &mut dyn Write) -> io::Result<()> {
    // Made whole before it is written: clap_complete panics when a write
    // fails, and a closed or full stdout is an error to report instead.
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut offered(), "nqueens", &mut script);
    out.write_all(&script)
}

/// The command line as this build's help shows it. clap_complete offers
/// hidden subcommands too, so where a build hides those it lacks the
/// feature for, the command is made again without them.
fn offered() -> Command {
    let full = Cli::command();
    if full.get_subcommands().all(|sub| !sub.is_hide_set()) {
        return full;
    }
    let offered = Command::new("nqueens")
        .version(env!("CARGO_PKG_VERSION"))
        .propagate_version(full.is_propagate_version_set())
        .args(full.get_arguments().cloned())
        .subcommands(
            full.get_subcommands()
                .filter(|sub| !sub.is_hide_set())
                .cloned(),
        );
    match full.get_about() {
        Some(about) => offered.about(about.clone()),
        None => offered,
    }
}
