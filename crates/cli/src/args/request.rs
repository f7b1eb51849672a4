//! The validated requests: what the user asked for, once every check that
//! clap cannot express has passed.

use super::error::{self, quoted, usage_error};
use super::{Cli, Command, CompareArgs, ServeArgs, Until};
use clap::error::ErrorKind;
use clap::Parser;
use nqueens::count::{Kernel, Method};
use nqueens::{Algorithm, BoardSize, GlyphError, Glyphs, KernelError, Solver};
use nqueens_report::trace;
use nqueens_report::Format;

/// A validated `solve` request.
pub struct Solve {
    pub solver: Solver,
    pub format: Format,
    pub glyphs: Glyphs,
    pub limit: Option<u64>,
    pub stats: bool,
    pub unique: bool,
    /// For the bitmask search; none means one per core.
    pub threads: Option<usize>,
}

/// A validated `count` request.
pub struct Count {
    pub solver: Solver,
    pub json: bool,
    /// The bitmask algorithm counts by a plan of this method; the others
    /// count by enumerating every solution.
    pub method: Option<Method>,
    pub kernel: Kernel,
    pub threads: Option<usize>,
    pub quiet: bool,
    pub stats: bool,
}

/// A validated `trace` request.
pub struct Trace {
    pub solver: Solver,
    pub until: trace::Until,
    pub max_events: Option<u64>,
    pub json: bool,
}

/// What to run, after every check has passed.
pub enum Run {
    Solve(Solve),
    Count(Count),
    Trace(Trace),
    Compare(CompareArgs),
    Serve(ServeArgs),
}

/// Parses `std::env::args_os`, including the checks clap cannot express.
pub fn parse() -> Result<Run, clap::Error> {
    let args = error::utf8_args(std::env::args_os())?;
    let cli = Cli::try_parse_from(&args).map_err(|err| error::reword(err, &args))?;
    match cli.command {
        Command::Solve(a) => Ok(Run::Solve(Solve {
            solver: solver("solve", a.algorithm, a.n)?,
            format: a.format,
            glyphs: Glyphs::new(a.queen, a.empty).map_err(glyph_conflict)?,
            limit: a.limit,
            stats: a.stats,
            unique: a.unique,
            threads: threads("solve", a.algorithm, a.threads)?,
        })),
        Command::Count(a) => Ok(Run::Count(Count {
            solver: solver("count", a.algorithm, a.n)?,
            json: a.json,
            method: (a.algorithm == Algorithm::Bitmask).then_some(match a.no_symmetry {
                true => Method::PlainTree,
                false => Method::Backtrack,
            }),
            kernel: kernel_from_env()?,
            threads: threads("count", a.algorithm, a.threads)?,
            quiet: a.quiet,
            stats: a.stats,
        })),
        Command::Trace(a) => Ok(Run::Trace(Trace {
            solver: solver("trace", a.algorithm, a.n)?,
            until: match a.until {
                Until::First => trace::Until::First,
                Until::All => trace::Until::All,
            },
            max_events: a.max_events,
            json: a.json,
        })),
        Command::Compare(a) => Ok(Run::Compare(a)),
        Command::Serve(a) => Ok(Run::Serve(a)),
    }
}

/// The algorithm on the board, or a usage error when it refuses the size.
fn solver(subcommand: &str, algorithm: Algorithm, size: BoardSize) -> Result<Solver, clap::Error> {
    algorithm
        .on(size)
        .map_err(|err| usage_error(subcommand, ErrorKind::ValueValidation, err.to_string()))
}

/// `--threads` only means something to the bitmask algorithm: refused with
/// the others rather than silently ignored.
fn threads(
    subcommand: &str,
    algorithm: Algorithm,
    threads: Option<usize>,
) -> Result<Option<usize>, clap::Error> {
    match threads {
        Some(_) if algorithm != Algorithm::Bitmask => Err(usage_error(
            subcommand,
            ErrorKind::ArgumentConflict,
            format!(
                "--threads applies to the bitmask algorithm only: {algorithm} runs on one thread"
            ),
        )),
        _ => Ok(threads),
    }
}

/// Two glyphs that cannot draw a board together.
fn glyph_conflict(err: GlyphError) -> clap::Error {
    let message = match err {
        GlyphError::Same(glyph) => format!(
            "--queen and --empty are both {}: the two glyphs must differ",
            quoted(&glyph)
        ),
        other => other.to_string(),
    };
    usage_error("solve", ErrorKind::ArgumentConflict, message)
}

/// The kernel named by NQUEENS_KERNEL (auto when unset).
fn kernel_from_env() -> Result<Kernel, clap::Error> {
    let Some(name) = std::env::var_os("NQUEENS_KERNEL") else {
        return Ok(Kernel::best());
    };
    let fail = |why: String| usage_error("count", ErrorKind::ValueValidation, why);
    let text = name.to_str().ok_or_else(|| {
        fail("NQUEENS_KERNEL is not valid UTF-8: it must be one of auto, scalar, avx512".into())
    })?;
    Kernel::from_name(text).map_err(|err| {
        let why = match err {
            KernelError::Unknown(_) => "the kernel must be one of auto, scalar, avx512".into(),
            unavailable => unavailable.to_string(),
        };
        fail(format!("NQUEENS_KERNEL={}: {why}", quoted(text)))
    })
}
