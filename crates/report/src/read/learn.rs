//! The glyphs of drawn boards when the user did not name them: learned
//! from the boards as they come, by the rules in the module documentation
//! of [`super`], or an error that says the queen cannot be told from the
//! empty square, with a pair of glyphs the user can name to read the input.

use super::entry::{plural, shown};
use super::glyphs::Row;
use super::squares::squares;
use super::ReadError;
use std::cmp::Reverse;
use std::collections::HashMap;

/// Glyphs that draw a queen wherever they appear, the surest first.
pub(super) const QUEENS: [&str; 6] = ["Q", "♛", "♕", "👑", "q", "1"];

/// Glyphs that draw an empty square wherever they appear, the surest
/// first. No filled square (`■`, `⬛`): boards draw queens with those.
pub(super) const EMPTIES: [&str; 9] = [".", "·", "-", "_", "0", "□", "◻", "▫", "⬜"];

/// One glyph of a board and how many of its squares show it.
struct Count<'a> {
    glyph: &'a str,
    squares: usize,
}

/// Fills in the glyphs not known yet, `queen` and `empty`, from the board
/// of `rows`, which starts on line `line`. A glyph once known is kept, so
/// that every board is read the same way; a choice this board does not
/// decide is an error rather than a guess.
pub(super) fn learn(
    queen: &mut Option<String>,
    empty: &mut Option<String>,
    line: u64,
    rows: &[Row],
) -> Result<(), ReadError> {
    if queen.is_some() && empty.is_some() {
        return Ok(());
    }
    let tally = tally(rows);
    let shows = |glyph: &str| tally.iter().any(|count| count.glyph == glyph);
    let known = |table: &[&str], other: &Option<String>| {
        let glyph = table.iter().find(|&&glyph| shows(glyph))?;
        (other.as_deref() != Some(glyph)).then(|| glyph.to_string())
    };
    if queen.is_none() {
        *queen = known(&QUEENS, empty);
    }
    if empty.is_none() {
        *empty = known(&EMPTIES, queen);
    }
    let others: Vec<&Count> = (tally.iter())
        .filter(|count| ![queen.as_deref(), empty.as_deref()].contains(&Some(count.glyph)))
        .collect();
    match (queen.as_deref(), empty.as_deref()) {
        (Some(_), Some(_)) => Ok(()),
        (None, None) => learn_both(queen, empty, line, &others),
        (Some(q), None) => {
            *empty = one(line, &others, "the empty square", |e| (q, e))?;
            Ok(())
        }
        (None, Some(e)) => {
            *queen = one(line, &others, "the queen", |q| (q, e))?;
            Ok(())
        }
    }
}

/// Neither glyph known: the most frequent is the empty square and the
/// next the queen (a solution of n ≥ 3 has n queens and n² − n > n empty
/// squares), when no tie leaves it open; a board of one glyph is empty,
/// but for a single square, which could be either.
fn learn_both(
    queen: &mut Option<String>,
    empty: &mut Option<String>,
    line: u64,
    others: &[&Count],
) -> Result<(), ReadError> {
    match others {
        [] => {}
        [only] if only.squares == 1 => {
            let found = format!(
                "a board of one square, {}: cannot tell a queen from an empty square",
                shown(only.glyph)
            );
            return Err(unclear(line, found, (only.glyph, ".")));
        }
        [only] => *empty = Some(only.glyph.to_string()),
        [first, second, ..] if first.squares == second.squares => {
            let (a, b) = (shown(first.glyph), shown(second.glyph));
            let squares = plural(first.squares, "square");
            let found = format!(
                "cannot tell the queen from the empty square: {a} and {b} are on {squares} each"
            );
            return Err(unclear(line, found, (second.glyph, first.glyph)));
        }
        [first, rest @ ..] => {
            let queen_glyph = one(line, rest, "the queen", |q| (q, first.glyph))?;
            (*queen, *empty) = (queen_glyph, Some(first.glyph.to_string()));
        }
    }
    Ok(())
}

/// The most frequent of `others` as the glyph `role` names, `None` when
/// the board shows no other glyph, or an error when two tie for it;
/// `pair` makes the (queen, empty) pair to name from a candidate.
fn one<'a>(
    line: u64,
    others: &[&Count<'a>],
    role: &str,
    pair: impl Fn(&'a str) -> (&'a str, &'a str),
) -> Result<Option<String>, ReadError> {
    match others {
        [first, second, ..] if first.squares == second.squares => {
            let (a, b) = (shown(first.glyph), shown(second.glyph));
            let squares = plural(first.squares, "square");
            let found = format!("cannot tell which of {a} and {b} is {role}: each is on {squares}");
            Err(unclear(line, found, pair(first.glyph)))
        }
        [first, ..] => Ok(Some(first.glyph.to_string())),
        [] => Ok(None),
    }
}

fn unclear(line: u64, found: String, (queen, empty): (&str, &str)) -> ReadError {
    let mut error = ReadError::new(
        line,
        found,
        "a board drawn with Q and ., or its two glyphs named",
    );
    error.glyphs_to_name = Some((queen.to_string(), empty.to_string()));
    error
}

/// The distinct glyphs of `rows`, most frequent first (ties: first seen
/// first).
fn tally(rows: &[Row]) -> Vec<Count<'_>> {
    let mut seen: HashMap<&str, (usize, usize)> = HashMap::new();
    for row in rows {
        for (_, glyph) in squares(&row.text) {
            let order = seen.len();
            seen.entry(glyph).or_insert((order, 0)).1 += 1;
        }
    }
    let mut glyphs: Vec<_> = seen.into_iter().collect();
    glyphs.sort_by_key(|&(_, (order, count))| (Reverse(count), order));
    let count = |(glyph, (_, squares))| Count { glyph, squares };
    glyphs.into_iter().map(count).collect()
}
