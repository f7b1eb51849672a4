//! Usage errors, in one place: clap's errors rewritten so that the first
//! line names the argument, shows the value as it was typed (escaped, and
//! cut when long) and says what is allowed; then help, version and errors
//! printed without panicking when the stream is full or closed.

use super::Cli;
use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::CommandFactory;
use nqueens::MAX_N;
use std::error::Error as _;
use std::ffi::OsString;
use std::io::{self, Write};
use std::process::ExitCode;

/// Values longer than this many characters are cut, so that a huge
/// argument does not flood the terminal.
const SHOWN: usize = 40;

/// Letters and marks that draw nothing at all but that Rust's
/// `escape_debug` lets through (Unicode's default-ignorable ones, less the
/// variation selectors that emoji need).
const INVISIBLE: [char; 10] = [
    '\u{34f}', '\u{115f}', '\u{1160}', '\u{17b4}', '\u{17b5}', '\u{180b}', '\u{180c}', '\u{180d}',
    '\u{3164}', '\u{ffa0}',
];

/// The arguments as strings, or a usage error naming the first one that is
/// not UTF-8 (clap would only say that one of them is not). The program's
/// own name is only shown in usage lines, so it may be anything.
pub fn utf8_args(args: impl Iterator<Item = OsString>) -> Result<Vec<String>, clap::Error> {
    let args: Vec<OsString> = args.collect();
    match args.iter().skip(1).position(|arg| arg.to_str().is_none()) {
        None => Ok(args
            .into_iter()
            .map(|arg| arg.to_string_lossy().into_owned())
            .collect()),
        Some(before) => {
            let index = before + 1;
            let subcommand = args.get(1).and_then(|arg| arg.to_str()).unwrap_or("");
            let message = not_utf8(&args, index, subcommand);
            Err(usage_error(subcommand, ErrorKind::InvalidUtf8, message))
        }
    }
}

/// What to say about argument `index`, which is not UTF-8: which option it
/// is the value of, when it is one.
fn not_utf8(args: &[OsString], index: usize, subcommand: &str) -> String {
    let bytes = args[index].as_encoded_bytes();
    let before = args[index - 1]
        .to_str()
        .and_then(|arg| arg.strip_prefix("--"));
    let (option, value) = match (attached(bytes), before) {
        (Some((name, value)), _) if takes_value(subcommand, name) => (Some(name), value),
        (_, Some(name)) if index > 1 && takes_value(subcommand, name) => (Some(name), bytes),
        _ => (None, bytes),
    };
    let value = quoted_bytes(value);
    match option {
        Some(name) => {
            format!("the value of --{name} (argument {index}) is not valid UTF-8: {value}")
        }
        None => format!("argument {index} is not valid UTF-8: {value}"),
    }
}

/// The option's name and value of `--name=value`.
fn attached(arg: &[u8]) -> Option<(&str, &[u8])> {
    let option = arg.strip_prefix(b"--")?;
    let equals = option.iter().position(|&byte| byte == b'=')?;
    let name = std::str::from_utf8(&option[..equals]).ok()?;
    Some((name, &option[equals + 1..]))
}

/// Whether `--long` is an option of the subcommand that takes a value.
fn takes_value(subcommand: &str, long: &str) -> bool {
    let command = Cli::command();
    let Some(sub) = command.find_subcommand(subcommand) else {
        return false;
    };
    // Kept in a local: the arguments borrow `command`, which must outlive
    // the search.
    let found = sub
        .get_arguments()
        .any(|arg| arg.get_long() == Some(long) && arg.get_action().takes_values());
    found
}

/// Rewrites clap's error: values shown escaped and cut, the allowed values
/// on the first line, a missing board size explained.
pub fn reword(err: clap::Error, args: &[String]) -> clap::Error {
    let subcommand = args.get(1).map_or("", String::as_str);
    match err.kind() {
        ErrorKind::ValueValidation | ErrorKind::InvalidValue => match invalid_value(&err) {
            Some(message) => usage_error(subcommand, err.kind(), message),
            None => escape_context(err),
        },
        ErrorKind::MissingRequiredArgument if missing_size(&err) => usage_error(
            subcommand,
            ErrorKind::MissingRequiredArgument,
            format!("missing board size N: give {}", sizes_of(subcommand)),
        ),
        ErrorKind::MissingRequiredArgument => match missing_choice(&err, subcommand) {
            Some(message) => usage_error(subcommand, err.kind(), message),
            None => escape_context(err),
        },
        _ => escape_context(err),
    }
}

