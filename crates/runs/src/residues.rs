//! Residues modulo 13 and 15: a few bytes stored beside a count that a
//! flipped bit or a hand edit of the count almost never keeps in step
//! (a change is caught unless it is a multiple of 195).

/// `value` mod 13 and mod 15.
///
/// ```
/// assert_eq!(nqueens_runs::residues(14_772_512), [14_772_512 % 13, 14_772_512 % 15].map(|r| r as u8));
/// ```
pub fn residues(value: u128) -> [u8; 2] {
    [(value % 13) as u8, (value % 15) as u8]
}
