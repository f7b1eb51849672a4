//! The validated board size.

use crate::SizeError;

/// The largest board the engine searches.
///
/// The fast searches (enumeration and counting) keep the free columns of a
/// row, and the squares attacked along each diagonal direction, as one bit
/// per column in a `u32` machine word ([`crate::board`]'s attack state):
/// that is what makes a node cost a handful of instructions. 32 columns is
/// therefore the natural bound. It is no practical limit either: the largest board ever
/// counted is n = 27, after a year of computing on FPGA clusters, and each extra
/// row multiplies the work by about n/e.
pub const MAX_N: usize = 32;

/// A board size `n` in `0..=MAX_N`; n = 0 is the empty board, which has exactly
/// one solution (OEIS A000170 starts 1, 1, 0, 0, 2, ...).
///
/// ```
/// use nqueens::BoardSize;
/// assert_eq!(BoardSize::new(8).unwrap().get(), 8);
/// let err = BoardSize::new(33).unwrap_err();
/// assert_eq!(err.to_string(), "board size 33 is not supported: n must be an integer from 0 to 32");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct BoardSize(u8);

impl BoardSize {
    /// Checks that `n` is a supported size.
    pub fn new(n: usize) -> Result<Self, SizeError> {
        match u8::try_from(n) {
            Ok(small) if n <= MAX_N => Ok(Self(small)),
            _ => Err(SizeError {
                given: n as u64,
                max: MAX_N,
            }),
        }
    }

    /// The number of rows (and columns).
    pub fn get(self) -> usize {
        usize::from(self.0)
    }

    /// A mask with one bit set for each column of the board.
    pub(crate) fn full_mask(self) -> u32 {
        match self.0 {
            32 => u32::MAX,
            n => (1u32 << n) - 1,
        }
    }
}

impl std::fmt::Display for BoardSize {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_zero_to_thirty_two() {
        for n in 0..=MAX_N {
            assert_eq!(BoardSize::new(n).unwrap().get(), n);
        }
        assert_eq!(BoardSize::new(32).unwrap().full_mask(), u32::MAX);
        assert_eq!(BoardSize::new(0).unwrap().full_mask(), 0);
        assert_eq!(BoardSize::new(5).unwrap().full_mask(), 0b11111);
    }

    #[test]
    fn refuses_larger_sizes_naming_the_value() {
        for n in [33, 255, 256, 1 << 40] {
            let err = BoardSize::new(n).unwrap_err();
            assert_eq!(err.given, n as u64);
            assert!(err.to_string().contains(&n.to_string()));
            assert!(err.to_string().contains("0 to 32"));
        }
    }
}
