//! Unique solutions by Burnside's lemma: the number of classes is the
//! average, over the eight symmetries, of the solutions each one leaves
//! unchanged. Reflections leave none for n ≥ 2 (a mirror pairs queens in
//! one row, column or diagonal line), so
//!
//! unique = (total + 2·F90 + F180) / 8,
//!
//! where F90 and F180 count the solutions a quarter and a half turn leave
//! unchanged. Those are few, and found by a small search that places whole
//! orbits of squares at once.

use crate::{ImpossibleTally, Symmetry, MAX_N};

/// The number of classes, given the total number of solutions.
pub(crate) fn unique_from_total(n: usize, total: u128) -> u128 {
    if n < 2 {
        return total;
    }
    let (quarter, half) = fixed_by_turns(n);
    let sum = total + 2 * quarter + half;
    debug_assert_eq!(sum % 8, 0, "Burnside's sum must split into whole classes");
    sum / 8
}

/// Refuses `thirds` of boards that cannot be the whole tally of the n×n
/// board: not whole boards, or a total that does not split into classes.
pub(crate) fn check(n: usize, thirds: u128) -> Result<(), ImpossibleTally> {
    if !thirds.is_multiple_of(3) {
        return Err(ImpossibleTally::NotWholeBoards { thirds });
    }
    let total = thirds / 3;
    if n < 2 {
        return Ok(());
    }
    let (quarter, half) = fixed_by_turns(n);
    match (total + 2 * quarter + half).is_multiple_of(8) {
        true => Ok(()),
        false => Err(ImpossibleTally::NotWholeClasses {
            n,
            total,
            quarter,
            half,
        }),
    }
}

/// The solutions a quarter turn leaves unchanged, and those a half turn
/// does (n ≥ 2).
pub(crate) fn fixed_by_turns(n: usize) -> (u128, u128) {
    let quarter = fixed_by(
        n,
        &[Symmetry::Rotate90, Symmetry::Rotate180, Symmetry::Rotate270],
    );
    (quarter, fixed_by(n, &[Symmetry::Rotate180]))
}

/// The solutions left unchanged by every symmetry in `turns`.
fn fixed_by(n: usize, turns: &[Symmetry]) -> u128 {
    let mut board = OrbitBoard {
        n,
        rows: 0,
        cols: 0,
        diags: 0,
        antis: 0,
    };
    board.fill(turns)
}

/// Queens placed so far: rows and columns taken, and the diagonals taken,
/// by index r − c + 31 (↘) and r + c (↗).
#[derive(Clone, Copy)]
struct OrbitBoard {
    n: usize,
    rows: u32,
    cols: u32,
    diags: u64,
    antis: u64,
}

impl OrbitBoard {
    /// Counts the ways to fill the rows still empty, orbit by orbit.
    fn fill(&mut self, turns: &[Symmetry]) -> u128 {
        let full = u32::MAX >> (32 - self.n);
        if self.rows == full {
            return 1;
        }
        let row = (!self.rows).trailing_zeros() as usize;
        let mut found = 0;
        for col in 0..self.n {
            let mut next = *self;
            if next.place_orbit(row, col, turns) {
                found += next.fill(turns);
            }
        }
        found
    }

    /// Places (row, col) and its images; false if any two queens attack.
    fn place_orbit(&mut self, row: usize, col: usize, turns: &[Symmetry]) -> bool {
        let mut orbit = [(row, col); 4];
        for (slot, turn) in orbit.iter_mut().skip(1).zip(turns) {
            *slot = turn.square(self.n, row, col);
        }
        let orbit = &orbit[..=turns.len()];
        for (i, &(r, c)) in orbit.iter().enumerate() {
            if orbit[..i].contains(&(r, c)) {
                continue; // the centre, or a square a half turn fixes
            }
            let (d, a) = (r + MAX_N - 1 - c, r + c);
            if self.rows & (1 << r) != 0
                || self.cols & (1 << c) != 0
                || self.diags & (1 << d) != 0
                || self.antis & (1 << a) != 0
            {
                return false;
            }
            self.rows |= 1 << r;
            self.cols |= 1 << c;
            self.diags |= 1 << d;
            self.antis |= 1 << a;
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_queens_are_both_quarter_and_half_turn_symmetric() {
        let quarter = [Symmetry::Rotate90, Symmetry::Rotate180, Symmetry::Rotate270];
        assert_eq!(fixed_by(4, &quarter), 2);
        assert_eq!(fixed_by(4, &[Symmetry::Rotate180]), 2);
        assert_eq!(unique_from_total(4, 2), 1);
    }

    #[test]
    fn eight_queens_have_one_half_turn_class() {
        // 92 solutions, 12 classes: 11 of 8 boards and 1 of 4.
        assert_eq!(fixed_by(8, &[Symmetry::Rotate180]), 4);
        assert_eq!(unique_from_total(8, 92), 12);
    }
}
