//! The surfaces that count (the command line, the web server, Python)
//! take a count's `seconds` from the engine's one run loop, which times
//! the units alone, after the request is resolved and the sink started:
//! none of their count modules reads a clock into seconds, so the three
//! report the same thing by construction.

use std::fs;
use std::path::Path;

/// Every module of a surface that runs a count.
const COUNTING: [&str; 7] = [
    "crates/cli/src/cmd/count.rs",
    "crates/cli/src/cmd/long_count.rs",
    "crates/cli/src/cmd/count_enumerate.rs",
    "crates/server/src/api/count.rs",
    "python/src/counting.rs",
    "python/src/long_count.rs",
    "python/src/stats.rs",
];

#[test]
fn no_surface_times_a_count_itself() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    for file in COUNTING {
        let text = fs::read_to_string(root.join(file)).unwrap();
        assert!(
            !text.contains("as_secs_f64"),
            "{file} times a count itself: its seconds are the run's (CountEnd::seconds)"
        );
        assert!(
            text.contains("enumerate_count") || text.contains(".run("),
            "{file} does not count through the engine's run"
        );
    }
}
