//! The formats with one board per line: `columns` and `ndjson`.

use super::entry::snippet;
use super::glyphs::Context;
use super::json::json_message;
use super::source::Source;
use super::squares::Row;
use super::{Entry, Problem, ReadError};
use nqueens::plural;
use serde::Deserialize;
use std::io::BufRead;

/// `columns`: the next non-blank line, its numbers separated by spaces,
/// tabs or commas (with no empty field between two commas, or before or
/// after one).
pub(super) fn next_columns<R: BufRead>(
    source: &mut Source<R>,
    cx: &mut Context,
) -> Result<Option<Entry>, ReadError> {
    let Some((line, text)) = next_text(source)? else {
        return Ok(None);
    };
    let mut columns = Vec::new();
    // A run of spaces and tabs is one separator, and so is a comma with
    // them around it; but a comma must have a number on either side.
    for field in text.split(',') {
        let before = columns.len();
        for word in field.split([' ', '\t']).filter(|word| !word.is_empty()) {
            columns.push(column(line, text, word)?);
        }
        if columns.len() == before {
            let found = format!("{} has an empty field", snippet(text));
            return Err(ReadError::new(line, found, "a column number"));
        }
    }
    Ok(Some(cx.columns(line, &columns)))
}

/// One number of a `columns` line: digits, without a sign or a leading
/// zero (`0000` is no column 0 but a row drawn with `0`s).
fn column(line: u64, text: &str, word: &str) -> Result<u64, ReadError> {
    let found = || format!("{} has {}", snippet(text), snippet(word));
    let digits = word.trim_start_matches(['+', '-']);
    if !word.bytes().all(|b| b.is_ascii_digit()) {
        let signed = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
        let expected = match signed {
            true => "a column number without a sign, from 0",
            false => "a column number",
        };
        return Err(ReadError::new(line, found(), expected));
    }
    if word.len() > 1 && word.starts_with('0') {
        let expected = "a column number without leading zeros";
        return Err(ReadError::new(line, found(), expected));
    }
    word.parse()
        .map_err(|_| ReadError::new(line, found(), "a column number below 2^64"))
}

/// One `ndjson` line; other fields (`index`, `class_size`) are ignored.
#[derive(Deserialize)]
struct Object {
    n: Option<u64>,
    columns: Option<Vec<u64>>,
    board: Option<Vec<String>>,
}

const OBJECT: &str = "a JSON object with \"columns\" or \"board\"";

/// `ndjson`: the next non-blank line, read from its `columns`, or from its
/// `board` when it has no `columns`; `n`, and `board` beside `columns`,
/// must agree.
pub(super) fn next_ndjson<R: BufRead>(
    source: &mut Source<R>,
    cx: &mut Context,
) -> Result<Option<Entry>, ReadError> {
    let Some((line, text)) = next_text(source)? else {
        return Ok(None);
    };
    let object = parse(line, text)?;
    let (mut entry, field) = match (object.columns, object.board) {
        (Some(columns), board) => {
            let mut entry = cx.columns(line, &columns);
            if let Some(board) = board {
                let drawn = cx.board_beside(line, &rows(line, board), &columns)?;
                entry.problems.extend(disagreement(line, &entry, &drawn));
            }
            (entry, "columns")
        }
        (None, Some(board)) => (cx.board(line, false, &rows(line, board))?, "board"),
        (None, None) => {
            let found = format!("{} has neither \"columns\" nor \"board\"", snippet(text));
            return Err(ReadError::new(line, found, OBJECT));
        }
    };
    if let Some(n) = object.n.filter(|&n| n != entry.n as u64) {
        let text = format!(
            "\"n\" is {n} but \"{field}\" has {}",
            plural(entry.n, "row")
        );
        entry.problems.push(Problem { line, text });
    }
    Ok(Some(entry))
}

/// How the board `drawn` (an ndjson `board`) differs from `entry` (read
/// from the same line's `columns`): its own problems, or the first row
/// where their queens differ. None when they are the same board.
fn disagreement(line: u64, entry: &Entry, drawn: &Entry) -> Option<Problem> {
    let text = if let Some(problem) = drawn.problems.first() {
        format!(
            "\"board\" is not the board of \"columns\": {}",
            problem.text
        )
    } else if drawn.n != entry.n {
        let rows = plural(drawn.n, "row");
        format!("\"board\" has {rows} but \"columns\" has {}", entry.n)
    } else {
        let cols = |entry: &Entry, row| -> Vec<usize> {
            let queens = entry.queens.iter().filter(|queen| queen.row == row);
            queens.map(|queen| queen.col).collect()
        };
        let row = (0..entry.n).find(|&row| cols(entry, row) != cols(drawn, row))?;
        format!(
            "\"board\" has {} in row {row} but \"columns\" has {}",
            queens_at(&cols(drawn, row)),
            queens_at(&cols(entry, row))
        )
    };
    Some(Problem { line, text })
}

/// "no queen", "a queen at col 3", "queens at cols 1, 4".
fn queens_at(cols: &[usize]) -> String {
    let list: Vec<String> = cols.iter().map(ToString::to_string).collect();
    match cols {
        [] => "no queen".into(),
        [col] => format!("a queen at col {col}"),
        _ => format!("queens at cols {}", list.join(", ")),
    }
}

fn parse(line: u64, text: &str) -> Result<Object, ReadError> {
    if !text.starts_with('{') {
        let found = format!("{} is not a JSON object", snippet(text));
        return Err(ReadError::new(line, found, OBJECT));
    }
    serde_json::from_str(text).map_err(|error| {
        let message = json_message(&error);
        let found = format!("{}: {message} at column {}", snippet(text), error.column());
        ReadError::new(line, found, OBJECT)
    })
}

fn rows(line: u64, board: Vec<String>) -> Vec<Row> {
    let row = |text| Row {
        line,
        column: None,
        text,
    };
    board.into_iter().map(row).collect()
}

/// The next line that is not blank, without its leading whitespace.
pub(super) fn next_text<R: BufRead>(
    source: &mut Source<R>,
) -> Result<Option<(u64, &str)>, ReadError> {
    while let Some(line) = source.next_line()? {
        if !source.text().trim_start().is_empty() {
            return Ok(Some((line.number, source.text().trim_start())));
        }
    }
    Ok(None)
}
