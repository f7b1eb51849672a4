//! `json`: the LeetCode 51 answer, `[[".Q..","...Q",...],...]`, read one
//! board at a time. The brackets and commas are parsed here, byte by byte,
//! and each row string by serde_json (which knows every escape), so that
//! nothing but the current board is held, and so that the reader pulls
//! boards without a thread or a channel.

use super::glyphs::Context;
use super::source::{too_long, Source};
use super::squares::Row;
use super::{Entry, ReadError};
use serde::Deserialize;
use serde_json::error::Category;
use std::io::BufRead;

/// Where the reader is in the JSON text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// Between top-level values: before `[`, or at the end.
    Top,
    /// Inside the list, where a board's `[` comes next.
    Board,
    /// Inside the list after a board, where `,` or `]` comes next.
    Next,
}

/// The reader's place in the input, kept between boards.
pub(super) struct Json {
    state: State,
}

impl Json {
    pub fn new() -> Self {
        Json { state: State::Top }
    }

    /// The next board, or `None` after the last top-level array. Arrays
    /// one after another (two outputs concatenated) are read as one list.
    pub fn next<R: BufRead>(
        &mut self,
        source: &mut Source<R>,
        cx: &mut Context,
    ) -> Result<Option<Entry>, ReadError> {
        loop {
            let byte = source.skip_space()?;
            match (self.state, byte) {
                (State::Top, None) => return Ok(None),
                (State::Top, Some(b'[')) => {
                    if let Some(entry) = self.open(source, cx)? {
                        return Ok(Some(entry));
                    }
                }
                (State::Board, Some(b'[')) => {
                    self.state = State::Next;
                    return board(source, cx).map(Some);
                }
                (State::Next, Some(close @ (b',' | b']'))) => {
                    source.bump(close);
                    let more = close == b',';
                    self.state = if more { State::Board } else { State::Top };
                }
                (state, byte) => return Err(unexpected(source, byte, expected(state, cx))),
            }
        }
    }

    /// After a top-level `[`: a list of boards, an empty list, or a single
    /// board (a list of strings), which is read and returned at once.
    fn open<R: BufRead>(
        &mut self,
        source: &mut Source<R>,
        cx: &mut Context,
    ) -> Result<Option<Entry>, ReadError> {
        let (line, _) = source.position();
        source.bump(b'[');
        match source.skip_space()? {
            Some(b'"') => {
                let rows = rows(source, cx.index)?;
                cx.board(line, false, &rows).map(Some)
            }
            Some(b']') => {
                source.bump(b']');
                Ok(None)
            }
            _ => {
                self.state = State::Board;
                Ok(None)
            }
        }
    }
}

fn expected(state: State, cx: &Context) -> String {
    match state {
        State::Top => "`[` starting a list of boards".into(),
        State::Board => format!("`[` starting board {}", cx.index),
        State::Next => format!("`,` or `]` after board {}", cx.index.saturating_sub(1)),
    }
}

/// A board at its `[`.
fn board<R: BufRead>(source: &mut Source<R>, cx: &mut Context) -> Result<Entry, ReadError> {
    let (line, _) = source.position();
    source.bump(b'[');
    let rows = rows(source, cx.index)?;
    cx.board(line, false, &rows)
}

/// A board's rows, after its `[`, up to and including its `]`.
fn rows<R: BufRead>(source: &mut Source<R>, index: u64) -> Result<Vec<Row>, ReadError> {
    source.reset_budget();
    let mut rows = Vec::new();
    loop {
        match source.skip_space()? {
            Some(b']') if rows.is_empty() => {
                source.bump(b']');
                return Ok(rows);
            }
            Some(b'"') => rows.push(row(source, index)?),
            byte => {
                let expected = format!("a row string in quotes in board {index}");
                return Err(unexpected(source, byte, expected));
            }
        }
        if source.over_budget() {
            return Err(too_long(source.position().0, "board", source.limit()));
        }
        match source.skip_space()? {
            Some(b',') => source.bump(b','),
            Some(b']') => {
                source.bump(b']');
                return Ok(rows);
            }
            byte => {
                let expected = format!("`,` or `]` after row {} of board {index}", rows.len() - 1);
                return Err(unexpected(source, byte, expected));
            }
        }
    }
}

/// A row string at its `"`.
fn row<R: BufRead>(source: &mut Source<R>, index: u64) -> Result<Row, ReadError> {
    let (line, column) = source.position();
    let text = match source.plain_string() {
        Some(text) => Ok(text),
        None => {
            let mut strings = serde_json::Deserializer::from_reader(&mut *source);
            String::deserialize(&mut strings)
        }
    };
    match text {
        Ok(text) => Ok(Row {
            line,
            column: None,
            text,
        }),
        Err(error) => Err(string_error(source, &error, (line, column), index)),
    }
}

/// Why serde_json could not read the row string starting at `start`.
fn string_error<R: BufRead>(
    source: &Source<R>,
    error: &serde_json::Error,
    start: (u64, u64),
    index: u64,
) -> ReadError {
    // A JSON string has no line breaks: the error is on the row's line.
    let (line, column) = start;
    if source.over_budget() {
        return too_long(line, "board", source.limit());
    }
    match error.classify() {
        Category::Eof => ReadError::new(
            line,
            "the end of the input inside a row string",
            format!("the rest of board {index}"),
        ),
        Category::Io => ReadError::new(line, format!("a read error ({error})"), "readable input"),
        _ => {
            let at = column + (error.column() as u64).saturating_sub(1);
            let message = json_message(error);
            let found = format!("a broken row string at column {at} ({message})");
            ReadError::new(line, found, "a JSON string")
        }
    }
}

/// "`x` at column 7", or "the end of the input", at the source's position.
fn unexpected<R: BufRead>(source: &mut Source<R>, byte: Option<u8>, expected: String) -> ReadError {
    let (line, column) = source.position();
    let found = match (byte, source.peek_char()) {
        (None, _) => "the end of the input".to_string(),
        (Some(_), Some(ch)) if !ch.is_control() => format!("`{ch}` at column {column}"),
        (Some(byte), _) => format!("byte 0x{byte:02X} at column {column}"),
    };
    ReadError::new(line, found, expected)
}

/// serde_json's message without the position it appends ("... at line 1
/// column 5"): callers know the line better.
pub(super) fn json_message(error: &serde_json::Error) -> String {
    let text = error.to_string();
    match text.rsplit_once(" at line ") {
        Some((message, _)) => message.to_string(),
        None => text,
    }
}
