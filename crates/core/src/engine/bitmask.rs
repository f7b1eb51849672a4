//! `bitmask`: the fast engine. Columns, ↘ and ↗ attacks are three bitmasks;
//! the next row's free squares are one expression and the lowest set bit is
//! the next column to try. Counting uses mirror symmetry unless told not to.

use super::backtrack::{backtrack, Attacks};
use super::{Counted, Engine};
use crate::{count, enumerate, BoardSize, Reason, Sink, Stats};

/// The bitmask engine; `symmetry` applies to counting.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bitmask {
    /// Count half the tree and double it (mirror symmetry).
    pub symmetry: bool,
}

impl Engine for Bitmask {
    fn enumerate<S: Sink>(&self, size: BoardSize, sink: S) -> Result<Stats, S::Error> {
        if sink.traces() {
            // Tracing reports each square: the bitsets below do that one by one.
            return backtrack::<Bits, S>(size, sink);
        }
        let mut stats = Stats::new(size.get());
        let summary = enumerate::solve_probed(size, sink, &mut stats)?;
        stats.solutions = summary.solutions;
        Ok(stats)
    }

    fn count(&self, size: BoardSize) -> Counted {
        let (total, stats) = count::count_with_stats(size, self.symmetry);
        Counted { total, stats }
    }
}

/// The three attack sets as bits, for tracing square by square: bit c of
/// `cols`, bit r − c + 31 of `diags`, bit r + c of `antis`.
struct Bits {
    cols: u64,
    diags: u64,
    antis: u64,
}

fn bits(row: usize, col: usize) -> (u64, u64, u64) {
    (1 << col, 1 << (row + 31 - col), 1 << (row + col))
}

impl Attacks for Bits {
    fn new(_n: usize) -> Self {
        Bits {
            cols: 0,
            diags: 0,
            antis: 0,
        }
    }

    fn conflict(&self, _queens: &[u8], row: usize, col: usize) -> Option<Reason> {
        let (c, d, a) = bits(row, col);
        [
            (self.cols & c, Reason::Column),
            (self.diags & d, Reason::Diagonal),
            (self.antis & a, Reason::AntiDiagonal),
        ]
        .into_iter()
        .find_map(|(hit, reason)| (hit != 0).then_some(reason))
    }

    fn place(&mut self, row: usize, col: usize) {
        let (c, d, a) = bits(row, col);
        (self.cols, self.diags, self.antis) = (self.cols | c, self.diags | d, self.antis | a);
    }

    fn lift(&mut self, row: usize, col: usize) {
        let (c, d, a) = bits(row, col);
        (self.cols, self.diags, self.antis) = (self.cols & !c, self.diags & !d, self.antis & !a);
    }

    fn is_clear(&self) -> bool {
        self.cols | self.diags | self.antis == 0
    }
}
