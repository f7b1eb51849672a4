//! The process's heap, set up for a count whose memory is bounded (the
//! limit itself, given or half the machine's, is the count request's).

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
