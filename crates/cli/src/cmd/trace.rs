//! `nqueens trace`: run a search with a sink that narrates every step.

use crate::args::Trace;
use nqueens_report::trace::{narrate, Json, Text, TraceWriter};
use std::io::{self, Write};

pub fn run(request: &Trace, out: &mut dyn Write) -> io::Result<()> {
    let mut writer: Box<dyn TraceWriter> = if request.json {
        Box::new(Json)
    } else {
        Box::new(Text::default())
    };
    let max_events = request.max_events.unwrap_or(u64::MAX);
    narrate(
        &request.solver,
        writer.as_mut(),
        out,
        request.until,
        max_events,
    )
}
