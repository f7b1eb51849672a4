//! The validated requests: what the user asked for, once every check that
//! clap cannot express has passed.

use super::constraint::{CompleteArgs, PinArgs, RandomArgs, VerifyArgs};
use super::error::{self, quoted, usage_error};
use super::values::{board_size_allowed, ReportFormat, VerifyFormat};
use super::{
    AuditArgs, Cli, Command, CompareArgs, CountArgs, DeviceChoice, DevicesArgs, EstimateArgs,
    LongRunArgs, ManArgs, MergeArgs, MethodChoice, SchemaArgs, ServeArgs, SolveArgs, StatusArgs,
    Until,
};
use clap::error::ErrorKind;
use clap::Parser;
use nqueens::count::{CountRequest, Kernel};
use nqueens::{Algorithm, BoardSize, Glyph, GlyphError, Glyphs, KernelError, Solver, Square};
use nqueens_report::format::DRAWN_MAX_N;
use nqueens_report::read::InputFormat;
use nqueens_report::trace;
use nqueens_report::Format;
use std::time::Duration;

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
    /// No progress bar, no time estimate.
    pub quiet: bool,
}

/// A `count` request: the engine's own, as given (it applies every rule
/// of a count when resolved), and how this command prints it.
pub struct Count {
    pub request: CountRequest,
    pub json: bool,
    pub quiet: bool,
    /// `--checkpoint`, `--shard` and `--out`.
    pub long_run: LongRunArgs,
}

/// A validated `trace` request.
pub struct Trace {
    pub solver: Solver,
    pub until: trace::Until,
    pub max_events: Option<u64>,
    pub json: bool,
}

/// A validated `verify` request.
pub struct Verify {
    /// A path, or `-` for stdin.
    pub file: String,
    /// How the input is written, when the user said.
    pub input: Option<InputFormat>,
    /// Draw the boards instead of reporting in text.
    pub svg: bool,
    /// Check a whole answer for this n.
    pub all: Option<usize>,
    pub ordered: bool,
    pub json: bool,
    /// The queen's and the empty square's glyphs, when the user named them.
    pub glyphs: Option<(String, String)>,
}

/// Where a board to complete comes from.
pub enum Source {
    /// A file of Q, x and . rows, or `-` for stdin.
    File(String),
    /// `solve`/`count N --fix R:C --block R:C`.
    Pins {
        n: usize,
        fix: Vec<Square>,
        block: Vec<Square>,
    },
}

/// What to find of a board's completions.
pub enum Goal {
    /// The first one.
    First,
    /// How many there are.
    Count { json: bool },
    /// Every one, up to a limit.
    All { limit: Option<u64> },
}

/// A validated `complete` request, or a `solve`/`count` with pins.
pub struct Complete {
    pub source: Source,
    pub goal: Goal,
    pub format: Format,
    pub glyphs: Glyphs,
    pub timeout: Option<Duration>,
}

/// A validated `one` or `random` request.
pub struct Huge {
    pub n: usize,
    pub format: Format,
    /// `random`'s seed (`Some` for `random`, chosen when not given).
    pub seed: Option<Option<u64>>,
    pub quiet: bool,
}

/// What to run, after every check has passed.
#[cfg_attr(
    not(all(feature = "gpu", feature = "serve", feature = "checkpoints")),
    allow(
        dead_code,
        reason = "a build refuses what it lacks without reading its arguments"
    )
)]
pub enum Run {
    Solve(Solve),
    Count(Count),
    Trace(Trace),
    Compare(CompareArgs),
    Serve(ServeArgs),
    Verify(Verify),
    Complete(Complete),
    Huge(Huge),
    Status(StatusArgs),
    Estimate(EstimateArgs, Kernel),
    Merge(MergeArgs),
    Audit(AuditArgs),
    Devices(DevicesArgs),
    Schema(SchemaArgs),
    Completions(clap_complete::Shell),
    Man(ManArgs),
}

/// Parses `std::env::args_os`, including the checks clap cannot express.
pub fn parse() -> Result<Run, clap::Error> {
    let args = error::utf8_args(std::env::args_os())?;
    let mut cli = Cli::try_parse_from(&args).map_err(|err| error::reword(err, &args))?;
    json_either_way(&mut cli.command);
    match cli.command {
        Command::Solve(a) => solve_request(a),
        Command::Count(a) => count_request(a),
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
        Command::Verify(a) => Ok(Run::Verify(verify_request(a))),
        Command::Complete(a) => complete_request(a).map(Run::Complete),
        Command::One(a) => huge_request("one", a.n, a.format, None, true),
        Command::Random(a) => random_request(a),
        Command::Status(a) => Ok(Run::Status(a)),
        Command::Estimate(a) => Ok(Run::Estimate(a, kernel_from_env()?)),
        Command::Merge(a) => Ok(Run::Merge(a)),
        Command::Audit(a) => Ok(Run::Audit(a)),
        Command::Devices(a) => Ok(Run::Devices(a)),
        Command::Schema(a) => Ok(Run::Schema(a)),
        Command::Completions(a) => Ok(Run::Completions(a.shell)),
        Command::Man(a) => Ok(Run::Man(a)),
    }
}