/// The one line for a value that was refused: the value as typed, the
/// argument, and why (the parser's message, or the values allowed).
fn invalid_value(err: &clap::Error) -> Option<String> {
    let arg = context_string(err, ContextKind::InvalidArg)?;
    let value = context_string(err, ContextKind::InvalidValue)?;
    let why = match (err.source(), err.get(ContextKind::ValidValue)) {
        (Some(source), _) => source.to_string(),
        (None, Some(ContextValue::Strings(valid))) if !valid.is_empty() => {
            format!("must be one of {}", valid.join(", "))
        }
        _ => return None,
    };
    Some(
        if value.is_empty() && err.kind() == ErrorKind::InvalidValue {
            format!("a value is required for '{arg}': {why}")
        } else {
            format!("invalid value {} for '{arg}': {why}", quoted(value))
        },
    )
}

/// The board sizes `subcommand` takes, in words.
fn sizes_of(subcommand: &str) -> String {
    let solvable = |max: usize| format!("0, 1 or an integer from 4 to {max}");
    match subcommand {
        "one" => solvable(nqueens::huge::ONE_MAX_N),
        "random" => solvable(nqueens::huge::RANDOM_MAX_N),
        _ => format!("an integer from 0 to {MAX_N}"),
    }
}

/// Whether clap's error is about the missing board size, whose message
/// says what is missing but not what is allowed.
fn missing_size(err: &clap::Error) -> bool {
    match err.get(ContextKind::InvalidArg) {
        Some(ContextValue::Strings(missing)) => missing.iter().any(|arg| arg == "<N>"),
        _ => false,
    }
}

/// The line for a missing argument that takes one of a few values (the
/// shell of `completions`): its name and the values, which clap leaves out.
fn missing_choice(err: &clap::Error, subcommand: &str) -> Option<String> {
    let Some(ContextValue::Strings(missing)) = err.get(ContextKind::InvalidArg) else {
        return None;
    };
    let mut command = Cli::command();
    command.build();
    let sub = command.find_subcommand(subcommand)?;
    missing.iter().find_map(|shown| {
        let name = shown.trim_start_matches('<').trim_end_matches('>');
        let arg = sub.get_positionals().find(|arg| {
            arg.get_value_names()
                .is_some_and(|names| names.iter().any(|n| n.as_str() == name))
        })?;
        let values: Vec<_> = (arg.get_possible_values().iter())
            .filter(|value| !value.is_hide_set())
            .map(|value| value.get_name().to_owned())
            .collect();
        (!values.is_empty()).then(|| format!("missing {name}: give one of {}", values.join(", ")))
    })
}

/// A piece of string context, when the error has it.
fn context_string(err: &clap::Error, kind: ContextKind) -> Option<&str> {
    match err.get(kind) {
        Some(ContextValue::String(text)) => Some(text),
        _ => None,
    }
}

/// Any other error that echoes what was typed (an unknown argument or
/// subcommand), with that text escaped and cut wherever clap repeats it.
/// clap puts the quotes around it, so the length is not said.
fn escape_context(mut err: clap::Error) -> clap::Error {
    for kind in [
        ContextKind::InvalidArg,
        ContextKind::InvalidSubcommand,
        ContextKind::InvalidValue,
    ] {
        let Some(typed) = context_string(&err, kind).map(str::to_owned) else {
            continue;
        };
        let shown = shown(&typed);
        if shown == typed {
            continue;
        }
        err.insert(kind, ContextValue::String(shown.clone()));
        if let Some(ContextValue::StyledStrs(tips)) = err.get(ContextKind::Suggested) {
            let tips = tips
                .iter()
                .map(|tip| tip.to_string().replace(&typed, &shown).into())
                .collect();
            err.insert(ContextKind::Suggested, ContextValue::StyledStrs(tips));
        }
    }
    err
}

/// `value` in quotes as it was typed, with what would not show escaped,
/// cut after [`SHOWN`] characters with the full length said after it.
pub fn quoted(value: &str) -> String {
    quote(pieces(value), value.chars().count(), "characters")
}

