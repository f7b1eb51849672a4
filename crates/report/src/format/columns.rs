//! `columns`: one solution per line, its 0-based columns separated by spaces.

use super::{Board, WriteError, Writer};
use std::io::Write;

#[derive(Default)]
pub(crate) struct Columns {
    line: Vec<u8>,
}

impl Writer for Columns {
    fn solution(&mut self, out: &mut dyn Write, board: Board) -> Result<(), WriteError> {
        let solution = board.solution;
        self.line.clear();
        for (i, &col) in solution.columns().iter().enumerate() {
            if i > 0 {
                self.line.push(b' ');
            }
            push_decimal(&mut self.line, col);
        }
        self.line.push(b'\n');
        Ok(out.write_all(&self.line)?)
    }
}

/// Appends `value` in decimal, by hand: this format is the one used for
/// millions of lines, and for the ten million columns of `one`.
fn push_decimal(line: &mut Vec<u8>, mut value: u32) {
    // Searched boards have columns below 32: the short path keeps `solve`
    // as fast as when columns were bytes.
    if value < 100 {
        if value >= 10 {
            line.push(b'0' + (value / 10) as u8);
        }
        line.push(b'0' + (value % 10) as u8);
        return;
    }
    let mut digits = [0u8; 10];
    let mut start = digits.len();
    loop {
        start -= 1;
        digits[start] = b'0' + (value % 10) as u8;
        value /= 10;
        if value == 0 {
            break;
        }
    }
    line.extend_from_slice(&digits[start..]);
}

#[cfg(test)]
mod tests {
    use super::push_decimal;

    #[test]
    fn writes_every_width_of_number() {
        for value in [0, 7, 10, 31, 999, 1000, 99_999_999, u32::MAX] {
            let mut line = Vec::new();
            push_decimal(&mut line, value);
            assert_eq!(String::from_utf8(line).unwrap(), value.to_string());
        }
    }
}
