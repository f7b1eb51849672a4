//! `--stats` as text, for stderr.

use nqueens::Stats;
use std::io::{self, Write};

/// Writes `--stats` as text (for stderr).
pub fn write_stats(out: &mut dyn Write, stats: &Stats) -> io::Result<()> {
    let profile: Vec<String> = stats.profile.iter().map(u128::to_string).collect();
    let r = &stats.rejected;
    writeln!(
        out,
        "nodes:      {} (by depth: {})",
        stats.nodes,
        profile.join(" ")
    )?;
    writeln!(
        out,
        "tested:     {}",
        nqueens::plural(stats.tested, "square")
    )?;
    writeln!(
        out,
        "rejected:   {} (column {}, diagonal {}, anti-diagonal {})",
        r.total(),
        r.column,
        r.diagonal,
        r.anti_diagonal
    )?;
    writeln!(out, "dead ends:  {}", stats.dead_ends)?;
    writeln!(out, "solutions:  {}", stats.solutions)
}
