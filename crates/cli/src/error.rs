//! How a command ends: the [`Status`] of one that ran to its end, or the
//! [`CliError`] that stopped it, each with its exit code. Usage errors
//! that clap finds (exit 2) are the args module's.

use nqueens::CountError;
use nqueens_report::refusal::{said, Flags};
use std::io;

/// The exit code of a usage error, clap's and ours alike: what was asked
/// cannot be done as asked.
pub const USAGE: u8 = 2;

/// How a command that ran to its end answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Yes: what was asked for is written, every board is valid (exit 0).
    Success,
    /// No, said on the command's output: a board is invalid, a board has
    /// no completion, records do not make one whole count (exit 1).
    No,
}

impl Status {
    /// 0 for yes, 1 for no.
    pub fn exit_code(self) -> u8 {
        match self {
            Status::Success => 0,
            Status::No => 1,
        }
    }

    /// Yes where `yes`, no otherwise.
    pub fn of(yes: bool) -> Status {
        match yes {
            true => Status::Success,
            false => Status::No,
        }
    }
}

/// Why a command stopped, said on stderr after the tool's prefix.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// What was asked cannot be done as asked: input that cannot be read,
    /// a file that is not ours, a checkpoint that cannot be used
    /// (exit 2, as for a usage error).
    #[error("{0}")]
    Refused(String),
    /// The work could not finish: a checkpoint that could no longer be
    /// written, a checkpoint's tally no board has, a record kept elsewhere
    /// than asked, a count stopped with its GPU (exit 1).
    #[error("{0}")]
    Failed(String),
    /// A count refused or stopped, in the engine's words, its ways out
    /// spelled as flags: what cannot be asked together or fit the memory
    /// (exit 2); a GPU asked for that did not open, units kept that add
    /// up to no board's count (exit 1).
    #[error("{}", said(.0, &Flags))]
    Count(CountError),
    /// A search ran out of the time it was given (exit 3).
    #[error("{0}")]
    OutOfTime(String),
    /// Reading or writing failed (exit 1); a reader that went away
    /// (`| head`) is no error (exit 0, nothing said).
    #[error("{0}")]
    Io(#[from] io::Error),
}

impl CliError {
    /// The exit code that says how the command stopped.
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::Refused(_) => USAGE,
            CliError::Count(CountError::Device(_) | CountError::Impossible(_)) => 1,
            CliError::Count(_) => USAGE,
            CliError::Failed(_) => 1,
            CliError::OutOfTime(_) => 3,
            CliError::Io(err) if err.kind() == io::ErrorKind::BrokenPipe => 0,
            CliError::Io(_) => 1,
        }
    }

    /// Whether there is anyone to tell: not when the reader went away.
    pub fn is_told(&self) -> bool {
        !matches!(self, CliError::Io(err) if err.kind() == io::ErrorKind::BrokenPipe)
    }

    /// A refusal, from anything that says why.
    pub fn refused(why: impl std::fmt::Display) -> CliError {
        CliError::Refused(why.to_string())
    }

    /// A failure, from anything that says why.
    pub fn failed(why: impl std::fmt::Display) -> CliError {
        CliError::Failed(why.to_string())
    }
}

/// Boards that could not be written: the output's failure, or a sheet
/// asked for more pictures than it draws (said in the engine's words
/// where the command has none of its own: `cmd::too_many_pictures`).
impl From<nqueens_report::WriteError> for CliError {
    fn from(err: nqueens_report::WriteError) -> CliError {
        match err {
            nqueens_report::WriteError::Io(err) => CliError::Io(err),
            refused => CliError::refused(refused),
        }
    }
}

/// A JSON report that could not be written: its writer's error.
impl From<serde_json::Error> for CliError {
    fn from(err: serde_json::Error) -> CliError {
        CliError::Io(err.into())
    }
}

impl From<CountError> for CliError {
    fn from(why: CountError) -> CliError {
        CliError::Count(why)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_way_to_stop_has_its_exit_code() {
        let cases = [
            (CliError::refused("no"), 2, true),
            (CliError::failed("no"), 1, true),
            (CliError::OutOfTime("late".into()), 3, true),
            (io::Error::other("disk").into(), 1, true),
            (io::Error::from(io::ErrorKind::BrokenPipe).into(), 0, false),
        ];
        for (err, code, told) in cases {
            assert_eq!((err.exit_code(), err.is_told()), (code, told), "{err:?}");
        }
        assert_eq!(
            (Status::Success.exit_code(), Status::No.exit_code()),
            (0, 1)
        );
        let device = nqueens::count::DeviceError { why: "none".into() };
        assert_eq!(CliError::from(CountError::Device(device)).exit_code(), 1);
    }
}
