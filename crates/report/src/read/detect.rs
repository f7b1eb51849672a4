//! The format of an input that named none, told from its first character
//! or its first line by the rules in the module documentation of
//! [`super`].

use super::glyphs::Context;
use super::source::Source;
use super::{fen, InputFormat, ReadError};
use std::io::BufRead;

/// The format the first character that is not whitespace shows, or for a
/// line that starts otherwise than JSON, that whole line; `None` for an
/// input of only whitespace. The line is left to be read again.
pub(super) fn detect<R: BufRead>(
    source: &mut Source<R>,
    cx: &Context,
) -> Result<Option<InputFormat>, ReadError> {
    let Some(byte) = source.skip_space()? else {
        return Ok(None);
    };
    let named = source.peek_char().is_some_and(|ch| cx.starts_glyph(ch));
    match byte {
        b'[' if !named => return Ok(Some(InputFormat::Json)),
        b'{' if !named => return Ok(Some(InputFormat::Ndjson)),
        _ => {}
    }
    let Some(line) = source.next_line()? else {
        return Ok(None);
    };
    let text = source.text();
    if text.starts_with("<?xml") || text.starts_with("<svg") {
        let expected = "boards, json, columns, ndjson or fen: pictures are not read back";
        return Err(ReadError::new(line.number, "an SVG picture", expected));
    }
    let format = of_line(text, named, cx);
    source.read_again(line);
    Ok(Some(format))
}

/// The format of an input whose first line is `text`; `named`: it starts
/// with a glyph the user named.
fn of_line(text: &str, named: bool, cx: &Context) -> InputFormat {
    if fen::looks_like(text) && !cx.starts_glyph('/') {
        InputFormat::Fen
    } else if named || first_row_of_bits(text) {
        InputFormat::Boards
    } else if starts_with_number(text) {
        InputFormat::Columns
    } else {
        InputFormat::Boards
    }
}

/// A row of `0`s and `1`s, one of them once (`0100`, `0 1 0 0`, `1011`,
/// `1`): the first row of a board drawn with 0 and 1. As columns it could
/// never be a solution: one number is n = 1, whose only column is 0, n = 2
/// has no solution, and n ≥ 3 numbers all 0 or 1 repeat a column.
fn first_row_of_bits(text: &str) -> bool {
    let squares = text.bytes().filter(|&byte| byte != b' ' && byte != b'\t');
    let (mut zeros, mut ones) = (0, 0);
    for byte in squares {
        match byte {
            b'0' => zeros += 1,
            b'1' => ones += 1,
            _ => return false,
        }
    }
    ones > 0 && (ones == 1 || zeros == 1)
}

/// Whether the first field (up to a space, tab or comma) is a number: a
/// columns line, to be read as one and told what is wrong with it, if
/// anything. A sign counts only with more fields after it, for a lone
/// `+1` or `-1` is as likely a row drawn with `+` or `-`.
fn starts_with_number(text: &str) -> bool {
    let (first, rest) = text.split_once([' ', '\t', ',']).unwrap_or((text, ""));
    let digits = first.strip_prefix(['+', '-']).unwrap_or(first);
    let signed = digits.len() < first.len();
    !digits.is_empty()
        && digits.bytes().all(|byte| byte.is_ascii_digit())
        && (!signed || !rest.trim().is_empty())
}
