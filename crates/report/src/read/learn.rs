//! The glyphs of drawn boards when the user did not name them: learned
//! from the boards as they come, by the rules in the module documentation
//! of [`super`], or an error that says the queen cannot be told from the
//! empty square, with a pair of glyphs the user can name to read the input.

use super::entry::shown;
use super::squares::{squares, Row};
use super::ReadError;
use nqueens::plural;
use std::cmp::Reverse;
use std::collections::HashMap;

/// Glyphs people draw a queen with, besides `Q`: they decide where
/// counting cannot.
const QUEENS: [&str; 5] = ["♛", "♕", "👑", "q", "1"];

/// Glyphs people draw an empty square with, besides `.`. No filled square
/// (`■`, `⬛`): boards draw queens with those.
const EMPTIES: [&str; 8] = ["·", "-", "_", "0", "□", "◻", "▫", "⬜"];

/// One glyph of a board and how many of its squares show it.
struct Count<'a> {
    glyph: &'a str,
    squares: usize,
}

/// The glyph being learned.
#[derive(Clone, Copy, PartialEq)]
enum Role {
    Queen,
    Empty,
}

impl Role {
    fn drawn_with(self, glyph: &str) -> bool {
        match self {
            Role::Queen => QUEENS.contains(&glyph),
            Role::Empty => EMPTIES.contains(&glyph),
        }
    }

    fn other(self) -> Role {
        match self {
            Role::Queen => Role::Empty,
            Role::Empty => Role::Queen,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Role::Queen => "the queen",
            Role::Empty => "the empty square",
        }
    }
}

/// Fills in the glyphs not known yet, `queen` and `empty`, from the board
/// of `rows`, which starts on line `line`, for reading it (whether they are
/// kept for the boards after is the caller's to say); a choice this board
/// does not decide is an error rather than a guess.
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
    if queen.is_none() && empty.is_none() {
        more_queens_than_empty(line, rows.len(), &tally)?;
    }
    if queen.is_none() && shows("Q") && empty.as_deref() != Some("Q") {
        *queen = Some("Q".into());
    }
    if empty.is_none() && shows(".") && queen.as_deref() != Some(".") {
        *empty = Some(".".into());
    }
    let known = [queen.as_deref(), empty.as_deref()];
    let others: Vec<&Count> = (tally.iter())
        .filter(|count| !known.contains(&Some(count.glyph)))
        .collect();
    let learned = match known {
        [Some(_), Some(_)] => return Ok(()),
        [None, None] => both(line, &others)?,
        [Some(q), None] => (None, one(line, &others, Role::Empty, q)?),
        [None, Some(e)] => (one(line, &others, Role::Queen, e)?, None),
    };
    let owned = |glyph: Option<&str>| glyph.map(str::to_string);
    *queen = queen.take().or(owned(learned.0));
    *empty = empty.take().or(owned(learned.1));
    Ok(())
}

/// `Q` is the queen and `.` the empty square, but a board of n ≥ 3 with
/// more `Q`s than `.`s could as well be one drawn the other way round (a
/// solution has n queens and n² − n empty squares): an error.
fn more_queens_than_empty(line: u64, n: usize, tally: &[Count]) -> Result<(), ReadError> {
    let squares = |glyph: &str| {
        let count = tally.iter().find(|count| count.glyph == glyph);
        count.map_or(0, |count| count.squares)
    };
    let (queens, empty) = (squares("Q"), squares("."));
    if n < 3 || empty == 0 || queens <= empty {
        return Ok(());
    }
    let found = format!(
        "cannot tell the queen from the empty square: `Q` is on {} and `.` on {}, where a \
         solution of n = {n} has {n} queens and {} empty squares",
        plural(queens, "square"),
        plural(empty, "square"),
        n * n - n
    );
    Err(unclear(line, found, (".", "Q")))
}