/// JSON is asked for as `--json` or `--format json` alike: a report's
/// `--format json` sets its `--json`, a board command's `--json` its
/// `--format` (clap refuses the two together).
fn json_either_way(command: &mut Command) {
    let report = |json: &mut bool, format: Option<ReportFormat>| {
        *json |= format == Some(ReportFormat::Json);
    };
    let boards = |format: &mut Format, json: bool| {
        if json {
            *format = Format::Json;
        }
    };
    match command {
        Command::Count(a) => report(&mut a.json, a.format),
        Command::Trace(a) => report(&mut a.json, a.format),
        Command::Compare(a) => report(&mut a.json, a.format),
        Command::Devices(a) => report(&mut a.json, a.format),
        Command::Status(a) => report(&mut a.json, a.format),
        Command::Estimate(a) => report(&mut a.json, a.format),
        Command::Merge(a) => report(&mut a.json, a.format),
        Command::Audit(a) => report(&mut a.json, a.format),
        Command::Solve(a) => boards(&mut a.format, a.json),
        Command::One(a) => boards(&mut a.format, a.json),
        Command::Random(a) => boards(&mut a.format, a.json),
        Command::Complete(a) => {
            boards(&mut a.format, a.json);
            a.json |= a.format == Format::Json;
        }
        _ => {}
    }
}

fn solve_request(a: SolveArgs) -> Result<Run, clap::Error> {
    let glyphs = Glyphs::new(a.queen, a.empty).map_err(glyph_conflict)?;
    if let Some(source) = pinned("solve", a.n, &a.pins)? {
        for (given, flag) in [
            (a.unique, "--unique"),
            (a.stats, "--stats"),
            (a.threads.is_some(), "--threads"),
        ] {
            refuse_with_pins("solve", given, flag)?;
        }
        refuse_with_pins("solve", a.algorithm != Algorithm::Bitmask, "--algorithm")?;
        let goal = Goal::All { limit: a.limit };
        return complete_run("solve", source, goal, a.format, glyphs, a.pins.timeout);
    }
    let size = searched_size("solve", a.n)?;
    check_drawable("solve", a.format, size.get())?;
    Ok(Run::Solve(Solve {
        solver: solver("solve", a.algorithm, size)?,
        format: a.format,
        glyphs,
        limit: a.limit,
        stats: a.stats,
        unique: a.unique,
        threads: threads("solve", a.algorithm, a.threads)?,
        quiet: a.quiet,
    }))
}

fn count_request(a: CountArgs) -> Result<Run, clap::Error> {
    if let Some(source) = pinned("count", a.n, &a.pins)? {
        for (given, flag) in [
            (a.stats, "--stats"),
            (a.threads.is_some(), "--threads"),
            (a.no_symmetry, "--no-symmetry"),
            (a.method != MethodChoice::Auto, "--method"),
            (a.max_memory.is_some(), "--max-memory"),
            (a.device != DeviceChoice::Auto, "--device"),
            (a.long_run.checkpoint.is_some(), "--checkpoint"),
            (a.long_run.shard.is_some(), "--shard"),
            (a.long_run.out.is_some(), "--out"),
        ] {
            refuse_with_pins("count", given, flag)?;
        }
        refuse_with_pins("count", a.algorithm != Algorithm::Bitmask, "--algorithm")?;
        let goal = Goal::Count { json: a.json };
        return complete_run(
            "count",
            source,
            goal,
            Format::Boards,
            Glyphs::default(),
            a.pins.timeout,
        );
    }
    let size = searched_size("count", a.n)?;
    check_out(&a.long_run)?;
    Ok(Run::Count(Count {
        request: CountRequest {
            algorithm: a.algorithm,
            method: a.method.named(),
            no_symmetry: a.no_symmetry,
            threads: a.threads,
            kernel: Some(kernel_from_env()?),
            device: a.device,
            stats: a.stats,
            shard: a.long_run.shard,
            checkpointed: a.long_run.checkpoint.is_some(),
            max_memory: a.max_memory,
            ..CountRequest::new(size)
        },
        json: a.json,
        quiet: a.quiet,
        long_run: a.long_run,
    }))
}

/// `--out` names where a shard's record goes: it needs `--shard`. (What
/// a count may be asked together is the count request's to say.)
fn check_out(long: &LongRunArgs) -> Result<(), clap::Error> {
    match (long.shard, &long.out) {
        (None, Some(_)) => {
            let why = "--out applies to --shard I/K: it is where the shard's record goes".into();
            Err(usage_error(
                "count",
                ErrorKind::MissingRequiredArgument,
                why,
            ))
        }
        _ => Ok(()),
    }
}

