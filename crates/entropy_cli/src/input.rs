//! Reading text from outside (standard input, a file, another program's
//! output) line by line, within [`Bounds`]: a line is read with a bounded
//! read, so that however long it is, or however much comes, the reader
//! never holds more than one line of its bounds (and a whole text no more
//! than the text's bound).

use std::fmt;
use std::io::{self, BufRead, Read};

use entropy_rules::text::{BOM, Bounds, TooLong};

/// Text that could not be read, with the line at fault (from 1).
#[derive(Debug)]
pub enum InputError {
    /// Reading failed.
    Io {
        /// The line being read.
        line: usize,
        /// Why.
        error: io::Error,
    },
    /// A line, or the whole text, goes beyond the reader's bounds.
    TooLong {
        /// The line where it does.
        line: usize,
        /// What is too long.
        what: TooLong,
    },
    /// A line that is not UTF-8 text.
    NotUtf8 {
        /// The line.
        line: usize,
        /// The first byte of the line that is not UTF-8, from 1.
        byte: usize,
    },
}

impl InputError {
    /// The line at fault.
    pub fn line(&self) -> usize {
        match *self {
            InputError::Io { line, .. } | InputError::TooLong { line, .. } | InputError::NotUtf8 { line, .. } => line,
        }
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InputError::Io { line, error } => write!(f, "cannot read line {line}: {error}"),
            InputError::TooLong { line, what } => write!(f, "line {line}: {what}"),
            InputError::NotUtf8 { line, byte } => {
                write!(f, "line {line}: not UTF-8 text (at byte {byte} of the line)")
            }
        }
    }
}

impl std::error::Error for InputError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            InputError::Io { error, .. } => Some(error),
            InputError::TooLong { what, .. } => Some(what),
            InputError::NotUtf8 { .. } => None,
        }
    }
}

/// Lines read one at a time within [`Bounds`]: each line is read with a
/// read of at most its bound (and a few bytes for its end), so a line too
/// long is an error as soon as its bound is passed, without reading the
/// rest. A byte-order mark at the start is skipped.
///
/// ```
/// use entropy_rules::text::Bounds;
/// use entropy_cli::input::LineReader;
///
/// let mut lines = LineReader::new("\u{feff}Start\r\n3\n".as_bytes(), Bounds::lines(8));
/// assert_eq!(lines.next_line().unwrap(), Some("Start"));
/// assert_eq!(lines.next_line().unwrap(), Some("3"));
/// assert_eq!(lines.next_line().unwrap(), None);
///
/// let mut lines = LineReader::new("ok\nfar too long\n".as_bytes(), Bounds::lines(8));
/// assert_eq!(lines.next_line().unwrap(), Some("ok"));
/// let error = lines.next_line().unwrap_err();
/// assert_eq!(error.to_string(), "line 2: the line is too long (more than 8 bytes)");
/// ```
pub struct LineReader<R> {
    input: R,
    bounds: Bounds,
    /// Lines read so far.
    line: usize,
    /// Bytes read so far, ends of lines counted.
    read: usize,
    buf: Vec<u8>,
}

impl<R: BufRead> LineReader<R> {
    /// Lines of `input` within `bounds`.
    pub fn new(input: R, bounds: Bounds) -> LineReader<R> {
        LineReader {
            input,
            bounds,
            line: 0,
            read: 0,
            buf: Vec::new(),
        }
    }

    /// The number of the last line read (0 before the first).
    pub fn line_number(&self) -> usize {
        self.line
    }

    /// The input, as far as it has been read.
    pub fn get_ref(&self) -> &R {
        &self.input
    }

