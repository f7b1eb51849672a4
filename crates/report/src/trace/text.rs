//! `trace`: the search narrated as the tutorials do it by hand, one line
//! per row visit:
//!
//! ```text
//! row 1: col 0 ✗ column (queen at row 0, col 0) · col 1 ✗ diagonal (queen at row 0, col 0) · col 2 ✓ place
//! row 2: col 0 ✗ ... · col 3 ✗ ... → dead end, lift row 1 (col 2)
//! ```

use super::{Stop, TraceWriter};
use nqueens::{plural, Event, Glyphs, Reason, Solution, Square, Stats};
use std::io::{self, Write};

/// `trace`: the search narrated in words, one line per row visit.
#[derive(Default)]
pub struct Text {
    /// The row whose line is being written, if a line is open.
    open: Option<usize>,
    /// Items written on the open line.
    items: usize,
    /// The open line ends in "→ dead end" and waits for the lift.
    dead_end: bool,
    /// The square examined last.
    tried: Option<Square>,
}

/// The columns of a mask's bits: "col 0, 1, 3", or "none".
fn columns(mask: u32) -> String {
    let cols: Vec<String> = (0..32)
        .filter(|c| mask >> c & 1 == 1)
        .map(|c| c.to_string())
        .collect();
    if cols.is_empty() {
        "none".into()
    } else {
        format!("col {}", cols.join(", "))
    }
}

fn reason_name(reason: Reason) -> &'static str {
    match reason {
        Reason::Column => "column",
        Reason::Diagonal => "diagonal",
        Reason::AntiDiagonal => "anti-diagonal",
    }
}

impl Text {
    fn close(&mut self, out: &mut dyn Write) -> io::Result<()> {
        self.dead_end = false;
        if self.open.take().is_some() {
            out.write_all(b"\n")?;
        }
        Ok(())
    }

    /// Starts (or continues) the line of `row` and writes the item separator.
    fn item(&mut self, out: &mut dyn Write, row: usize) -> io::Result<()> {
        if self.open != Some(row) {
            self.close(out)?;
            write!(out, "row {row}: ")?;
            (self.open, self.items) = (Some(row), 0);
        }
        if self.items > 0 {
            out.write_all(" · ".as_bytes())?;
        }
        self.items += 1;
        Ok(())
    }
}

impl TraceWriter for Text {
    fn event(
        &mut self,
        out: &mut dyn Write,
        event: &Event,
        _line: Option<usize>,
    ) -> io::Result<()> {
        match *event {
            // A square is narrated once its verdict is known.
            Event::Try(at) => {
                self.tried = Some(at);
                Ok(())
            }
            Event::Reject { at, reason, by } if self.tried == Some(at) => {
                self.item(out, at.row)?;
                let why = reason_name(reason);
                write!(
                    out,
                    "col {} ✗ {why} (queen at row {}, col {})",
                    at.col, by.row, by.col
                )
            }
            Event::Reject { at, reason, by } => {
                // Brute force tests whole arrangements: the clash can be
                // anywhere on the board.
                self.close(out)?;
                let last = self.tried.map_or(at, |tried| tried);
                writeln!(
                    out,
                    "row {}, col {}: arrangement complete ✗ {} (queens at row {}, col {} and row {}, col {})",
                    last.row, last.col, reason_name(reason), by.row, by.col, at.row, at.col
                )
            }
            Event::Place(at) if self.open == Some(at.row) && self.items > 0 => {
                self.item(out, at.row)?;
                write!(out, "col {} ✓ place", at.col)?;
                self.close(out)
            }
            Event::Place(at) => {
                self.close(out)?;
                writeln!(out, "row {}, col {}: place", at.row, at.col)
            }
            Event::DeadEnd { row } => {
                if self.open != Some(row) {
                    self.close(out)?;
                    write!(out, "row {row}:")?;
                    self.open = Some(row);
                }
                out.write_all(" → dead end".as_bytes())?;
                self.dead_end = true;
                Ok(())
            }
            Event::Lift(at) if self.dead_end => {
                write!(out, ", lift row {} (col {})", at.row, at.col)?;
                self.close(out)
            }
            Event::Lift(at) => {
                self.close(out)?;
                writeln!(out, "lift row {} (col {})", at.row, at.col)
            }
            Event::Scan {
                row,
                cols,
                diag,
                anti,
            } => {
                self.item(out, row)?;
                write!(out, "attacked at once: {}", columns(cols | diag | anti))
            }
        }
    }

    fn solution(
        &mut self,
        out: &mut dyn Write,
        solution: &Solution,
        index: u64,
        _line: Option<usize>,
    ) -> io::Result<()> {
        self.close(out)?;
        let columns: Vec<String> = solution.columns().iter().map(u32::to_string).collect();
        writeln!(out, "solution {}: [{}]", index + 1, columns.join(", "))?;
        for row in solution.render(&Glyphs::default()) {
            writeln!(out, "  {row}")?;
        }
        Ok(())
    }

    fn done(
        &mut self,
        out: &mut dyn Write,
        stats: &Stats,
        stopped: Option<Stop>,
    ) -> io::Result<()> {
        self.close(out)?;
        match stopped {
            Some(Stop::MaxEvents(k)) => writeln!(
                out,
                "stopped after {} (--max-events {k})",
                plural(k, "event")
            )?,
            Some(Stop::FirstSolution) => {
                writeln!(out, "stopped at the first solution (--until all goes on)")?
            }
            None => writeln!(out, "search complete")?,
        }
        let r = &stats.rejected;
        writeln!(
            out,
            "{}, {} tested, {} rejected (column {}, diagonal {}, anti-diagonal {}), {}, {}",
            plural(stats.nodes, "node"),
            plural(stats.tested, "square"),
            r.total(),
            r.column,
            r.diagonal,
            r.anti_diagonal,
            plural(stats.dead_ends, "dead end"),
            plural(stats.solutions, "solution")
        )
    }
}