/// The board to complete that `--fix` and `--block` describe; none when
/// neither is given (then `--timeout` means nothing and is refused).
fn pinned(subcommand: &str, n: usize, pins: &PinArgs) -> Result<Option<Source>, clap::Error> {
    if pins.fix.is_empty() && pins.block.is_empty() {
        if pins.timeout.is_some() {
            let why = "--timeout applies to searches with --fix or --block".to_string();
            return Err(usage_error(subcommand, ErrorKind::ArgumentConflict, why));
        }
        return Ok(None);
    }
    Ok(Some(Source::Pins {
        n,
        fix: pins.fix.clone(),
        block: pins.block.clone(),
    }))
}

/// A flag that means nothing when the search completes a board.
fn refuse_with_pins(subcommand: &str, given: bool, flag: &str) -> Result<(), clap::Error> {
    match given {
        true => Err(usage_error(
            subcommand,
            ErrorKind::ArgumentConflict,
            format!("{flag} cannot be used with --fix or --block"),
        )),
        false => Ok(()),
    }
}

/// A size the searches take: up to [`nqueens::MAX_N`].
fn searched_size(subcommand: &str, n: usize) -> Result<BoardSize, clap::Error> {
    BoardSize::new(n).map_err(|_| {
        let why = format!("invalid value '{n}' for '<N>': {}", board_size_allowed());
        usage_error(subcommand, ErrorKind::ValueValidation, why)
    })
}

/// Formats that draw every square stop at [`DRAWN_MAX_N`]; fen is 8×8.
fn check_drawable(subcommand: &str, format: Format, n: usize) -> Result<(), clap::Error> {
    let why = if format.draws_squares() && n > DRAWN_MAX_N {
        format!(
            "a board of {n} rows is {n}×{n} squares: --format boards, json and svg draw boards \
             up to {DRAWN_MAX_N} wide; use --format columns or ndjson"
        )
    } else if format == Format::Fen && n != 8 {
        format!("--format fen describes 8×8 boards: this board is {n}×{n}")
    } else {
        return Ok(());
    };
    Err(usage_error(subcommand, ErrorKind::ArgumentConflict, why))
}

fn complete_run(
    subcommand: &'static str,
    source: Source,
    goal: Goal,
    format: Format,
    glyphs: Glyphs,
    timeout: Option<Duration>,
) -> Result<Run, clap::Error> {
    if let Source::Pins { n, .. } = &source {
        check_drawable(subcommand, format, *n)?;
    }
    Ok(Run::Complete(Complete {
        source,
        goal,
        format,
        glyphs,
        timeout,
    }))
}

fn complete_request(a: CompleteArgs) -> Result<Complete, clap::Error> {
    if a.count && !matches!(a.format, Format::Boards | Format::Json) {
        let why = format!(
            "--count prints a count, not boards: --format {} cannot be used with it \
             (--format json or --json prints the count as JSON)",
            a.format.name()
        );
        return Err(usage_error("complete", ErrorKind::ArgumentConflict, why));
    }
    let goal = match (a.count, a.all) {
        (true, _) => Goal::Count { json: a.json },
        (false, true) => Goal::All { limit: a.limit },
        (false, false) => Goal::First,
    };
    Ok(Complete {
        source: Source::File(a.file),
        goal,
        format: a.format,
        glyphs: Glyphs::default(),
        timeout: a.timeout,
    })
}

fn verify_request(a: VerifyArgs) -> Verify {
    let text = |glyph: Glyph| glyph.as_str().to_owned();
    Verify {
        file: a.file,
        input: match a.format {
            Some(VerifyFormat::Input(format)) => Some(format),
            _ => None,
        },
        svg: a.format == Some(VerifyFormat::Svg),
        all: a.all,
        ordered: a.ordered,
        json: a.json,
        glyphs: a
            .queen
            .zip(a.empty)
            .map(|(queen, empty)| (text(queen), text(empty))),
    }
}

fn random_request(a: RandomArgs) -> Result<Run, clap::Error> {
    huge_request("random", a.n, a.format, Some(a.seed), a.quiet)
}

fn huge_request(
    subcommand: &str,
    n: usize,
    format: Format,
    seed: Option<Option<u64>>,
    quiet: bool,
) -> Result<Run, clap::Error> {
    check_drawable(subcommand, format, n)?;
    Ok(Run::Huge(Huge {
        n,
        format,
        seed,
        quiet,
    }))
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
    let fail = error::environment_error;
    let choices = Kernel::choices();
    let text = name.to_str().ok_or_else(|| {
        fail(format!(
            "NQUEENS_KERNEL is not valid UTF-8: it must be one of {choices}"
        ))
    })?;
    Kernel::from_name(text).map_err(|err| {
        let why = match err {
            KernelError::Unknown(_) => format!("the kernel must be one of {choices}"),
            unavailable => unavailable.to_string(),
        };
        fail(format!("NQUEENS_KERNEL={}: {why}", quoted(text)))
    })
}
