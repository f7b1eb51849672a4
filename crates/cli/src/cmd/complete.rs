//! `nqueens complete`, and `solve`/`count` with `--fix`/`--block`: a
//! board completed around given queens and blocked squares — the first
//! completion, how many there are, or every one.

use super::input;
use crate::args::{Complete, Goal, Source};
use crate::error::{CliError, Status};
use nqueens::constraint::{
    complete, completions, conflicts, count_completions, Completion, Conflict, End, Partial,
};
use nqueens::Solution;
use nqueens_report::constraint::{conflict_text, CompletionCountReport};
use nqueens_report::format::{marked_writer, Output};
use nqueens_report::picture::MAX_PICTURES;
use nqueens_report::read::read_partial;
use nqueens_report::{Format, Marks};
use std::io::{self, Write};
use std::time::Instant;

/// The board to complete, and its squares for the pictures.
struct Board {
    partial: Partial,
    marks: Marks,
}

pub fn run(request: &Complete, out: &mut dyn Write) -> Result<Status, CliError> {
    let board = board(request).map_err(CliError::Refused)?;
    let pairs = conflicts(&board.marks.fixed);
    if !pairs.is_empty() {
        match request.goal {
            // A count is still printed: 0, as for any board with no
            // completion (the JSON report names the pairs).
            Goal::Count { json: true } => {}
            Goal::Count { json: false } => attacking(&pairs)?,
            _ => {
                attacking(&pairs)?;
                return Ok(Status::No);
            }
        }
    }
    let started = Instant::now();
    let give_up = || {
        request
            .timeout
            .is_some_and(|limit| started.elapsed() >= limit)
    };
    match request.goal {
        Goal::First => first(request, &board, out, &give_up),
        Goal::Count { json } => count(request, &board, out, &give_up, json, started),
        Goal::All { limit } => every(request, &board, out, &give_up, limit),
    }
}

/// The board from the file or the flags, checked.
fn board(request: &Complete) -> Result<Board, String> {
    let (n, fixed, blocked) = match &request.source {
        Source::File(path) => {
            let read = read_partial(input::open(path, "the partial board")?)
                .map_err(|err| err.to_string())?;
            (read.n, read.queens, read.blocked)
        }
        Source::Pins { n, fix, block } => (*n, fix.clone(), block.clone()),
    };
    if request.format == Format::Fen && n != 8 {
        return Err(format!(
            "--format fen describes 8×8 boards: this board is {n}×{n}"
        ));
    }
    let partial = Partial::new(n, fixed.clone(), blocked.clone()).map_err(|err| err.to_string())?;
    Ok(Board {
        partial,
        marks: Marks { fixed, blocked },
    })
}

fn first(
    request: &Complete,
    board: &Board,
    out: &mut dyn Write,
    give_up: &dyn Fn() -> bool,
) -> Result<Status, CliError> {
    match complete(&board.partial, give_up) {
        Completion::Found(columns) => {
            let writer = marked_writer(request.format, request.glyphs.clone(), board.marks.clone());
            let mut output = Output::begin(out, writer, 1, false)?;
            nqueens::Sink::solution(&mut output, &Solution::from_columns(columns))?;
            output.finish()?;
            Ok(Status::Success)
        }
        Completion::Impossible | Completion::Conflicts(_) => no_completion(),
        Completion::GaveUp => timed_out(request, None),
    }
}

fn count(
    request: &Complete,
    board: &Board,
    out: &mut dyn Write,
    give_up: &dyn Fn() -> bool,
    json: bool,
    started: Instant,
) -> Result<Status, CliError> {
    let done = count_completions(&board.partial, give_up);
    if done.end == End::GaveUp {
        return timed_out(request, Some(done.found));
    }
    if json {
        let report = CompletionCountReport {
            n: board.partial.n(),
            total: done.found,
            seconds: started.elapsed().as_secs_f64(),
            conflicts: conflicts(&board.marks.fixed)
                .iter()
                .map(Into::into)
                .collect(),
        };
        out.write_all(nqueens_report::stamp::to_json_line(&report)?.as_bytes())?;
    } else {
        writeln!(out, "total:  {}", done.found)?;
    }
    Ok(Status::Success)
}

fn every(
    request: &Complete,
    board: &Board,
    out: &mut dyn Write,
    give_up: &dyn Fn() -> bool,
    limit: Option<u64>,
) -> Result<Status, CliError> {
    let writer = marked_writer(request.format, request.glyphs.clone(), board.marks.clone());
    let limit = limit.unwrap_or(u64::MAX);
    let mut output = Output::begin(out, writer, limit, false)?;
    let found = match limit {
        0 => Ok(None),
        _ => completions(&board.partial, &mut output, give_up).map(Some),
    };
    let done = match found.and_then(|done| output.finish().map(|()| done)) {
        Ok(done) => done,
        Err(err) => {
            let what = format!("the board has more than {MAX_PICTURES} completions");
            let fewer = format!("give --limit {MAX_PICTURES} or less");
            return Err(super::too_many_pictures(err, &what, &fewer));
        }
    };
    match done {
        Some(done) if done.end == End::GaveUp => timed_out(request, Some(done.found)),
        Some(done) if done.found == 0 => no_completion(),
        _ => Ok(Status::Success),
    }
}

/// Says on stderr which given queens attack each other.
fn attacking(pairs: &[Conflict]) -> io::Result<()> {
    let mut err = io::stderr().lock();
    writeln!(err, "no completion: the given queens attack each other:")?;
    for pair in pairs {
        writeln!(err, "  {}", conflict_text(pair))?;
    }
    Ok(())
}

fn no_completion() -> Result<Status, CliError> {
    writeln!(
        io::stderr().lock(),
        "no completion: no solution keeps the given queens and avoids the blocked squares"
    )?;
    Ok(Status::No)
}

/// Says that the search ran out of time, and what it found by then.
fn timed_out(request: &Complete, found: Option<u128>) -> Result<Status, CliError> {
    let seconds = request.timeout.map_or(0.0, |limit| limit.as_secs_f64());
    let so_far = match found {
        Some(found) => format!(" ({} found by then)", nqueens::plural(found, "completion")),
        None => String::new(),
    };
    Err(CliError::OutOfTime(format!(
        "no answer within {seconds} s{so_far}: completing a board is NP-complete \
         and this one is hard; give a longer --timeout"
    )))
}
