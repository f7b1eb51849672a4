//! Memory a finished count freed, given back to the system, so that a
//! long Python session holds no more than its live objects need.

/// Gives the memory a count of an n×n board freed back to the system.
/// The job frees all it kept when it ends, but glibc's allocator keeps
/// freed pages in each worker thread's arena for later: a Python session
/// that counted n = 20 would hold a gigabyte it no longer uses. Boards
/// whose counts take a few megabytes are left alone.
pub(crate) fn drop_memory(n: usize) {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    if n >= 14 {
        // SAFETY: malloc_trim only returns free memory to the system; it
        // touches no live allocation and is safe to call from any thread.
        unsafe {
            libc::malloc_trim(0);
        }
    }
    let _ = n;
}