/// Bytes that are not all UTF-8, quoted like [`quoted`]: the UTF-8 parts
/// as characters, each other byte as `\xff`.
fn quoted_bytes(bytes: &[u8]) -> String {
    let mut pieces = Vec::new();
    for chunk in bytes.utf8_chunks() {
        let first = pieces.is_empty();
        let chars = chunk.valid().chars().enumerate();
        pieces.extend(chars.map(|(i, c)| escaped(c, first && i == 0)));
        pieces.extend(chunk.invalid().iter().map(|byte| format!("\\x{byte:02x}")));
    }
    quote(pieces.into_iter(), bytes.len(), "bytes")
}

/// The pieces of a value of `count` `unit` in quotes, cut when too long.
fn quote(pieces: impl Iterator<Item = String>, count: usize, unit: &str) -> String {
    let shown: String = pieces.take(SHOWN).collect();
    if count > SHOWN {
        format!("'{shown}…' ({count} {unit})")
    } else {
        format!("'{shown}'")
    }
}

/// `value` escaped and cut, without quotes, for messages where clap adds
/// them itself.
fn shown(value: &str) -> String {
    let mut shown: String = pieces(value).take(SHOWN).collect();
    if value.chars().nth(SHOWN).is_some() {
        shown.push('…');
    }
    shown
}

/// The characters of `value`, each as it is shown.
fn pieces(value: &str) -> impl Iterator<Item = String> + '_ {
    value.chars().enumerate().map(|(i, c)| escaped(c, i == 0))
}

/// How one character is shown: as it is when it prints as itself, escaped
/// like Rust's `escape_debug` when it is a control, format, invisible or
/// whitespace character other than the space (it would hide, move the
/// cursor or break the line). Quotes and backslashes stay as they are.
/// A combining mark is escaped only first, where it has nothing to sit on.
fn escaped(c: char, first: bool) -> String {
    if matches!(c, ' ' | '\'' | '"' | '\\') {
        return c.to_string();
    }
    if INVISIBLE.contains(&c) || (c.is_whitespace() && !c.is_ascii_whitespace()) {
        return c.escape_unicode().to_string();
    }
    if first {
        return c.escape_debug().to_string();
    }
    // Not first: `str::escape_debug` leaves a combining mark alone there.
    format!(" {c}").escape_debug().skip(1).collect()
}

/// A usage error (exit status 2) followed by `subcommand`'s usage line, or
/// the tool's when there is no such subcommand.
pub fn usage_error(subcommand: &str, kind: ErrorKind, message: String) -> clap::Error {
    let mut command = Cli::command();
    command.build();
    match command.find_subcommand_mut(subcommand) {
        Some(sub) => sub.error(kind, message),
        None => command.error(kind, message),
    }
}

/// A usage error of the environment, not of the command line (a bad
/// `NQUEENS_KERNEL`): one line, with no command's usage after it.
pub fn environment_error(message: String) -> clap::Error {
    clap::Error::raw(ErrorKind::ValueValidation, format!("{message}\n"))
}

/// Prints help, version or a usage error where clap sends it, and says
/// how to exit: 0 after help and version, 2 after a usage error. Help or
/// version that could not be written (a full or closed stdout) is a
/// failure (1), except into a closed pipe; a usage error stays one (2)
/// whatever became of it.
pub fn report(err: &clap::Error) -> ExitCode {
    if err.use_stderr() {
        // Every error of the tool starts alike: `nqueens: error: …`.
        let _ = write!(io::stderr().lock(), "nqueens: {}", err.render());
        return ExitCode::from(crate::error::USAGE);
    }
    // Help into a stdout closed at the start would be lost, as into a
    // full one (see `crate::stdout`).
    if crate::stdout::closed().is_some() {
        return ExitCode::FAILURE;
    }
    // Flushed here: stdout is line-buffered, and what is left over at exit
    // is flushed with its errors ignored.
    match err.print().and_then(|()| io::stdout().flush()) {
        Err(write) if write.kind() != io::ErrorKind::BrokenPipe => ExitCode::FAILURE,
        _ => ExitCode::SUCCESS,
    }
}
