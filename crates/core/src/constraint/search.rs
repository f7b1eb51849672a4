//! The searches that complete a board: tightest row first (the fastest
//! to a completion), or rows in order (completions in lexicographic
//! order); both end a branch once a row or a column can no longer be
//! filled.

use super::frontier::Frontier;
use super::partial::Partial;

/// How a search for every completion ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    /// Every completion was found.
    Exhausted,
    /// The sink said stop.
    Stopped,
    /// `give_up` said stop.
    GaveUp,
}

/// How often (in nodes) the search asks whether to give up.
const ASK_EVERY: u64 = 1 << 12;

/// A depth-first search that hands each completion to `found`, which says
/// whether to go on.
pub(super) struct Search<'a> {
    board: Frontier,
    columns: Vec<u32>,
    nodes: u64,
    give_up: &'a dyn Fn() -> bool,
    found: &'a mut dyn FnMut(&[u32]) -> bool,
}

impl<'a> Search<'a> {
    pub(super) fn new(
        partial: &Partial,
        give_up: &'a dyn Fn() -> bool,
        found: &'a mut dyn FnMut(&[u32]) -> bool,
    ) -> Search<'a> {
        let blocked: Vec<(usize, usize)> = partial.blocked.iter().map(|s| (s.row, s.col)).collect();
        let mut search = Search {
            board: Frontier::new(partial.n, &blocked),
            columns: vec![0; partial.n],
            nodes: 0,
            give_up,
            found,
        };
        for queen in &partial.queens {
            search.board.place(queen.row, queen.col);
            search.columns[queen.row] = queen.col as u32;
        }
        search
    }

    pub(super) fn fill(&mut self) -> End {
        self.nodes += 1;
        if self.nodes.is_multiple_of(ASK_EVERY) && (self.give_up)() {
            return End::GaveUp;
        }
        let Some((row, free)) = self.tightest_row() else {
            return match self.board.open_rows() == 0 && !(self.found)(&self.columns) {
                true => End::Stopped,
                false => End::Exhausted,
            };
        };
        self.try_each(row, free, Self::fill)
    }

    /// Fills the open rows top to bottom, each with its free columns left
    /// to right, so that completions come in lexicographic order; a
    /// branch ends, as in [`Search::fill`], once a row or a column can no
    /// longer be filled.
    pub(super) fn fill_in_order(&mut self) -> End {
        self.nodes += 1;
        if self.nodes.is_multiple_of(ASK_EVERY) && (self.give_up)() {
            return End::GaveUp;
        }
        let open = self.board.open_rows();
        if open == 0 {
            return match (self.found)(&self.columns) {
                true => End::Exhausted,
                false => End::Stopped,
            };
        }
        if self.tightest_row().is_none() {
            return End::Exhausted;
        }
        let row = open.trailing_zeros() as usize;
        self.try_each(row, self.board.free(row), Self::fill_in_order)
    }

    /// Places a queen on each column of `free` in `row` in turn, left to
    /// right, and goes on with `next`: the first end that is not
    /// [`End::Exhausted`] ends the row.
    fn try_each(&mut self, row: usize, mut free: u64, next: fn(&mut Self) -> End) -> End {
        while free != 0 {
            let col = free.trailing_zeros() as usize;
            free &= free - 1;
            self.board.place(row, col);
            self.columns[row] = col as u32;
            let end = next(self);
            self.board.lift(row, col);
            if end != End::Exhausted {
                return end;
            }
        }
        End::Exhausted
    }

    /// The open row with the fewest free squares and those squares; None
    /// when every row is filled, or when some open row or open column has
    /// no free square left (the branch is dead).
    fn tightest_row(&self) -> Option<(usize, u64)> {
        let mut rows = self.board.open_rows();
        let (mut best, mut reach) = (None::<(usize, u64)>, 0u64);
        while rows != 0 {
            let row = rows.trailing_zeros() as usize;
            rows &= rows - 1;
            let free = self.board.free(row);
            if free == 0 {
                return None;
            }
            reach |= free;
            if best.is_none_or(|(_, b)| free.count_ones() < b.count_ones()) {
                best = Some((row, free));
            }
        }
        (reach == self.board.open_cols()).then_some(best).flatten()
    }
}
