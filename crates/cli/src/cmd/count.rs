//! `nqueens count`: the number of solutions, bare or as JSON, with the
//! search statistics when asked.

use crate::args::Count;
use crate::format;
use nqueens::Stats;
use serde::Serialize;
use std::io::{self, Write};
use std::time::Instant;

#[derive(Serialize)]
struct Report<'a> {
    n: usize,
    total: u128,
    seconds: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    stats: Option<&'a Stats>,
}

pub fn run(request: &Count, out: &mut dyn Write) -> io::Result<()> {
    let started = Instant::now();
    let (total, stats) = if request.fast {
        (nqueens::count(request.search.size()), None)
    } else {
        let counted = request.search.count(request.symmetry);
        (counted.total, Some(counted.stats))
    };
    let seconds = started.elapsed().as_secs_f64();
    let stats = stats.filter(|_| request.stats);
    if request.json {
        let report = Report {
            n: request.search.size().get(),
            total,
            seconds,
            stats: stats.as_ref(),
        };
        serde_json::to_writer(&mut *out, &report)?;
        return writeln!(out);
    }
    writeln!(out, "{total}")?;
    match &stats {
        Some(stats) => format::write_stats(&mut io::stderr().lock(), stats),
        None => Ok(()),
    }
}
