//! The input under every format: bytes pulled from a `BufRead` with the
//! line and column of the next byte kept up to date, so that every error
//! and problem can say where it is, and with a cap on how much one line or
//! one board may hold, so that a file without newlines cannot eat memory.

use super::ReadError;
use std::io::{self, BufRead, Read};

/// The most bytes one line (or one JSON board) may take: room for the
/// hundred million columns of `nqueens one 100000000` (889 MB on one
/// line), and a bound on what a file without newlines can make us hold.
pub(super) const LIMIT: usize = 1 << 30;

/// Where the line `Source::next_line` read is; its text is `Source::text`.
#[derive(Clone, Copy)]
pub(super) struct Line {
    /// 1-based line number.
    pub number: u64,
    /// 1-based column where the text starts (after skipped leading spaces).
    pub column: u64,
}

pub(super) struct Source<R> {
    input: R,
    line: u64,
    column: u64,
    limit: usize,
    /// Bytes consumed through `bump` and `read`, and that count where the
    /// current JSON board started.
    consumed: u64,
    mark: u64,
    /// The last line read, trailing whitespace and line break removed.
    text: String,
    /// That line, when [`Source::read_again`] asked for it to be read
    /// once more.
    again: Option<Line>,
}

impl<R: BufRead> Source<R> {
    pub fn new(input: R, limit: usize) -> Self {
        Source {
            input,
            line: 1,
            column: 1,
            limit,
            consumed: 0,
            mark: 0,
            text: String::new(),
            again: None,
        }
    }

    /// The line and column of the next byte.
    pub fn position(&self) -> (u64, u64) {
        (self.line, self.column)
    }

    pub fn limit(&self) -> usize {
        self.limit
    }

    /// The next byte, not consumed; `None` at the end of the input.
    pub fn peek(&mut self) -> Result<Option<u8>, ReadError> {
        loop {
            match self.input.fill_buf() {
                Ok(bytes) => return Ok(bytes.first().copied()),
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(io_error(self.line, &e)),
            }
        }
    }

    /// Consumes `byte`, which `peek` just returned.
    pub fn bump(&mut self, byte: u8) {
        self.input.consume(1);
        self.advance(byte);
    }

    fn advance(&mut self, byte: u8) {
        self.consumed += 1;
        if byte == b'\n' {
            self.line += 1;
            self.column = 1;
        } else {
            self.column += 1;
        }
    }

    /// Skips ASCII whitespace and returns the byte after it, not consumed.
    pub fn skip_space(&mut self) -> Result<Option<u8>, ReadError> {
        while let Some(byte) = self.peek()? {
            if !byte.is_ascii_whitespace() {
                return Ok(Some(byte));
            }
            self.bump(byte);
        }
        Ok(None)
    }

    /// Skips a UTF-8 byte order mark at the start, which editors on some
    /// systems write and which would otherwise read as a glyph.
    pub fn skip_bom(&mut self) -> Result<(), ReadError> {
        const BOM: &[u8] = b"\xEF\xBB\xBF";
        self.peek()?;
        if self
            .input
            .fill_buf()
            .is_ok_and(|bytes| bytes.starts_with(BOM))
        {
            self.input.consume(BOM.len());
        }
        Ok(())
    }

    /// Makes the next [`Source::next_line`] return `line`, the line it
    /// returned last, again: format detection looks at a first line that
    /// the format's reader then reads.
    pub fn read_again(&mut self, line: Line) {
        self.again = Some(line);
    }

    /// Reads the next line, or `None` at the end of the input.
    pub fn next_line(&mut self) -> Result<Option<Line>, ReadError> {
        if let Some(line) = self.again.take() {
            return Ok(Some(line));
        }
        // The text's buffer is reused from line to line.
        let mut bytes = std::mem::take(&mut self.text).into_bytes();
        bytes.clear();
        let cap = self.limit as u64 + 1;
        let read = (&mut self.input).take(cap).read_until(b'\n', &mut bytes);
        let line = Line {
            number: self.line,
            column: self.column,
        };
        match read {
            Ok(0) => return Ok(None),
            Ok(_) => {}
            Err(e) => return Err(io_error(line.number, &e)),
        }
        if bytes.last() == Some(&b'\n') {
            bytes.pop();
            (self.line, self.column) = (line.number + 1, 1);
        } else if bytes.len() > self.limit {
            return Err(too_long(line.number, "line", self.limit));
        }
        self.text = String::from_utf8(bytes).map_err(|e| not_utf8(line.number, &e))?;
        self.text.truncate(self.text.trim_end().len());
        Ok(Some(line))
    }

    /// The text of the line `next_line` read last.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The next character when the buffer holds all of it, for messages.
    pub fn peek_char(&mut self) -> Option<char> {
        let bytes = self.input.fill_buf().ok()?;
        let end = bytes.len().min(4);
        let text = (1..=end).find_map(|len| std::str::from_utf8(&bytes[..len]).ok())?;
        text.chars().next()
    }

    /// The JSON string at the next byte, a `"`, when it has no escapes or
    /// control characters and lies whole in the buffer: taken at once, for
    /// most rows are such and serde_json reads a byte at a time. `None`
    /// leaves the source as it was.
    pub fn plain_string(&mut self) -> Option<String> {
        let bytes = self.input.fill_buf().ok()?;
        let body = bytes.get(1..)?;
        let end = body
            .iter()
            .position(|&b| matches!(b, b'"' | b'\\' | 0..=0x1F))?;
        if body[end] != b'"' {
            return None;
        }
        let text = std::str::from_utf8(&body[..end]).ok()?.to_string();
        let taken = end + 2;
        self.input.consume(taken);
        self.column += taken as u64;
        self.consumed += taken as u64;
        Some(text)
    }

    /// Starts counting a JSON board's bytes.
    pub fn reset_budget(&mut self) {
        self.mark = self.consumed;
    }

    /// True when the JSON board being read is over the size limit.
    pub fn over_budget(&self) -> bool {
        self.consumed - self.mark > self.limit as u64
    }
}

/// serde_json reads through this, a byte at a time, so that the line and
/// column stay right and a board's size stays under the limit.
impl<R: BufRead> Read for Source<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let available = self.input.fill_buf()?;
        let count = available.len().min(out.len());
        out[..count].copy_from_slice(&available[..count]);
        self.input.consume(count);
        out[..count].iter().for_each(|&byte| self.advance(byte));
        if self.over_budget() {
            return Err(io::Error::other("a board over the size limit"));
        }
        Ok(count)
    }
}

fn io_error(line: u64, error: &io::Error) -> ReadError {
    ReadError::new(line, format!("a read error ({error})"), "readable input")
}

/// "line 3: a line longer than 64 MiB, expected at most 64 MiB" (the
/// limit is smaller in tests, hence the units worked out here).
pub(super) fn too_long(line: u64, what: &str, limit: usize) -> ReadError {
    let size = if limit.is_multiple_of(1 << 20) {
        format!("{} MiB", limit >> 20)
    } else {
        format!("{limit} bytes")
    };
    ReadError::new(
        line,
        format!("a {what} longer than {size}"),
        format!("at most {size} per {what}"),
    )
}

fn not_utf8(line: u64, error: &std::string::FromUtf8Error) -> ReadError {
    let at = error.utf8_error().valid_up_to();
    let byte = error.as_bytes()[at];
    ReadError::new(
        line,
        format!(
            "byte 0x{byte:02X} (byte {} of the line) that is not UTF-8",
            at + 1
        ),
        "UTF-8 text",
    )
}
