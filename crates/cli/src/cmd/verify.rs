//! `nqueens verify`: each board checked as it is read (every attacking
//! pair and its line), and with `--all N` the answer as a whole: none
//! repeated, none missing, and with `--ordered` in `solve`'s order.

use super::input;
use super::verify_answer::{self, Tally};
use crate::args::Verify;
use crate::error::{CliError, Status};
use nqueens::constraint::{verify as check, Verdict};
use nqueens::Glyph;
use nqueens_report::answer::{Answer, Standing};
use nqueens_report::constraint::{conflict_text, problems_by_row, VerifyLine, VerifyReport};
use nqueens_report::picture::{Picture, Sheet, MAX_PICTURES};
use nqueens_report::read::{BoardReader, Entry, ReadError};
use std::io::{self, Write};

pub fn run(request: &Verify, out: &mut dyn Write) -> Result<Status, CliError> {
    if let Some((queen, empty)) = &request.glyphs {
        if queen == empty {
            let why = format!("--queen and --empty are both '{queen}': the two glyphs must differ");
            return Err(CliError::Refused(why));
        }
    }
    let input = input::open(&request.file, "boards").map_err(CliError::Refused)?;
    let mut answer = (request.all)
        .map(|n| Answer::new(n, request.ordered).expect("--all takes n up to ANSWER_MAX_N"));
    let mut sheet = request.svg.then(Sheet::new);
    let mut tally = Tally::default();
    for item in BoardReader::new(input, request.input, request.glyphs.clone()) {
        let entry = item.map_err(|err| CliError::Refused(advised(&err)))?;
        let verdict = verdict(&entry);
        let standing = answer.as_mut().map(|a| a.mark(&entry, verdict.as_ref()));
        // A repeat is a solution (valid) that does not fit the answer.
        let valid = verdict.as_ref().is_some_and(Verdict::is_solution)
            && standing.as_ref().is_none_or(Standing::is_solution_of_n);
        let fits = valid && standing.as_ref().is_none_or(|s| s.fits);
        tally.boards += 1;
        tally.valid += u64::from(valid);
        match &mut sheet {
            Some(sheet) => {
                draw(sheet, &entry, verdict.as_ref(), standing.as_ref())
                    .map_err(CliError::refused)?;
            }
            None if request.json => json_line(out, &entry, verdict.as_ref(), standing.as_ref())?,
            None if !fits => text(out, &entry, verdict.as_ref(), standing.as_ref())?,
            None => {}
        }
    }
    let all_valid = tally.boards == tally.valid;
    let answered = answer.as_ref().is_none_or(Answer::exact);
    // An empty input passes only as the answer for n = 2 or 3.
    let passed = all_valid && answered && (tally.boards > 0 || answer.is_some());
    match sheet {
        Some(sheet) => {
            sheet.write(out)?;
            verify_answer::summary_text(&mut io::stderr().lock(), &tally, answer.as_ref())?
        }
        None if request.json => verify_answer::summary_json(out, &tally, answer.as_ref(), passed)?,
        None => verify_answer::summary_text(out, &tally, answer.as_ref())?,
    }
    Ok(Status::of(passed))
}

/// The reader's error, and when it could not tell the queen from the
/// empty square, the flags that name them, quoted for the shell — or why
/// one of them cannot be named.
fn advised(err: &ReadError) -> String {
    let Some((queen, empty)) = &err.glyphs_to_name else {
        return err.to_string();
    };
    let unnamed = [queen, empty]
        .into_iter()
        .find_map(|glyph| Glyph::new(glyph).err().map(|why| (glyph, why)));
    match unnamed {
        Some((glyph, why)) => format!("{err}, but {glyph:?} cannot be named: {why}"),
        None => format!(
            "{err}, such as --queen {} --empty {}",
            shell_word(queen),
            shell_word(empty)
        ),
    }
}

/// `glyph` as a shell reads it back: as it is when nothing in it is
/// special to the shell, else in single quotes.
fn shell_word(glyph: &str) -> String {
    let plain = |ch: char| ch.is_ascii_alphanumeric() || "%+,-./:=@_".contains(ch);
    match glyph.chars().all(plain) {
        true => glyph.to_string(),
        false => format!("'{}'", glyph.replace('\'', r"'\''")),
    }
}

