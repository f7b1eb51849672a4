//! `boards`: each board n lines of glyphs, boards separated by blank lines.

use super::glyphs::Context;
use super::source::{too_long, Source};
use super::squares::Row;
use super::{Entry, ReadError};
use std::io::BufRead;

/// The next board: blank lines skipped, then lines up to a blank line or
/// the end. Only this board's rows are held, and at most the size limit of
/// them, so that a file without blank lines cannot eat memory.
pub(super) fn next<R: BufRead>(
    source: &mut Source<R>,
    cx: &mut Context,
) -> Result<Option<Entry>, ReadError> {
    let mut rows: Vec<Row> = Vec::new();
    let mut bytes = 0;
    while let Some(line) = source.next_line()? {
        let text = source.text();
        if text.is_empty() {
            if rows.is_empty() {
                continue;
            }
            break;
        }
        bytes += text.len();
        if bytes > source.limit() {
            let start = rows.first().map_or(line.number, |row| row.line);
            return Err(too_long(start, "board", source.limit()));
        }
        rows.push(Row {
            line: line.number,
            column: Some(line.column),
            text: text.to_string(),
        });
    }
    let Some(first) = rows.first() else {
        return Ok(None);
    };
    cx.board(first.line, true, &rows).map(Some)
}
