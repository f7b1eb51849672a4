//! Eight-queens boards in chess notation: the piece-placement field of
//! FEN, which chess tools (board editors, diagram makers) read.

use nqueens::Square;
use std::fmt;

/// FEN was asked for a board that is not 8 × 8: chess has no other size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NotEightByEight {
    /// The board asked for is n × n.
    pub n: usize,
}

impl fmt::Display for NotEightByEight {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.n;
        write!(f, "fen describes 8×8 boards: this board is {n}×{n}")
    }
}

impl std::error::Error for NotEightByEight {}

/// The FEN piece-placement field of the board with a white queen (`Q`)
/// in each row r at column `columns[r]`.
///
/// Row 0 is rank 8, the top row as boards are drawn, and column 0 is
/// file a, so `[0, 4, 7, 5, 2, 6, 1, 3]` is
/// `"Q7/4Q3/7Q/5Q2/2Q5/6Q1/1Q6/3Q4"`. A whole FEN adds the side to move
/// and the rest, e.g. `" w - - 0 1"`.
///
/// # Panics
///
/// If a column is 8 or more: columns come from a board of 8, so that is
/// a bug in the caller.
pub fn fen(columns: &[usize]) -> Result<String, NotEightByEight> {
    let queens: Vec<Square> = columns
        .iter()
        .enumerate()
        .map(|(row, &col)| Square { row, col })
        .collect();
    fen_of_squares(columns.len(), &queens)
}

/// The FEN piece-placement field of an n × n board with a white queen on
/// each of `queens`, for boards with empty rows or several queens in a
/// row (a board being completed, or one that fails `verify`). A square
/// listed twice holds one queen.
///
/// # Panics
///
/// If a square is off the 8 × 8 board.
pub fn fen_of_squares(n: usize, queens: &[Square]) -> Result<String, NotEightByEight> {
    if n != 8 {
        return Err(NotEightByEight { n });
    }
    let mut board = [[false; 8]; 8];
    for queen in queens {
        assert!(
            queen.row < 8 && queen.col < 8,
            "row {}, col {} is off the 8×8 board",
            queen.row,
            queen.col
        );
        board[queen.row][queen.col] = true;
    }
    let ranks: Vec<String> = board.iter().map(rank).collect();
    Ok(ranks.join("/"))
}

/// One rank: `Q` for each queen, and each run of empty squares as its
/// length.
fn rank(squares: &[bool; 8]) -> String {
    let mut text = String::new();
    let mut empty = 0;
    for &queen in squares {
        if queen {
            if empty > 0 {
                text.push_str(&empty.to_string());
                empty = 0;
            }
            text.push('Q');
        } else {
            empty += 1;
        }
    }
    if empty > 0 {
        text.push_str(&empty.to_string());
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn known_boards() {
        let cases: [([usize; 8], &str); 3] = [
            ([0, 4, 7, 5, 2, 6, 1, 3], "Q7/4Q3/7Q/5Q2/2Q5/6Q1/1Q6/3Q4"),
            ([7, 3, 0, 2, 5, 1, 6, 4], "7Q/3Q4/Q7/2Q5/5Q2/1Q6/6Q1/4Q3"),
            ([2, 4, 1, 7, 0, 6, 3, 5], "2Q5/4Q3/1Q6/7Q/Q7/6Q1/3Q4/5Q2"),
        ];
        for (columns, expected) in cases {
            assert_eq!(fen(&columns).unwrap(), expected);
        }
    }

    #[test]
    fn squares_with_empty_rows_and_shared_rows() {
        let at = |row, col| Square { row, col };
        assert_eq!(fen_of_squares(8, &[]).unwrap(), "8/8/8/8/8/8/8/8");
        let queens = [at(0, 0), at(0, 7), at(3, 3), at(3, 3), at(7, 4)];
        assert_eq!(fen_of_squares(8, &queens).unwrap(), "Q6Q/8/8/3Q4/8/8/8/4Q3");
    }

    #[test]
    fn other_sizes_are_refused_in_one_line() {
        let error = fen(&[1, 3, 5, 0, 2, 4]).unwrap_err();
        assert_eq!(error, NotEightByEight { n: 6 });
        assert_eq!(
            error.to_string(),
            "fen describes 8×8 boards: this board is 6×6"
        );
        assert_eq!(
            fen(&[]).unwrap_err().to_string(),
            "fen describes 8×8 boards: this board is 0×0"
        );
        assert!(fen_of_squares(9, &[]).is_err());
    }

    #[test]
    #[should_panic(expected = "off the 8×8 board")]
    fn a_column_off_the_board_is_a_bug() {
        let _ = fen(&[0, 1, 2, 3, 4, 5, 6, 8]);
    }

    proptest! {
        #[test]
        fn every_rank_adds_up_to_eight(
            columns in proptest::collection::vec(0usize..8, 8)
        ) {
            let text = fen(&columns).unwrap();
            let ranks: Vec<&str> = text.split('/').collect();
            prop_assert_eq!(ranks.len(), 8);
            for (row, rank) in ranks.iter().enumerate() {
                let width: u32 = rank.chars().map(|c| c.to_digit(10).unwrap_or(1)).sum();
                prop_assert_eq!(width, 8);
                prop_assert_eq!(rank.matches('Q').count(), 1);
                let before: u32 = rank.split('Q').next().unwrap().parse().unwrap_or(0);
                prop_assert_eq!(before as usize, columns[row]);
            }
        }
    }
}
