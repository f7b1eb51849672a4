//! `nqueens man`: the manual as roff, made by clap_mangen from the same
//! definitions that parse the arguments, with EXIT STATUS and EXAMPLES
//! added to each page (man_examples.rs). One document of pages on
//! standard output: nqueens(1), whose SUBCOMMANDS section names
//! nqueens-solve(1) and the others, then each of those pages in turn (`man
//! -l -` and groff show them one after another); with `--dir DIR`, each
//! page as its own file there (nqueens.1, nqueens-solve.1, ...), so that
//! `man nqueens-solve` finds it.

use super::man_examples::{EXAMPLES, EXIT_STATUS};
use crate::args::{Cli, ManArgs};
use crate::error::CliError;
use clap::{Command, CommandFactory};
use clap_mangen::Man;
use std::io::{self, Write};
use std::path::Path;

pub fn run(request: &ManArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let pages = pages();
    match &request.dir {
        None => {
            for (_, page) in &pages {
                out.write_all(page)?;
            }
        }
        Some(dir) => {
            std::fs::create_dir_all(dir).map_err(|err| {
                CliError::Failed(format!(
                    "could not make the folder {}: {err}",
                    dir.display()
                ))
            })?;
            for (name, page) in &pages {
                write_page(&dir.join(format!("{name}.1")), page)?;
            }
            let mut err = io::stderr().lock();
            let _ = writeln!(
                err,
                "nqueens: wrote {} pages into {}",
                pages.len(),
                dir.display()
            );
        }
    }
    Ok(())
}

/// Each page's name (nqueens, nqueens-solve, ...) and roff.
fn pages() -> Vec<(String, Vec<u8>)> {
    // `help` is a subcommand for the shell, not a page of the manual.
    let mut command = Cli::command().disable_help_subcommand(true);
    // Built, the subcommands are named as the pages are: nqueens-solve.
    command.build();
    let subs = command.get_subcommands().filter(|sub| !sub.is_hide_set());
    let mut pages = vec![("nqueens".to_owned(), page(&command, ""))];
    for sub in subs {
        let name = sub.get_display_name().unwrap_or(sub.get_name());
        pages.push((name.to_owned(), page(sub, sub.get_name())));
    }
    pages
}

/// A page as clap_mangen renders one, with EXIT STATUS and EXAMPLES
/// after its options and subcommands.
fn page(command: &Command, subcommand: &str) -> Vec<u8> {
    let man = Man::new(command.clone());
    let mut roff = Vec::new();
    // Into memory: a Vec takes every write.
    let mut render = || -> io::Result<()> {
        man.render_title(&mut roff)?;
        man.render_name_section(&mut roff)?;
        man.render_synopsis_section(&mut roff)?;
        man.render_description_section(&mut roff)?;
        if command.get_arguments().any(|arg| !arg.is_hide_set()) {
            man.render_options_section(&mut roff)?;
        }
        if command.get_subcommands().any(|sub| !sub.is_hide_set()) {
            man.render_subcommands_section(&mut roff)?;
        }
        section(&mut roff, "EXIT STATUS", EXIT_STATUS)?;
        if let Some((_, examples)) = EXAMPLES.iter().find(|(sub, _)| *sub == subcommand) {
            section(&mut roff, "EXAMPLES", examples)?;
        }
        man.render_version_section(&mut roff)
    };
    render().expect("writes into memory succeed");
    roff
}

/// A section of tagged paragraphs: each term in bold, its words under it.
fn section(roff: &mut Vec<u8>, title: &str, items: &[(&str, &str)]) -> io::Result<()> {
    writeln!(roff, ".SH \"{title}\"")?;
    for (term, words) in items {
        writeln!(roff, ".TP\n\\fB{}\\fR\n{}", escaped(term), escaped(words))?;
    }
    Ok(())
}

/// Text as roff prints it: a backslash escaped, a hyphen a minus sign (so
/// that a copied command works), no line that roff would take as a
/// request.
fn escaped(text: &str) -> String {
    let text = text.replace('\\', "\\e").replace('-', "\\-");
    match text.starts_with(['.', '\'']) {
        true => format!("\\&{text}"),
        false => text,
    }
}

/// `page` into `path`, whole or not at all: written beside it, then
/// renamed over it.
fn write_page(path: &Path, page: &[u8]) -> Result<(), CliError> {
    let failed = |err: io::Error| {
        CliError::Failed(format!(
            "could not write the manual page {}: {err}",
            path.display()
        ))
    };
    let partial = path.with_extension("1.partial");
    let written = std::fs::write(&partial, page).and_then(|()| std::fs::rename(&partial, path));
    written.map_err(|err| {
        // A full disk leaves part of a page: ours, so removed.
        let _ = std::fs::remove_file(&partial);
        failed(err)
    })
}