/// Neither glyph known: (queen, empty). The most frequent is the empty
/// square and the next the queen (a solution of n ≥ 3 has n queens and
/// n² − n > n empty squares). Where counting cannot tell — two glyphs on
/// as many squares, a board of one — a glyph people draw the one or the
/// other with decides; else a board of one glyph is empty, but for a
/// single square, which could be n = 1's queen.
fn both<'a>(
    line: u64,
    others: &[&Count<'a>],
) -> Result<(Option<&'a str>, Option<&'a str>), ReadError> {
    match others {
        [] => Ok((None, None)),
        [only] if Role::Queen.drawn_with(only.glyph) => Ok((Some(only.glyph), None)),
        [only] if only.squares == 1 && !Role::Empty.drawn_with(only.glyph) => {
            let found = format!(
                "a board of one square, {}: cannot tell a queen from an empty square",
                shown(only.glyph)
            );
            Err(unclear(line, found, (only.glyph, ".")))
        }
        [only] => Ok((None, Some(only.glyph))),
        [first, second, ..] if first.squares == second.squares => {
            let tied = [first.glyph, second.glyph];
            let third_ties = others.get(2).is_some_and(|c| c.squares == first.squares);
            match by_table(&tied, Role::Queen).filter(|_| !third_ties) {
                Some(queen) => Ok((Some(queen), tied.into_iter().find(|&g| g != queen))),
                None => {
                    let (a, b) = (shown(first.glyph), shown(second.glyph));
                    let squares = plural(first.squares, "square");
                    let found = format!(
                        "cannot tell the queen from the empty square: {a} and {b} are on \
                         {squares} each"
                    );
                    Err(unclear(line, found, (second.glyph, first.glyph)))
                }
            }
        }
        [first, rest @ ..] => {
            let queen = one(line, rest, Role::Queen, first.glyph)?;
            Ok((queen, Some(first.glyph)))
        }
    }
}

/// The most frequent of `others` as the glyph of `role`, the other glyph
/// being `known`; `None` when the board shows no other glyph. Where
/// several are as frequent, the one a table gives `role`, or an error.
fn one<'a>(
    line: u64,
    others: &[&Count<'a>],
    role: Role,
    known: &str,
) -> Result<Option<&'a str>, ReadError> {
    let Some(first) = others.first() else {
        return Ok(None);
    };
    let tied: Vec<&str> = (others.iter())
        .take_while(|count| count.squares == first.squares)
        .map(|count| count.glyph)
        .collect();
    if let [only] = tied[..] {
        return Ok(Some(only));
    }
    if let Some(glyph) = by_table(&tied, role) {
        return Ok(Some(glyph));
    }
    let (a, b) = (shown(tied[0]), shown(tied[1]));
    let squares = plural(first.squares, "square");
    let found = format!(
        "cannot tell which of {a} and {b} is {}: each is on {squares}",
        role.name()
    );
    let pair = match role {
        Role::Queen => (tied[0], known),
        Role::Empty => (known, tied[0]),
    };
    Err(unclear(line, found, pair))
}

/// Of glyphs as frequent as each other, the one people draw `role` with,
/// or of two, the one whose rival they draw the other with; `None` when
/// the tables do not single one out.
fn by_table<'a>(tied: &[&'a str], role: Role) -> Option<&'a str> {
    let own: Vec<&str> = (tied.iter().copied())
        .filter(|glyph| role.drawn_with(glyph))
        .collect();
    if let [glyph] = own[..] {
        return Some(glyph);
    }
    let other = role.other();
    match tied {
        [a, b] if own.is_empty() && other.drawn_with(a) != other.drawn_with(b) => {
            Some(if other.drawn_with(a) { b } else { a })
        }
        _ => None,
    }
}

fn unclear(line: u64, found: String, (queen, empty): (&str, &str)) -> ReadError {
    let expected = "a board drawn with Q and ., or its two glyphs named";
    let mut error = ReadError::new(line, found, expected);
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
