//! `nqueens man`: the manual as roff, made by clap_mangen from the same
//! definitions that parse the arguments. One document of pages, as
//! clap_mangen cuts them: nqueens(1), whose SUBCOMMANDS section names
//! nqueens-solve(1) and the others, then each of those pages in turn.
//! `man -l -` and groff show them one after another.

use crate::args::Cli;
use clap::CommandFactory;
use clap_mangen::Man;
use std::io::{self, Write};

pub fn run(out: &mut dyn Write) -> io::Result<()> {
    // `help` is a subcommand for the shell, not a page of the manual.
    let mut command = Cli::command().disable_help_subcommand(true);
    // Built, the subcommands are named as the pages are: nqueens-solve.
    command.build();
    Man::new(command.clone()).render(out)?;
    for sub in command.get_subcommands().filter(|sub| !sub.is_hide_set()) {
        Man::new(sub.clone()).render(out)?;
    }
    Ok(())
}
