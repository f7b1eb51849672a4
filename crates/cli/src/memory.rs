//! Memory: this machine's, the most a count may take (`--max-memory`,
//! by default half the machine's), and the most the process has held.

use nqueens::count::{Driver, Method};
use nqueens::BoardSize;

/// The machine's memory, from /proc/meminfo (Linux); none elsewhere.
pub fn machine_bytes() -> Option<u64> {
    kibibytes("/proc/meminfo", "MemTotal:")
}

/// The most memory this process has held so far (its peak resident set,
/// Linux); none elsewhere.
pub fn peak_bytes() -> Option<u64> {
    kibibytes("/proc/self/status", "VmHWM:")
}

/// A `NAME: 123 kB` line of a /proc file, in bytes.
fn kibibytes(path: &str, name: &str) -> Option<u64> {
    let text = std::fs::read_to_string(path).ok()?;
    let line = text.lines().find(|line| line.starts_with(name))?;
    let kib: u64 = line[name.len()..]
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    Some(kib * 1024)
}

/// Refuses a count of `size` by `method` that would need more than
/// `limit` bytes (by default half the machine's), with a message that
/// says what it needs. It takes no plan: it comes before the plan is
/// made, which takes seconds for the join's biggest boards.
pub fn check(
    driver: &Driver,
    size: BoardSize,
    method: Method,
    limit: Option<u64>,
) -> Result<(), String> {
    let (limit, which) = match limit {
        Some(limit) => (limit, "--max-memory"),
        None => match machine_bytes() {
            Some(machine) => (
                machine / 2,
                "half this machine's memory, the default --max-memory",
            ),
            None => return Ok(()),
        },
    };
    let needed = driver.memory_bytes(size, method);
    if needed <= limit {
        return Ok(());
    }
    // Advice that works when followed: the limit that lets it run, and
    // one thread only where one thread fits.
    let one_thread = (driver.thread_count() > 1)
        .then(|| Driver::new().threads(1).ok())
        .flatten()
        .map(|one| one.memory_bytes(size, method))
        .filter(|&bytes| bytes <= limit)
        .map_or(String::new(), |_| {
            " or count on one thread (--threads 1)".into()
        });
    Err(format!(
        "count {size} --method {method} needs about {} on {} threads, more than {} ({which}): give it --max-memory {}M{one_thread}",
        describe(needed),
        driver.thread_count(),
        describe(limit),
        needed.div_ceil(1 << 20),
    ))
}

/// Bytes in the largest unit that keeps them above 1.
pub fn describe(bytes: u64) -> String {
    let units = ["bytes", "KiB", "MiB", "GiB", "TiB"];
    let mut size = bytes as f64;
    let mut unit = 0;
    while size >= 1024.0 && unit + 1 < units.len() {
        size /= 1024.0;
        unit += 1;
    }
    match unit {
        0 => format!("{bytes} bytes"),
        _ => format!("{size:.1} {}", units[unit]),
    }
}
