//! `bitmask`: the fast algorithm. Columns, ↘ and ↗ attacks are three
//! bitmasks (the board's one attack state); a row's free squares are one
//! expression and the lowest set bit is the next column to try.

use crate::board::Attacks;
use crate::stats::Probe;
use crate::{enumerate, BoardSize, Event, Sink, Solution, Square, Stats};

/// Enumerates with the bitmask search. A sink that traces is told the
/// same search step by step: each row read in one [`Event::Scan`], then
/// its free squares placed lowest bit first (no square is tried alone).
pub(crate) fn enumerate<S: Sink>(size: BoardSize, sink: S) -> Result<Stats, S::Error> {
    let mut stats = Stats::new(size.get());
    if sink.traces() {
        let n = size.get();
        let mut story = Story {
            full: u32::MAX.checked_shr(32 - n as u32).unwrap_or(0),
            queens: Solution::from_columns(vec![0; n]),
            stats,
            sink,
        };
        story.row(0, Attacks::default())?;
        return Ok(story.stats);
    }
    let summary = enumerate::solve_below(size, &[], sink, &mut stats)?;
    stats.solutions = summary.solutions;
    Ok(stats)
}

/// The traced search: the masks of each row are passed down by value, so
/// a queen is lifted by returning to the row above's masks.
struct Story<S> {
    full: u32,
    queens: Solution,
    stats: Stats,
    sink: S,
}

impl<S: Sink> Story<S> {
    fn emit(&mut self, row: usize, event: Event) -> Result<bool, S::Error> {
        self.sink.event(&event, &self.queens.columns()[..row])
    }

    /// Searches below a placement of rows `0..row`; false means stop.
    fn row(&mut self, row: usize, attacks: Attacks) -> Result<bool, S::Error> {
        if row == self.queens.n() {
            self.stats.solutions += 1;
            return self.sink.solution(&self.queens);
        }
        let full = self.full;
        let mut free = attacks.free(full);
        self.stats.examine(row, attacks, free);
        let (cols, diag, anti) = (
            attacks.cols & full,
            attacks.diag & full,
            attacks.anti & full,
        );
        if !self.emit(
            row,
            Event::Scan {
                row,
                cols,
                diag,
                anti,
            },
        )? {
            return Ok(false);
        }
        if free == 0 {
            return self.emit(row, Event::DeadEnd { row });
        }
        while free != 0 {
            let bit = free & free.wrapping_neg();
            let at = Square {
                row,
                col: bit.trailing_zeros() as usize,
            };
            self.stats.node(row + 1);
            self.queens.columns_mut()[row] = at.col as u32;
            if !self.emit(row, Event::Place(at))? || !self.row(row + 1, attacks.place(bit))? {
                return Ok(false);
            }
            if !self.emit(row, Event::Lift(at))? {
                return Ok(false);
            }
            free ^= bit;
        }
        Ok(true)
    }
}
