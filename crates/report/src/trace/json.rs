//! `trace --json`: one event per line, the stream the visualizer replays.

use super::{Stop, TraceWriter};
use crate::schema::{TraceLine as Line, TraceStep};
use nqueens::{Event, Solution, Stats};
use std::io::{self, Write};

/// `trace --json`: one [`crate::schema::TraceLine`] per line, each step
/// and solution with its listing line ([`TraceStep`]).
#[derive(Default)]
pub struct Json;

fn write_line(out: &mut dyn Write, line: &impl serde::Serialize) -> io::Result<()> {
    serde_json::to_writer(&mut *out, line)?;
    out.write_all(b"\n")
}

impl TraceWriter for Json {
    fn event(&mut self, out: &mut dyn Write, event: &Event, line: Option<usize>) -> io::Result<()> {
        let step = Line::from(event);
        write_line(out, &TraceStep { step, line })
    }

    fn solution(
        &mut self,
        out: &mut dyn Write,
        solution: &Solution,
        index: u64,
        line: Option<usize>,
    ) -> io::Result<()> {
        let columns = solution.columns();
        let step = Line::Solution { index, columns };
        write_line(out, &TraceStep { step, line })
    }

    fn done(
        &mut self,
        out: &mut dyn Write,
        stats: &Stats,
        stopped: Option<Stop>,
    ) -> io::Result<()> {
        let stopped = stopped.map(Stop::name);
        write_line(out, &Line::Done { stats, stopped })
    }
}
