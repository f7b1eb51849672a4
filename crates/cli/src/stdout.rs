//! The tool's output stream: standard output, buffered, whose write
//! errors say that they are the output's, and which is refused at once
//! when the tool was started with it closed.
//!
//! Rust's runtime reopens a closed standard output on `/dev/null` before
//! `main` (so that no file the program opens lands on descriptor 1), and
//! everything written there would be lost with a success. So whether it
//! was open is looked at earlier, from an ELF constructor, and remembered.

use std::io::{self, BufWriter, StdoutLock, Write};
use std::sync::atomic::{AtomicI32, Ordering};

/// The `errno` of asking for descriptor 1's flags before the runtime
/// started (`EBADF` when it was closed), or 0 when it was open.
static CLOSED: AtomicI32 = AtomicI32::new(0);

/// Runs `record` before the Rust runtime's own start-up, as the C
/// runtime does with every `.init_array` entry.
#[cfg(any(target_os = "linux", target_os = "android"))]
#[used]
#[link_section = ".init_array"]
static RECORD: extern "C" fn() = record;

#[cfg(any(target_os = "linux", target_os = "android"))]
extern "C" fn record() {
    // SAFETY: F_GETFD only reads the descriptor's flags, and fails
    // without effect on a descriptor that is not open.
    if unsafe { libc::fcntl(libc::STDOUT_FILENO, libc::F_GETFD) } == -1 {
        let errno = io::Error::last_os_error().raw_os_error();
        CLOSED.store(errno.unwrap_or(libc::EBADF), Ordering::Relaxed);
    }
}

/// Why the output cannot be written at all: it was closed when the tool
/// started. `None` when it was open (or where that is not known).
pub fn closed() -> Option<io::Error> {
    match CLOSED.load(Ordering::Relaxed) {
        0 => None,
        errno => Some(failed(io::Error::from_raw_os_error(errno))),
    }
}

/// Standard output, buffered, or the error of a closed one.
pub fn open() -> io::Result<Output> {
    match closed() {
        Some(err) => Err(err),
        None => Ok(Output(BufWriter::with_capacity(
            1 << 16,
            io::stdout().lock(),
        ))),
    }
}

/// Buffered standard output whose errors name it (`cannot write the
/// output: …`), keeping their kind so that a closed pipe is still known
/// as one.
pub struct Output(BufWriter<StdoutLock<'static>>);

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.write(buf).map_err(failed)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush().map_err(failed)
    }
}

/// `err` as a failure to write the output, in words without the
/// `(os error N)` that follows the system's own.
fn failed(err: io::Error) -> io::Error {
    let mut words = err.to_string();
    if let Some(code) = err.raw_os_error() {
        let suffix = format!(" (os error {code})");
        if let Some(bare) = words.strip_suffix(&suffix) {
            words = bare.to_owned();
        }
    }
    io::Error::new(err.kind(), format!("cannot write the output: {words}"))
}
