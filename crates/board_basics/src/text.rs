//! Text from outside, read with care: bounds on its lines and its length,
//! the byte-order mark some editors write, and the short escaped excerpt of
//! it that an error message quotes.

use std::fmt;

/// The longest line, in bytes and without its end of line, that the readers
/// of board texts, match files and the players' protocols accept. Their
/// lines hold a few characters (a row of a board, a move, a tag): 4 KiB
/// leaves room for any name or comment and keeps a reader's buffer small.
pub const MAX_LINE: usize = 4096;

/// The most characters of the input that an error message quotes.
pub const EXCERPT_CHARS: usize = 40;

/// The byte-order mark that some editors write at the start of a UTF-8 file.
pub const BOM: char = '\u{feff}';

/// How long a text read from outside may be: each line, and the whole.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    /// The longest line, in bytes, its end (`\n` or `\r\n`) not counted.
    pub line: usize,
    /// The longest text, in bytes, the ends of lines counted.
    pub text: usize,
}

impl Bounds {
    /// A board text: a few lines of a few symbols, with room for blank
    /// lines around them. At most 64 KiB in all, lines of [`MAX_LINE`].
    pub const BOARD: Bounds = Bounds {
        line: MAX_LINE,
        text: 64 * 1024,
    };

    /// Lines of at most `line` bytes, as many as come (a protocol, read and
    /// answered one line at a time).
    pub const fn lines(line: usize) -> Bounds {
        Bounds { line, text: usize::MAX }
    }

    /// Whether a line of `len` bytes (its end not counted) is too long.
    pub const fn line_too_long(&self, len: usize) -> bool {
        len > self.line
    }

    /// Whether `len` bytes in all (the ends of lines counted) are too many.
    pub const fn text_too_long(&self, len: usize) -> bool {
        len > self.text
    }

    /// The first line (from 1) at which `text` goes beyond these bounds,
    /// and what is too long there.
    ///
    /// ```
    /// use board_basics::text::{Bounds, TooLong};
    /// let bounds = Bounds { line: 4, text: 12 };
    /// assert_eq!(bounds.check("1234\r\n5678\n"), Ok(()));
    /// assert_eq!(bounds.check("1234\n12345\n"), Err((2, TooLong::Line(4))));
    /// assert_eq!(bounds.check("1\n2\n3\n4\n5\n6\n7\n"), Err((7, TooLong::Text(12))));
    /// ```
    pub fn check(&self, text: &str) -> Result<(), (usize, TooLong)> {
        let mut read = 0usize;
        for (index, line) in text.split_inclusive('\n').enumerate() {
            read += line.len();
            let content = line
                .strip_suffix('\n')
                .map_or(line, |l| l.strip_suffix('\r').unwrap_or(l));
            if self.line_too_long(content.len()) {
                return Err((index + 1, TooLong::Line(self.line)));
            }
            if self.text_too_long(read) {
                return Err((index + 1, TooLong::Text(self.text)));
            }
        }
        Ok(())
    }
}

/// What goes beyond a text's [`Bounds`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TooLong {
    /// A line longer than this many bytes.
    Line(usize),
    /// A text longer than this many bytes in all.
    Text(usize),
}

impl fmt::Display for TooLong {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TooLong::Line(limit) => write!(f, "the line is too long (more than {limit} bytes)"),
            TooLong::Text(limit) => write!(f, "the text is too long (more than {limit} bytes in all)"),
        }
    }
}

impl std::error::Error for TooLong {}

/// `text` without the byte-order mark it may start with.
pub fn without_bom(text: &str) -> &str {
    text.strip_prefix(BOM).unwrap_or(text)
}

/// `text` as a message can print it: control and other invisible
/// characters, and `\`, escaped as Rust writes them (`\u{1b}`, `\0`,
/// `\n`, `\\`); quotes are left as they are.
pub fn escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        push_escaped(&mut out, ch);
    }
    out
}

/// The start of `text` that an error message quotes: at most
/// [`EXCERPT_CHARS`] characters, [`escaped`], with `…` when cut.
///
/// ```
/// use board_basics::text::excerpt;
/// assert_eq!(excerpt("3D\u{1b}[31m\0"), "3D\\u{1b}[31m\\0");
/// assert_eq!(excerpt(&"A".repeat(100_000)), format!("{}…", "A".repeat(40)));
/// ```
pub fn excerpt(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    for ch in chars.by_ref().take(EXCERPT_CHARS) {
        push_escaped(&mut out, ch);
    }
    if chars.next().is_some() {
        out.push('…');
    }
    out
}

/// Pushes `ch` onto `out`, escaped unless it is printable (or a quote).
fn push_escaped(out: &mut String, ch: char) {
    match ch {
        '\'' | '"' => out.push(ch),
        ch => out.extend(ch.escape_debug()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_name_the_first_line_beyond_them() {
        let bounds = Bounds { line: 3, text: 10 };
        assert_eq!(bounds.check(""), Ok(()));
        assert_eq!(bounds.check("abc"), Ok(()));
        assert_eq!(bounds.check("abcd"), Err((1, TooLong::Line(3))));
        // The end of a line is not part of it, whichever it is.
        assert_eq!(bounds.check("abc\r\nabc\n"), Ok(()));
        assert_eq!(bounds.check("ab\nabc\rd\n"), Err((2, TooLong::Line(3))));
        // The whole counts every byte, the ends of lines too.
        assert_eq!(bounds.check("ab\nab\nab\n"), Ok(()));
        assert_eq!(bounds.check("ab\nab\nab\na"), Ok(()));
        assert_eq!(bounds.check("ab\nab\nab\nab"), Err((4, TooLong::Text(10))));
        assert_eq!(Bounds::lines(3).check(&"ab\n".repeat(10_000)), Ok(()));
    }

    #[test]
    fn a_bom_is_skipped_at_the_start_only() {
        assert_eq!(without_bom("\u{feff}12345"), "12345");
        assert_eq!(without_bom("12\u{feff}345"), "12\u{feff}345");
        assert_eq!(without_bom(""), "");
    }

    #[test]
    fn excerpts_are_short_and_escaped() {
        assert_eq!(excerpt(""), "");
        assert_eq!(excerpt("Dc\"'é"), "Dc\"'é");
        assert_eq!(excerpt("a\\b\tc\n\u{202e}"), "a\\\\b\\tc\\n\\u{202e}");
        let forty = "x".repeat(40);
        assert_eq!(excerpt(&forty), forty);
        assert_eq!(excerpt(&format!("{forty}y")), format!("{forty}…"));
        // Forty characters, not bytes, and each escaped whole.
        let esc = "\u{1b}".repeat(41);
        assert_eq!(excerpt(&esc), format!("{}…", "\\u{1b}".repeat(40)));
        assert_eq!(escaped("\0\u{7}ok"), "\\0\\u{7}ok");
    }

    #[test]
    fn too_long_says_what() {
        assert_eq!(
            TooLong::Line(4096).to_string(),
            "the line is too long (more than 4096 bytes)"
        );
        assert_eq!(
            TooLong::Text(1 << 20).to_string(),
            "the text is too long (more than 1048576 bytes in all)"
        );
    }
}
