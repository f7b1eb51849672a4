//! The counting methods: each cuts a board into the prefixes of its units
//! and says what rules the kernels search them under.

use super::join::{self, JOIN_MAX_N};
use super::rules::Rules;
use crate::algorithm::Probe;
use crate::board::{placements, walk_placements};
use crate::{BoardSize, Stats, UnknownMethod};
use std::str::FromStr;

/// Boards below this size are one unit searched whole: their border rows
/// overlap, and there is nothing worth sharing out.
pub(crate) const SMALLEST_SPLIT: usize = 5;

/// Rows the backtracking method's prefixes fill: enough units to share
/// the work out evenly, few enough that each is worth a task.
const BACKTRACK_ROWS: usize = 4;

/// Rows the plain-tree method's prefixes fill.
const PLAIN_ROWS: usize = 3;

/// The smallest even board the join counts faster than backtracking, on
/// one core (bench/join.sh).
pub const JOIN_FROM_EVEN: usize = 16;

/// The smallest odd board the join counts faster than backtracking.
pub const JOIN_FROM_ODD: usize = 19;

/// How a board's solutions are counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Method {
    /// Backtracking over about one board of each symmetry class (the
    /// border-queen rules of the rules module), each board found weighed
    /// by the share of its class it stands for: about 0.22 of the plain
    /// tree's nodes. The fastest exact method, and the default.
    Backtrack,
    /// Backtracking over the whole tree, every board counted once: the
    /// reference the faster method is checked against, and the tree the
    /// teaching algorithms search.
    PlainTree,
    /// Half boards joined by their diagonals (see the join module): no
    /// search to the bottom, and faster than backtracking from about
    /// n = 16 on, more so as n grows. Boards up to [`JOIN_MAX_N`].
    Join,
}

impl Method {
    /// Every method.
    pub const ALL: [Method; 3] = [Method::Backtrack, Method::PlainTree, Method::Join];

    /// The methods that search a tree of rows, unit by unit below a
    /// prefix (their units have rules, statistics and random walks).
    pub const SEARCHES: [Method; 2] = [Method::Backtrack, Method::PlainTree];

    /// The method's name: `backtrack`, `plain` or `join`.
    pub fn name(self) -> &'static str {
        match self {
            Method::Backtrack => "backtrack",
            Method::PlainTree => "plain",
            Method::Join => "join",
        }
    }

    /// Whether the method counts a board of `size` (the join stops at
    /// [`JOIN_MAX_N`]).
    pub fn counts(self, size: BoardSize) -> bool {
        self != Method::Join || size.get() <= JOIN_MAX_N
    }

    /// The fastest method for a board of `size`, from measurements on one
    /// core (bench/RESULTS.md): the join from [`JOIN_FROM_EVEN`] on even
    /// boards and [`JOIN_FROM_ODD`] on odd ones, up to [`JOIN_MAX_N`];
    /// backtracking otherwise.
    ///
    /// ```
    /// use nqueens::count::Method;
    /// use nqueens::BoardSize;
    /// assert_eq!(Method::fastest(BoardSize::new(8)?), Method::Backtrack);
    /// assert_eq!(Method::fastest(BoardSize::new(20)?), Method::Join);
    /// # Ok::<(), nqueens::SizeError>(())
    /// ```
    pub fn fastest(size: BoardSize) -> Method {
        let n = size.get();
        let from = if n.is_multiple_of(2) {
            JOIN_FROM_EVEN
        } else {
            JOIN_FROM_ODD
        };
        match (from..=JOIN_MAX_N).contains(&n) {
            true => Method::Join,
            false => Method::Backtrack,
        }
    }

    /// The method named `name`, where `auto` is [`Method::fastest`] for
    /// `size`.
    pub fn for_board(name: &str, size: BoardSize) -> Result<Method, UnknownMethod> {
        match name {
            "auto" => Ok(Method::fastest(size)),
            name => name.parse(),
        }
    }

    /// The version of the method's plans: it changes whenever the units a
    /// board is cut into, or what they count, change.
    pub fn plan_version(self) -> u32 {
        1
    }

    /// The prefixes of the board's units, in the plan's order.
    pub(crate) fn prefixes(self, size: BoardSize) -> Vec<Vec<u8>> {
        let n = size.get();
        if self == Method::Join {
            let rows_of = |rows: u32| (0..n as u8).filter(|&row| rows >> row & 1 == 1).collect();
            return join::east_row_sets(n).into_iter().map(rows_of).collect();
        }
        if n < SMALLEST_SPLIT {
            return vec![Vec::new()];
        }
        match self {
            Method::Backtrack => symmetric_prefixes(n),
            Method::PlainTree => {
                let full = size.full_mask();
                placements(Vec::new(), PLAIN_ROWS.min(n - 2), &|_| full)
            }
            Method::Join => unreachable!("join plans were cut above"),
        }
    }

    /// The rules of the unit below `prefix` (not empty).
    pub(crate) fn rules(self, n: usize, prefix: &[u8]) -> Rules {
        match self {
            Method::Backtrack => Rules::symmetric(n, prefix),
            Method::PlainTree | Method::Join => Rules::plain(n),
        }
    }

    /// What the search visits above the units: the root, and the nodes
    /// of the shorter prefixes (for the plain tree, with every square they
    /// examine, so that its statistics are Knuth's exactly).
    pub(crate) fn above(self, size: BoardSize, prefixes: &[Vec<u8>]) -> Stats {
        let mut stats = Stats::new(size.get());
        let depth = prefixes.first().map_or(0, Vec::len);
        match self {
            Method::Backtrack => {
                for shorter in 1..depth {
                    let mut heads: Vec<&[u8]> = prefixes.iter().map(|p| &p[..shorter]).collect();
                    heads.dedup();
                    stats.placed(shorter, heads.len() as u32);
                }
            }
            Method::PlainTree if depth > 0 => {
                let full = size.full_mask();
                walk_placements(&mut Vec::new(), depth, &|_| full, &mut |prefix, attacks| {
                    if prefix.len() < depth {
                        stats.placed(prefix.len(), u32::from(!prefix.is_empty()));
                        stats.examine(prefix.len(), attacks, attacks.free(full));
                    }
                });
            }
            Method::PlainTree | Method::Join => {}
        }
        stats
    }
}

/// The backtracking method's units, always the same, in the same order:
/// the corner cases by their row-1 column, then the edge cases by the top
/// queen's column, each by the columns of the next rows.
fn symmetric_prefixes(n: usize) -> Vec<Vec<u8>> {
    let corners = (2..n - 1).map(|col| vec![0, col as u8]);
    let edges = (1..n).take_while(|&a| a < n - 1 - a).map(|a| vec![a as u8]);
    let rows = BACKTRACK_ROWS.min(n - 2);
    corners
        .chain(edges)
        .flat_map(|first_rows| {
            let rules = Rules::symmetric(n, &first_rows);
            placements(first_rows, rows, &|row| rules.allowed[row])
        })
        .collect()
}

impl std::fmt::Display for Method {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Method {
    type Err = UnknownMethod;

    fn from_str(text: &str) -> Result<Method, UnknownMethod> {
        Method::ALL
            .into_iter()
            .find(|method| method.name() == text)
            .ok_or_else(|| UnknownMethod(text.into()))
    }
}
