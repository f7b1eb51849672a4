//! Numbers in words that agree with them: every front end says "1 unit",
//! "2 units" the same way.

use std::fmt::Display;

/// `count` and `noun`, the noun plural (an `s` added) unless the count is
/// 1.
///
/// ```
/// assert_eq!(nqueens::plural(1, "unit"), "1 unit");
/// assert_eq!(nqueens::plural(0_u128, "solution"), "0 solutions");
/// assert_eq!(nqueens::plural(12_usize, "row"), "12 rows");
/// ```
pub fn plural(count: impl Display, noun: &str) -> String {
    let count = count.to_string();
    let s = if count == "1" { "" } else { "s" };
    format!("{count} {noun}{s}")
}
