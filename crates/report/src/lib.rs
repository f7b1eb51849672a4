//! What every `nqueens` surface prints, so that the command line and the
//! web server print the same: boards drawn in the six `solve` formats
//! ([`format`]) and read back from any of them ([`read`]), pictures
//! ([`picture`]: SVG and FEN), the trace narrated as text or JSON lines,
//! the statistics as text, and the JSON report types of `count`,
//! `--stats`, `trace` and `compare` ([`schema`], documented field by
//! field), the conflicts that `verify` and `complete` explain
//! ([`constraint`]), and a whole answer checked against every solution
//! ([`answer`]).
#![deny(missing_docs)]

pub mod answer;
pub mod constraint;
mod count;
pub mod estimate;
pub mod format;
pub mod picture;
pub mod published;
pub mod read;
pub mod refusal;
pub mod runs;
pub mod schema;
pub mod stamp;
pub mod trace;

pub use count::SHARDS_BY_THE_COMMAND_LINE;
pub use format::{write_stats, Board, Format, Marks, WriteError, Writer};
pub use trace::{Stop, TraceWriter};
