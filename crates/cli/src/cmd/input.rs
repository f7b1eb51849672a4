//! Where the constraint tools read: a file, or standard input for `-`.

use std::fs::File;
use std::io::{self, BufRead, BufReader, IsTerminal, Read, Write};

/// Opens `path` (`-` is standard input) buffered, or says why not in one
/// line that names it. Standard input that is a terminal is waited on with
/// a word on stderr saying so, and how to end: else a user who forgot the
/// file would see a command that hangs.
pub fn open(path: &str, what: &str) -> Result<Box<dyn BufRead>, String> {
    if path == "-" {
        if io::stdin().is_terminal() {
            let _ = writeln!(
                io::stderr().lock(),
                "nqueens: reading {what} from standard input, until Ctrl-D (or give a file)"
            );
        }
        let stdin = EndsOnce {
            inner: io::stdin(),
            ended: false,
        };
        return Ok(Box::new(BufReader::with_capacity(1 << 16, stdin)));
    }
    let opened = File::open(path).and_then(|file| match file.metadata()?.is_dir() {
        true => Err(io::Error::other("it is a directory")),
        false => Ok(file),
    });
    match opened {
        Ok(file) => Ok(Box::new(BufReader::with_capacity(1 << 16, file))),
        Err(err) => Err(format!("cannot read {path:?}: {}", without_code(&err))),
    }
}

/// The error's text without Rust's " (os error 2)" tail.
fn without_code(err: &io::Error) -> String {
    let text = err.to_string();
    match text.find(" (os error") {
        Some(cut) => text[..cut].to_owned(),
        None => text,
    }
}

/// A reader whose end, once read, stays the end. A terminal's Ctrl-D ends
/// one read only: a reader that looks again (format detection, a
/// buffered reader's last fill) would wait for a second Ctrl-D.
struct EndsOnce<R> {
    inner: R,
    ended: bool,
}

impl<R: Read> Read for EndsOnce<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.ended || buf.is_empty() {
            return Ok(0);
        }
        let read = self.inner.read(buf)?;
        self.ended = read == 0;
        Ok(read)
    }
}
