//! Shared by the test suites: OEIS figures and a validity check written
//! without any of the engines' code.
#![deny(missing_docs)]

/// OEIS A000170: the number of solutions on an n×n board, n = 0, 1, 2, ...
pub const A000170: [u128; 21] = [
    1,
    1,
    0,
    0,
    2,
    10,
    4,
    40,
    92,
    352,
    724,
    2680,
    14200,
    73712,
    365596,
    2279184,
    14772512,
    95815104,
    666090624,
    4968057848,
    39029188884,
];

/// True when the queens (`columns[r]` = column of row r) attack no one: the
/// definition, pair by pair, written without any of the engine's code.
///
/// A prefix of rows is checked the same way, with columns below `n`: pass
/// the board size as `n` through [`is_valid_on`].
pub fn is_valid(columns: &[u32]) -> bool {
    is_valid_on(columns, columns.len())
}

/// [`is_valid`] for the first rows of an n×n board.
pub fn is_valid_on(columns: &[u32], n: usize) -> bool {
    columns.iter().all(|&c| (c as usize) < n)
        && (0..columns.len()).all(|r1| {
            (r1 + 1..columns.len()).all(|r2| {
                let (c1, c2) = (i64::from(columns[r1]), i64::from(columns[r2]));
                c1 != c2 && (c1 - c2).abs() != (r2 - r1) as i64
            })
        })
}

/// A000170 for board size `n` (for n up to 20).
pub fn total(n: usize) -> u128 {
    A000170[n]
}

/// Every solution of the n×n board in lexicographic order: all permutations
/// of the columns, in order, kept when [`is_valid`]. Slow and obviously right.
pub fn reference_solutions(n: usize) -> Vec<Vec<u32>> {
    fn extend(prefix: &mut Vec<u32>, n: usize, out: &mut Vec<Vec<u32>>) {
        if prefix.len() == n {
            if is_valid(prefix) {
                out.push(prefix.clone());
            }
            return;
        }
        for col in 0..n as u32 {
            if !prefix.contains(&col) {
                prefix.push(col);
                extend(prefix, n, out);
                prefix.pop();
            }
        }
    }
    let mut out = Vec::new();
    extend(&mut Vec::new(), n, &mut out);
    out
}

/// Knuth's backtrack-tree profile (OEIS A319284): entry k is the number of
/// ways to place k non-attacking queens in the first k rows, k = 0..=n.
/// Also returns the dead ends: placements of k < n rows with no extension.
pub fn tree_profile(n: usize) -> (Vec<u128>, u128) {
    fn visit(prefix: &mut Vec<u32>, n: usize, profile: &mut [u128], dead: &mut u128) {
        profile[prefix.len()] += 1;
        if prefix.len() == n {
            return;
        }
        let before = profile[prefix.len() + 1];
        for col in 0..n as u32 {
            prefix.push(col);
            if is_valid_on(prefix, n) {
                visit(prefix, n, profile, dead);
            }
            prefix.pop();
        }
        if profile[prefix.len() + 1] == before {
            *dead += 1;
        }
    }
    let (mut profile, mut dead) = (vec![0; n + 1], 0);
    visit(&mut Vec::new(), n, &mut profile, &mut dead);
    (profile, dead)
}

/// OEIS A002562: solutions up to rotation and reflection, n = 0, 1, 2, ...
/// (n = 0: the empty board, one class).
pub const A002562: [u128; 21] = [
    1, 1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233, 45752, 285053, 1846955, 11977939,
    83263591, 621012754, 4878666808,
];

/// A002562 for board size `n` (for n up to 20).
pub fn unique(n: usize) -> u128 {
    A002562[n]
}

/// Where a symmetry of the n×n board sends square (row, col).
type SquareMap = fn(usize, usize, usize) -> (usize, usize);