/// The check of a board that could be read as one; none when it has
/// problems (a wrong width, an unknown glyph) that make it no board.
fn verdict(entry: &Entry) -> Option<Verdict> {
    if !entry.problems.is_empty() {
        return None;
    }
    check(entry.n, &entry.queens).ok()
}

/// What one board's check says, beyond its pairs.
fn report(entry: &Entry, verdict: Option<&Verdict>) -> VerifyReport {
    match verdict {
        Some(verdict) => VerifyReport::from(verdict),
        None => VerifyReport {
            n: entry.n,
            valid: false,
            attacking_pairs: 0,
            conflicts: vec![],
            problems: entry.problems.iter().map(ToString::to_string).collect(),
        },
    }
}

/// A board that failed, in words: its pairs with their lines, then the
/// rest.
fn text(
    out: &mut dyn Write,
    entry: &Entry,
    verdict: Option<&Verdict>,
    standing: Option<&Standing>,
) -> io::Result<()> {
    let what = standing.and_then(|s| s.note.clone());
    let what = what.unwrap_or_else(|| "not a solution".into());
    writeln!(
        out,
        "board {} (line {}): {what}",
        entry.index + 1,
        entry.line
    )?;
    let Some(verdict) = verdict else {
        // The reader's problems say their lines themselves.
        for problem in &entry.problems {
            writeln!(out, "  {problem}")?;
        }
        return Ok(());
    };
    for conflict in &verdict.conflicts {
        let line = entry.line_of_row(conflict.first.row);
        writeln!(out, "  line {line}: {}", conflict_text(conflict))?;
    }
    for (row, problem) in problems_by_row(verdict) {
        let line = row.map_or(entry.line, |row| entry.line_of_row(row));
        writeln!(out, "  line {line}: {problem}")?;
    }
    Ok(())
}

fn json_line(
    out: &mut dyn Write,
    entry: &Entry,
    verdict: Option<&Verdict>,
    standing: Option<&Standing>,
) -> io::Result<()> {
    let mut report = report(entry, verdict);
    report.valid &= standing.is_none_or(Standing::is_solution_of_n);
    if let Some(note) = standing.and_then(|s| s.note.clone()) {
        report.problems.push(note);
    }
    let line = VerifyLine {
        index: entry.index,
        line: entry.line,
        report,
        repeat_of: standing.and_then(|s| s.repeat_of),
        rank: standing.and_then(|s| s.rank),
    };
    serde_json::to_writer(&mut *out, &line)?;
    writeln!(out)
}

/// The board as a picture: its queens, its attacking pairs as lines; or
/// why it cannot be drawn (too wide, or one board too many), which is
/// bad input.
fn draw(
    sheet: &mut Sheet,
    entry: &Entry,
    verdict: Option<&Verdict>,
    standing: Option<&Standing>,
) -> Result<(), String> {
    let limit = nqueens_report::format::DRAWN_MAX_N;
    if entry.n > limit {
        let (board, n) = (entry.index + 1, entry.n);
        return Err(format!(
            "board {board} is {n} wide: svg draws boards up to {limit} wide"
        ));
    }
    let conflicts = verdict.map_or(vec![], |v| {
        v.conflicts.iter().map(|c| (c.first, c.second)).collect()
    });
    // What the answer says of the board (a repeat, out of order) first.
    let caption = match (standing.and_then(|s| s.note.clone()), verdict) {
        (Some(note), _) => note,
        (None, Some(v)) if v.is_solution() => "valid".to_string(),
        (None, Some(v)) if v.attacking_pairs > 0 => match v.attacking_pairs {
            1 => "1 attacking pair".to_string(),
            pairs => format!("{pairs} attacking pairs"),
        },
        (None, _) => "not a solution".to_string(),
    };
    let picture = Picture {
        n: entry.n,
        queens: entry.queens.clone(),
        conflicts,
        caption: Some(format!("board {}: {caption}", entry.index + 1)),
        ..Picture::default()
    };
    sheet.add(&picture).map_err(|_| {
        format!(
            "the input has more than {MAX_PICTURES} boards, and --format svg draws at most \
             {MAX_PICTURES} boards: check at most {MAX_PICTURES} at a time"
        )
    })
}