    /// The next line without its end (`\n` or `\r\n`), or `None` at the
    /// end of the input.
    pub fn next_line(&mut self) -> Result<Option<&str>, InputError> {
        let line = self.line + 1;
        let bom = if line == 1 { BOM.len_utf8() } else { 0 };
        // The longest line and its end: a line longer is known by its first bytes.
        let most = self.bounds.line.saturating_add(bom + "\r\n".len());
        self.buf.clear();
        let n = (&mut self.input)
            .take(most as u64)
            .read_until(b'\n', &mut self.buf)
            .map_err(|error| InputError::Io { line, error })?;
        if n == 0 {
            return Ok(None);
        }
        self.line = line;
        self.read = self.read.saturating_add(n);
        let mut content = self.buf.as_slice();
        if let Some(rest) = content.strip_suffix(b"\n") {
            content = rest.strip_suffix(b"\r").unwrap_or(rest);
        }
        if bom > 0 {
            content = content.strip_prefix("\u{feff}".as_bytes()).unwrap_or(content);
        }
        let too_long = |what| Err(InputError::TooLong { line, what });
        if self.bounds.line_too_long(content.len()) {
            return too_long(TooLong::Line(self.bounds.line));
        }
        if self.bounds.text_too_long(self.read) {
            return too_long(TooLong::Text(self.bounds.text));
        }
        std::str::from_utf8(content).map(Some).map_err(|e| InputError::NotUtf8 {
            line,
            byte: e.valid_up_to() + 1,
        })
    }
}

/// The whole of `input` within `bounds`, its lines ended by `\n` (a
/// byte-order mark at the start skipped), for a parser that takes a text.
pub fn read_text(input: impl BufRead, bounds: Bounds) -> Result<String, InputError> {
    let mut lines = LineReader::new(input, bounds);
    let mut text = String::new();
    while let Some(line) = lines.next_line()? {
        text.push_str(line);
        text.push('\n');
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8], bounds: Bounds) -> Result<Vec<String>, InputError> {
        let mut reader = LineReader::new(input, bounds);
        let mut out = Vec::new();
        while let Some(line) = reader.next_line()? {
            out.push(line.to_string());
        }
        Ok(out)
    }

    #[test]
    fn lines_end_with_either_end_and_the_last_needs_none() {
        let read = lines(b"a\r\nb\n\nc", Bounds::lines(4)).unwrap();
        assert_eq!(read, ["a", "b", "", "c"]);
        assert!(lines(b"", Bounds::lines(4)).unwrap().is_empty());
    }

    #[test]
    fn a_line_of_the_bound_fits_and_one_byte_more_does_not() {
        assert_eq!(lines(b"abcd\r\nabcd", Bounds::lines(4)).unwrap(), ["abcd", "abcd"]);
        assert_eq!(lines(b"\xef\xbb\xbfabcd\n", Bounds::lines(4)).unwrap(), ["abcd"]);
        for input in [&b"abcde"[..], b"abcde\n", b"abcde\r\n", b"ab\nabcdefghij"] {
            let error = lines(input, Bounds::lines(4)).unwrap_err();
            assert!(
                matches!(
                    error,
                    InputError::TooLong {
                        what: TooLong::Line(4),
                        ..
                    }
                ),
                "{input:?}: {error}"
            );
        }
    }

    #[test]
    fn the_whole_is_bounded_too() {
        let bounds = Bounds { line: 4, text: 6 };
        assert_eq!(read_text(&b"ab\ncd\n"[..], bounds).unwrap(), "ab\ncd\n");
        let error = read_text(&b"ab\ncd\ne\n"[..], bounds).unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 3: the text is too long (more than 6 bytes in all)"
        );
        assert_eq!(error.line(), 3);
    }

    #[test]
    fn text_that_is_not_utf8_is_named_by_line_and_byte() {
        let error = lines(b"ok\nab\xffc\n", Bounds::lines(10)).unwrap_err();
        assert_eq!(error.to_string(), "line 2: not UTF-8 text (at byte 3 of the line)");
        // A byte-order mark counts only at the start.
        let read = lines(b"ok\n\xef\xbb\xbfa\n", Bounds::lines(10)).unwrap();
        assert_eq!(read[1], "\u{feff}a");
    }
}
