//! `nqueens count`: the number of solutions, bare or as JSON.

use crate::args::Count;
use serde::Serialize;
use std::io::{self, Write};
use std::time::Instant;

#[derive(Serialize)]
struct Report {
    n: usize,
    total: u128,
    seconds: f64,
}

pub fn run(request: &Count, out: &mut dyn Write) -> io::Result<()> {
    let started = Instant::now();
    let total = nqueens::count(request.size);
    let seconds = started.elapsed().as_secs_f64();
    if request.json {
        let report = Report {
            n: request.size.get(),
            total,
            seconds,
        };
        serde_json::to_writer(&mut *out, &report)?;
        writeln!(out)
    } else {
        writeln!(out, "{total}")
    }
}