/// The eight images of a placement under the board's rotations and
/// reflections, computed square by square (duplicates kept).
pub fn images(columns: &[u32]) -> Vec<Vec<u32>> {
    let n = columns.len();
    let squares: Vec<(usize, usize)> = columns
        .iter()
        .enumerate()
        .map(|(r, &c)| (r, c as usize))
        .collect();
    let maps: [SquareMap; 8] = [
        |_, r, c| (r, c),
        |n, r, c| (c, n - 1 - r),
        |n, r, c| (n - 1 - r, n - 1 - c),
        |n, r, c| (n - 1 - c, r),
        |n, r, c| (r, n - 1 - c),
        |n, r, c| (n - 1 - r, c),
        |_, r, c| (c, r),
        |n, r, c| (n - 1 - c, n - 1 - r),
    ];
    maps.iter()
        .map(|map| {
            let mut image = vec![0u32; n];
            for &(r, c) in &squares {
                let (r2, c2) = map(n, r, c);
                image[r2] = c2 as u32;
            }
            image
        })
        .collect()
}

/// One combination a count can be asked for, named as every surface
/// names its parts: the refusal matrix's row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CountAsk {
    /// The algorithm's name.
    pub algorithm: &'static str,
    /// `auto` or a method's name.
    pub method: String,
    /// `cpu`, `auto` or `gpu`.
    pub device: &'static str,
    /// Statistics of every node.
    pub stats: bool,
    /// Only shard 0 of 2.
    pub shard: bool,
}

impl CountAsk {
    /// The command line's flags for this row.
    pub fn flags(&self) -> Vec<String> {
        let mut flags = vec![
            "--algorithm".to_string(),
            self.algorithm.into(),
            "--method".to_string(),
            self.method.clone(),
            "--device".into(),
            self.device.into(),
        ];
        if self.stats {
            flags.push("--stats".into());
        }
        if self.shard {
            flags.extend(["--shard".to_string(), "0/2".to_string()]);
        }
        flags
    }

    /// Python's keyword arguments of `count()` for this row.
    pub fn keywords(&self) -> String {
        let mut keywords = format!("method={:?}, device={:?}", self.method, self.device);
        if self.stats {
            keywords.push_str(", stats=True");
        }
        if self.shard {
            keywords.push_str(", shard=\"0/2\"");
        }
        keywords
    }

    /// The query parameters of `/api/count` for this row (the server
    /// counts by the bitmask algorithm alone).
    pub fn query(&self) -> String {
        let mut query = format!("method={}&device={}", self.method, self.device);
        if self.stats {
            query.push_str("&stats=true");
        }
        if self.shard {
            query.push_str("&shard=0/2");
        }
        query
    }
}

/// Every row of the refusal matrix: each of `algorithms` with each of
/// `methods` (`auto` first, then every method's name; an enumerating
/// algorithm, which refuses any method alike, with the first two), each
/// device, with and without statistics, whole and as a shard.
pub fn count_asks(algorithms: &[&'static str], methods: &[&str]) -> Vec<CountAsk> {
    let mut asks = Vec::new();
    for &algorithm in algorithms {
        let methods = match algorithm {
            "bitmask" => methods,
            _ => &methods[..2.min(methods.len())],
        };
        for method in methods {
            for device in ["cpu", "auto", "gpu"] {
                for (stats, shard) in [(false, false), (true, false), (false, true), (true, true)] {
                    asks.push(CountAsk {
                        algorithm,
                        method: method.to_string(),
                        device,
                        stats,
                        shard,
                    });
                }
            }
        }
    }
    asks
}

/// Skips a test whose machine lacks what it needs (a Vulkan device, root):
/// says so and why on stderr, and the test returns. Under CI
/// (`NQUEENS_CI` set, as `.ci/run` does) every test must run, so there a
/// skip fails the test instead.
pub fn skip(why: &str) {
    assert!(
        std::env::var_os("NQUEENS_CI").is_none(),
        "CI runs every test, but {why}"
    );
    eprintln!("skipped: {why}");
}
