//! The library's errors, each naming the value that was refused and what
//! is allowed instead. All are here, re-exported at the crate root, but
//! two: the huge-board search's `HugeError` lives beside that search, in
//! huge/error.rs (`nqueens::huge::HugeError`), and a count's memory
//! refusal beside the reckoning of its memory, in count/memory.rs
//! (`nqueens::count::MemoryRefusal`).

use thiserror::Error;

/// A board size the engine cannot search.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[error("board size {given} is not supported: n must be an integer from 0 to {max}")]
pub struct SizeError {
    /// The size that was asked for.
    pub given: u64,
    /// The largest supported size, [`crate::MAX_N`].
    pub max: usize,
}

/// A board too large for the chosen teaching algorithm.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[error("the {algorithm} algorithm accepts n up to {max} (it tries all n! arrangements), not {n}")]
pub struct TooLarge {
    /// The algorithm's name.
    pub algorithm: &'static str,
    /// The board size asked for.
    pub n: usize,
    /// The largest it accepts.
    pub max: usize,
}

/// A glyph that cannot draw a board: see [`crate::Glyph::new`].
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GlyphError {
    /// Not exactly one grapheme cluster (empty, or several characters).
    #[error("a glyph must be exactly one visible character")]
    NotOneCharacter,
    /// A control, format, separator or combining-only character: it would
    /// be invisible or break the board's layout.
    #[error(
        "a glyph must be a visible character, not a control, format, separator or combining mark"
    )]
    Invisible,
    /// Wider than two terminal columns, or of width 0.
    #[error("a glyph must be one or two columns wide on a terminal")]
    Width,
    /// The queen and the empty square are drawn alike.
    #[error("the queen and empty glyphs are both '{0}': the two glyphs must differ")]
    Same(String),
    /// One glyph is one column wide and the other two: rows would not line up.
    #[error("the queen and empty glyphs must be equally wide ('{queen}' is {queen_width} columns, '{empty}' is {empty_width})")]
    UnequalWidth {
        /// The queen glyph.
        queen: String,
        /// Its width in terminal columns.
        queen_width: usize,
        /// The empty-square glyph.
        empty: String,
        /// Its width in terminal columns.
        empty_width: usize,
    },
}

/// Squares that do not make a placement on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum PlacementError {
    /// A square outside the n×n board.
    #[error("row {}, col {} is off the board: rows and columns run from 0 to {}", at.row, at.col, n.saturating_sub(1))]
    OffBoard {
        /// The square.
        at: crate::Square,
        /// The board size.
        n: usize,
    },
    /// The same square given twice.
    #[error("row {}, col {} is given twice", at.row, at.col)]
    Twice {
        /// The square.
        at: crate::Square,
    },
    /// A queen on a square that is also blocked.
    #[error("row {}, col {} holds a queen and is blocked", at.row, at.col)]
    QueenOnBlocked {
        /// The square.
        at: crate::Square,
    },
    /// A board wider than completion searches.
    #[error("board size {n} is too large to complete: n must be at most {max}")]
    TooWide {
        /// The board size asked for.
        n: usize,
        /// The largest completion accepts.
        max: usize,
    },
}

/// Queens a search cannot start from: see [`crate::Solver::from_given`].
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GivenError {
    /// A square off the board, or given twice.
    #[error(transparent)]
    Placement(#[from] PlacementError),
    /// Two given queens attack each other: no completion exists.
    #[error("the queens at row {}, col {} and row {}, col {} share a {line}: no completion keeps them", first.row, first.col, second.row, second.col)]
    Attacking {
        /// The queen met first, row by row.
        first: crate::Square,
        /// The other queen.
        second: crate::Square,
        /// The line they share, in words.
        line: &'static str,
    },
    /// An algorithm that does not search row by row.
    #[error(
        "the search from given queens runs row by row: naive, sets or arrays, not {algorithm}"
    )]
    Algorithm {
        /// The algorithm's name.
        algorithm: &'static str,
    },
}

/// A tally that no board's solutions can add up to: a stored or merged
/// result was changed, or a unit was counted twice or left out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum ImpossibleTally {
    /// The weighted thirds of boards do not make whole boards.
    #[error("its total, {thirds} thirds of a board, is not a whole number of boards")]
    NotWholeBoards {
        /// The thirds found.
        thirds: u128,
    },
    /// Burnside's lemma: total + 2·F90 + F180 must split into classes of 8.
    #[error("its total of {} on the {n}×{n} board breaks Burnside's lemma (the total plus 2×{quarter} quarter-turn and {half} half-turn symmetric boards must divide by 8)", crate::plural(total, "board"))]
    NotWholeClasses {
        /// The board size.
        n: usize,
        /// The total found.
        total: u128,
        /// Boards a quarter turn leaves unchanged.
        quarter: u128,
        /// Boards a half turn leaves unchanged.
        half: u128,
    },
}

/// A plan that cannot be made: its method does not count boards that
/// large (see [`crate::count::Method::max_n`]).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("the {method} method counts boards up to n = {max}, not {n}")]
pub struct PlanError {
    /// The method's name.
    pub method: &'static str,
    /// The board size asked for.
    pub n: usize,
    /// The largest the method counts.
    pub max: usize,
}
