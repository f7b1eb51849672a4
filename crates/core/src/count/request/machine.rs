//! What the process and the machine have, read from the kernel: the
//! machine's memory (half of it is the default limit of a count) and the
//! most this process has held (a limit is the whole process's).

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
