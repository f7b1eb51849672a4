//! `naive`: no attack state at all; each check scans the queens on the
//! board (those above, and any given below) for one in the same column or
//! on either diagonal, O(n) per square.

use super::walk::Tracker;
use crate::{Reason, Square};

pub(crate) struct ScanQueens;

impl Tracker for ScanQueens {
    fn new(_n: usize) -> Self {
        ScanQueens
    }

    fn conflict(&self, standing: &[Square], row: usize, col: usize) -> Option<Reason> {
        let (r, c) = (row as isize, col as isize);
        let hits = |test: &dyn Fn(isize, isize) -> bool| {
            (standing.iter()).any(|q| test(q.row as isize, q.col as isize))
        };
        if hits(&|_, qc| qc == c) {
            Some(Reason::Column)
        } else if hits(&|qr, qc| r - qr == c - qc) {
            Some(Reason::Diagonal)
        } else if hits(&|qr, qc| r - qr == qc - c) {
            Some(Reason::AntiDiagonal)
        } else {
            None
        }
    }

    fn place(&mut self, _row: usize, _col: usize) {}

    fn lift(&mut self, _row: usize, _col: usize) {}

    fn is_clear(&self) -> bool {
        true
    }
}
