//! `fen`: one 8×8 board per line as chess FEN: the piece placement, ranks
//! from 8 (row 0) down to 1, each a run of `Q`s and counts of empty
//! squares, e.g. `Q7/4Q3/7Q/5Q2/2Q5/6Q1/1Q6/3Q4`, alone or followed by the
//! other fields of a full FEN line (`w - - 0 1`), which are checked but
//! say nothing about the queens.

use super::entry::{shown, snippet};
use super::glyphs::Context;
use super::lines::next_text;
use super::source::Source;
use super::{Entry, Problem, ReadError};
use nqueens::plural;
use nqueens::Square;
use std::io::BufRead;

const EXAMPLE: &str = "such as Q7/4Q3/7Q/5Q2/2Q5/6Q1/1Q6/3Q4";

/// The piece letters of FEN, white then black.
const PIECES: &str = "KQRBNPkqrbnp";

/// Whether a first line is FEN, to be read as such rather than as a row
/// of squares: its first field (up to whitespace) has a `/` and a digit
/// and is all ASCII. What is wrong with it, if anything, the reader says.
pub(super) fn looks_like(text: &str) -> bool {
    let placement = text.split_ascii_whitespace().next().unwrap_or("");
    placement.contains('/')
        && placement.bytes().any(|byte| byte.is_ascii_digit())
        && placement.bytes().all(|byte| byte.is_ascii_graphic())
}

/// The next non-blank line, read as a board of 8: a rank count or width
/// other than 8, and a piece other than a white queen, are problems; a
/// line that is not FEN is an error.
pub(super) fn next<R: BufRead>(
    source: &mut Source<R>,
    cx: &mut Context,
) -> Result<Option<Entry>, ReadError> {
    let Some((line, text)) = next_text(source)? else {
        return Ok(None);
    };
    let mut fields = text.split_ascii_whitespace();
    let placement = fields.next().unwrap_or("");
    let ranks = ranks(line, text, placement)?;
    check_fields(line, text, fields)?;
    let mut entry = cx.entry(line, 8, false);
    if ranks.len() != 8 {
        let text = format!(
            "{} ranks, expected 8: FEN describes 8×8 boards",
            ranks.len()
        );
        entry.problems.push(Problem { line, text });
    }
    for (row, rank) in ranks.iter().take(8).enumerate() {
        read_rank(line, row, rank, &mut entry);
    }
    Ok(Some(entry))
}

/// The ranks of a piece placement, each checked to be FEN: pieces and
/// single digits 1 to 8, none empty.
fn ranks<'a>(line: u64, text: &str, placement: &'a str) -> Result<Vec<&'a str>, ReadError> {
    let error = |found: String, expected: &str| {
        let found = format!("{} {found}", snippet(text));
        ReadError::new(line, found, format!("{expected}, {EXAMPLE}"))
    };
    if !placement.contains('/') {
        let expected = "ranks of Q and 1 to 8 separated by /";
        return Err(error("is not a FEN piece placement".into(), expected));
    }
    let ranks: Vec<&str> = placement.split('/').collect();
    for (row, rank) in ranks.iter().enumerate() {
        let at = rank_name(row);
        if rank.is_empty() {
            let found = match row {
                0 => "starts with /".into(),
                _ if row + 1 == ranks.len() => "ends with /".into(),
                _ => format!("has an empty {at} between two /s"),
            };
            return Err(error(found, "8 ranks with one / between each two"));
        }
        let mut last_digit = false;
        for ch in rank.chars() {
            let digit = ch.is_ascii_digit();
            let allowed = "a piece (K, Q, R, B, N, P, or in lower case) or a digit 1 to 8";
            let has = || format!("has {} in {at}", shown(&ch.to_string()));
            if !digit && !PIECES.contains(ch) {
                return Err(error(has(), allowed));
            }
            if matches!(ch, '0' | '9') {
                return Err(error(has(), "a digit 1 to 8 for a run of empty squares"));
            }
            if digit && last_digit {
                let expected = "one digit 1 to 8 for each run of empty squares";
                return Err(error(format!("has two digits in a row in {at}"), expected));
            }
            last_digit = digit;
        }
    }
    Ok(ranks)
}

/// "row 3 (rank 5)", or past the eighth rank "row 9".
fn rank_name(row: usize) -> String {
    match 8usize.checked_sub(row).filter(|&rank| rank > 0) {
        Some(rank) => format!("row {row} (rank {rank})"),
        None => format!("row {row}"),
    }
}

/// What may follow the placement, in order: each field's name, its test
/// and what it may be.
type Field = (&'static str, fn(&str) -> bool, &'static str);

const FIELDS: [Field; 5] = [
    ("the side to move", |f| f == "w" || f == "b", "w or b"),
    (
        "the castling rights",
        castling,
        "- or some of K, Q, k and q",
    ),
    (
        "the en passant square",
        en_passant,
        "- or a square such as e3",
    ),
    ("the halfmove clock", number, "a whole number"),
    ("the move number", move_number, "a whole number from 1"),
];

/// The fields after the placement: each what FEN allows, and at most the
/// five FEN has.
fn check_fields<'a>(
    line: u64,
    text: &str,
    mut fields: impl Iterator<Item = &'a str>,
) -> Result<(), ReadError> {
    for (name, test, allowed) in FIELDS {
        let Some(field) = fields.next() else {
            return Ok(());
        };
        if !test(field) {
            let found = format!("{} has {} as {name}", snippet(text), snippet(field));
            return Err(ReadError::new(line, found, allowed));
        }
    }
    match fields.next() {
        Some(extra) => {
            let found = format!(
                "{} has {} after its six fields",
                snippet(text),
                snippet(extra)
            );
            let expected = "a piece placement, then at most the side to move, castling rights, \
                            en passant square, halfmove clock and move number";
            Err(ReadError::new(line, found, expected))
        }
        None => Ok(()),
    }
}

fn castling(field: &str) -> bool {
    // Byte offsets, not character counts: a field may hold any character.
    let distinct = field
        .char_indices()
        .all(|(at, ch)| !field[..at].contains(ch));
    field == "-" || (distinct && field.chars().all(|ch| "KQkq".contains(ch)))
}

fn en_passant(field: &str) -> bool {
    matches!(field.as_bytes(), b"-" | [b'a'..=b'h', b'3' | b'6'])
}

fn number(field: &str) -> bool {
    field.bytes().all(|byte| byte.is_ascii_digit())
}

fn move_number(field: &str) -> bool {
    number(field) && field.bytes().any(|byte| byte != b'0')
}

/// The queens of one rank, on row `row`; its width and any other piece
/// are problems.
fn read_rank(line: u64, row: usize, rank: &str, entry: &mut Entry) {
    let mut col = 0;
    for piece in rank.chars() {
        match piece.to_digit(10) {
            Some(empty) => col += empty as usize,
            None if piece == 'Q' => {
                if col < 8 {
                    entry.queens.push(Square { row, col });
                }
                col += 1;
            }
            None => {
                let text = format!(
                    "`{piece}` in {} is a piece other than the queen `Q`",
                    rank_name(row)
                );
                entry.problems.push(Problem { line, text });
                col += 1;
            }
        }
    }
    if col != 8 {
        let squares = plural(col, "square");
        let text = format!("row {row} has {squares}, expected 8: a rank holds 8");
        entry.problems.push(Problem { line, text });
    }
}
