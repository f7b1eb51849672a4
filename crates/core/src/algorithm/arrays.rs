//! `arrays`: three boolean arrays, indexed by column, by r + c and by
//! r − c + n − 1 (so that the index is never negative).

use super::walk::Tracker;
use crate::{Reason, Square};

pub(crate) struct BoolArrays {
    n: usize,
    cols: Vec<bool>,
    diags: Vec<bool>,
    antis: Vec<bool>,
}

impl BoolArrays {
    fn set(&mut self, row: usize, col: usize, value: bool) {
        self.cols[col] = value;
        self.diags[row + self.n - 1 - col] = value;
        self.antis[row + col] = value;
    }
}

impl Tracker for BoolArrays {
    fn new(n: usize) -> Self {
        let lines = (2 * n).saturating_sub(1);
        BoolArrays {
            n,
            cols: vec![false; n],
            diags: vec![false; lines],
            antis: vec![false; lines],
        }
    }

    fn conflict(&self, _standing: &[Square], row: usize, col: usize) -> Option<Reason> {
        if self.cols[col] {
            Some(Reason::Column)
        } else if self.diags[row + self.n - 1 - col] {
            Some(Reason::Diagonal)
        } else if self.antis[row + col] {
            Some(Reason::AntiDiagonal)
        } else {
            None
        }
    }

    fn place(&mut self, row: usize, col: usize) {
        self.set(row, col, true);
    }

    fn lift(&mut self, row: usize, col: usize) {
        self.set(row, col, false);
    }

    fn is_clear(&self) -> bool {
        !(self.cols.iter().chain(&self.diags).chain(&self.antis)).any(|&taken| taken)
    }
}
