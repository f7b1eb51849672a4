//! Memory: this machine's (half of it is the default `--max-memory`, the
//! count job's limit), and the most the process has held.

use nqueens::count::MemoryLimit;

/// `--max-memory`, or by default half this machine's memory.
pub fn limit(given: Option<u64>) -> Option<MemoryLimit> {
    match given {
        Some(bytes) => Some(MemoryLimit {
            bytes,
            named: "--max-memory".into(),
        }),
        None => machine_bytes().map(|machine| MemoryLimit {
            bytes: machine / 2,
            named: "half this machine's memory, the default --max-memory".into(),
        }),
    }
}

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
