//! Memory: this machine's (half of it is the default `--max-memory`, the
//! count job's limit), and the most the process has held.

use nqueens::count::MemoryLimit;

/// `--max-memory`, or by default half this machine's memory: a limit on
/// the whole process, which holds what it has held so far (its peak)
/// beside the count.
pub fn limit(given: Option<u64>) -> Option<MemoryLimit> {
    let held = peak_bytes().unwrap_or(0);
    match given {
        Some(bytes) => Some(MemoryLimit {
            bytes,
            named: "--max-memory".into(),
            held,
        }),
        None => machine_bytes().map(|machine| MemoryLimit {
            bytes: machine / 2,
            named: "half this machine's memory, the default --max-memory".into(),
            held,
        }),
    }
}

/// Has every thread allocate from one heap, as the count's reckoning of
/// its memory assumes: glibc gives each thread that allocates an arena
/// of its own by default, each keeping what it freed, and a join on two
/// threads then held up to 5 MiB more than on one heap (n = 17 and 18 at
/// the least --max-memory they fit). Called before the count's threads
/// start.
pub fn one_heap() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt sets one of the allocator's tunables; M_ARENA_MAX
    // only caps the arenas that threads yet to allocate are given.
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, 1);
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
