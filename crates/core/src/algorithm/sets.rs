//! `sets`: three hash sets, of the taken columns, of r − c (↘ diagonals) and
//! of r + c (↗ anti-diagonals): an O(1) check; placing adds to all three and
//! lifting removes from all three.

use super::walk::Tracker;
use crate::{Reason, Square};
use std::collections::HashSet;

pub(crate) struct HashSets {
    cols: HashSet<isize>,
    diags: HashSet<isize>,
    antis: HashSet<isize>,
}

fn keys(row: usize, col: usize) -> (isize, isize, isize) {
    let (r, c) = (row as isize, col as isize);
    (c, r - c, r + c)
}

impl Tracker for HashSets {
    fn new(_n: usize) -> Self {
        HashSets {
            cols: HashSet::new(),
            diags: HashSet::new(),
            antis: HashSet::new(),
        }
    }

    fn conflict(&self, _standing: &[Square], row: usize, col: usize) -> Option<Reason> {
        let (c, d, a) = keys(row, col);
        if self.cols.contains(&c) {
            Some(Reason::Column)
        } else if self.diags.contains(&d) {
            Some(Reason::Diagonal)
        } else if self.antis.contains(&a) {
            Some(Reason::AntiDiagonal)
        } else {
            None
        }
    }

    fn place(&mut self, row: usize, col: usize) {
        let (c, d, a) = keys(row, col);
        self.cols.insert(c);
        self.diags.insert(d);
        self.antis.insert(a);
    }

    fn lift(&mut self, row: usize, col: usize) {
        let (c, d, a) = keys(row, col);
        self.cols.remove(&c);
        self.diags.remove(&d);
        self.antis.remove(&a);
    }

    fn is_clear(&self) -> bool {
        self.cols.is_empty() && self.diags.is_empty() && self.antis.is_empty()
    }
}
