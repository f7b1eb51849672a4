//! `nqueens count`: total and unique solutions, as text or JSON, with the
//! search statistics when asked.

use crate::args::Count;
use crate::format;
use crate::progress::with_progress;
use nqueens::{canonical_class_size, from_fn, Counts, Stats};
use serde::Serialize;
use std::convert::Infallible;
use std::io::{self, Write};
use std::time::Instant;

#[derive(Serialize)]
struct Report<'a> {
    n: usize,
    total: u128,
    unique: u128,
    nodes: u128,
    seconds: f64,
    threads: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    stats: Option<StatsReport<'a>>,
}

/// `--stats` of the full-symmetry search: what it visited, and what share
/// of the plain backtrack tree that is (the ideal is 1/8).
#[derive(Serialize)]
struct StatsReport<'a> {
    #[serde(flatten)]
    stats: &'a Stats,
    #[serde(skip_serializing_if = "Option::is_none")]
    subproblems: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    plain_tree_nodes: Option<u128>,
    #[serde(skip_serializing_if = "Option::is_none")]
    fraction_of_plain_tree: Option<f64>,
}

pub fn run(request: &Count, out: &mut dyn Write) -> io::Result<()> {
    let started = Instant::now();
    let (tally, stats, threads) = if request.symmetric {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(request.threads)
            .build()
            .map_err(io::Error::other)?;
        let (tally, stats) = pool.install(|| symmetric(request));
        (tally, stats, request.threads)
    } else {
        let (tally, stats) = by_enumeration(request);
        (tally, Some(stats), 1)
    };
    let seconds = started.elapsed().as_secs_f64();
    let size = request.search.size();
    let stats = stats.filter(|_| request.stats);
    let report = Report {
        n: size.get(),
        total: tally.total,
        unique: tally.unique,
        nodes: tally.nodes,
        seconds,
        threads,
        stats: stats.as_ref().map(|stats| stats_report(request, stats)),
    };
    if request.json {
        serde_json::to_writer(&mut *out, &report)?;
        return writeln!(out);
    }
    writeln!(out, "total:  {}\nunique: {}", tally.total, tally.unique)?;
    match &report.stats {
        Some(extra) => write_stats(extra),
        None => Ok(()),
    }
}

/// Bitmask with the full 8-fold symmetry, on the current thread pool.
fn symmetric(request: &Count) -> (Counts, Option<Stats>) {
    let size = request.search.size();
    if request.stats {
        let (tally, stats) = nqueens::count_unique_with_stats(size);
        return (tally, Some(stats));
    }
    let list = nqueens::subproblems(size);
    let mut tally = with_progress(list.len() as u64, request.quiet, |done| {
        nqueens::count_subproblems(size, &list, done)
    });
    tally.nodes += nqueens::prefix_nodes(&list);
    (Counts::from_tally(size, tally), None)
}

/// Any other engine: every solution found, each checked for being the
/// canonical board of its class.
fn by_enumeration(request: &Count) -> (Counts, Stats) {
    let mut tally = Counts::default();
    let sink = from_fn(|solution| {
        tally.total += 1;
        tally.unique += u128::from(canonical_class_size(solution).is_some());
        Ok::<_, Infallible>(true)
    });
    let Ok(stats) = request.search.enumerate(sink);
    tally.nodes = stats.nodes;
    (tally, stats)
}

fn stats_report<'a>(request: &Count, stats: &'a Stats) -> StatsReport<'a> {
    let size = request.search.size();
    let plain = request.symmetric.then(|| nqueens::plain_tree_nodes(size));
    StatsReport {
        stats,
        subproblems: request.symmetric.then(|| nqueens::subproblems(size).len()),
        plain_tree_nodes: plain,
        fraction_of_plain_tree: plain.map(|plain| stats.nodes as f64 / plain as f64),
    }
}

fn write_stats(report: &StatsReport) -> io::Result<()> {
    let mut err = io::stderr().lock();
    format::write_stats(&mut err, report.stats)?;
    if let (Some(subproblems), Some(plain), Some(fraction)) = (
        report.subproblems,
        report.plain_tree_nodes,
        report.fraction_of_plain_tree,
    ) {
        writeln!(err, "subproblems: {subproblems}")?;
        writeln!(err, "plain tree: {plain} nodes; this search visited {fraction:.3} of them (ideal 1/8 = 0.125)")?;
    }
    Ok(())
}
