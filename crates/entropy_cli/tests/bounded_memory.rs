//! Every reader of the tool, fed a 100 MB line, refuses it with an error
//! naming the line, and its process's peak memory hardly moves: the line is
//! never held whole. The flood is made as it is read, never allocated.
//!
//! One test alone in its file: the peak memory (`VmHWM` of
//! `/proc/self/status`, Linux only) is the whole process's.

use std::io::{self, BufReader, Read};

use entropy_ai::{Greedy, Limits};
use entropy_cli::bot::{self, BotError};
use entropy_cli::carreno::{self, PlayError, Seat};
use entropy_cli::input::{InputError, LineReader, read_text};
use entropy_rules::text::{Bounds, MAX_LINE, TooLong};
use entropy_rules::{MatchFile, MatchFileErrorKind};

/// 100 MB.
const FLOOD: usize = 100_000_000;

/// How much the peak may grow while the readers refuse a flood: far less
/// than the flood, room for the buffers and a few errors.
const GROWTH_KIB: u64 = 16 * 1024;

/// `head`, then [`FLOOD`] bytes `byte`, then `tail`, made as they are read.
struct Flood {
    head: &'static [u8],
    byte: u8,
    left: usize,
    tail: &'static [u8],
}

impl Flood {
    fn new(head: &'static [u8], byte: u8, tail: &'static [u8]) -> BufReader<Flood> {
        BufReader::new(Flood {
            head,
            byte,
            left: FLOOD,
            tail,
        })
    }
}

impl Read for Flood {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if !self.head.is_empty() {
            let n = self.head.len().min(buf.len());
            buf[..n].copy_from_slice(&self.head[..n]);
            self.head = &self.head[n..];
            return Ok(n);
        }
        if self.left > 0 {
            let n = self.left.min(buf.len());
            buf[..n].fill(self.byte);
            self.left -= n;
            return Ok(n);
        }
        let n = self.tail.len().min(buf.len());
        buf[..n].copy_from_slice(&self.tail[..n]);
        self.tail = &self.tail[n..];
        Ok(n)
    }
}

/// The process's peak resident memory so far, in KiB (Linux).
fn peak_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Asserts that the peak grew by less than [`GROWTH_KIB`] since `before`.
fn assert_small_growth(before: Option<u64>, what: &str) {
    if let (Some(before), Some(after)) = (before, peak_kib()) {
        assert!(
            after.saturating_sub(before) < GROWTH_KIB,
            "{what}: the peak grew from {before} KiB to {after} KiB"
        );
    }
}

fn too_long_line(error: &InputError, line: usize) {
    assert!(
        matches!(error, InputError::TooLong { line: l, what: TooLong::Line(MAX_LINE) } if *l == line),
        "{error}"
    );
}

#[test]
fn every_reader_refuses_a_flood_without_holding_it() {
    let before = peak_kib();

    // The board of `score` and `carreno moves`, and a match file.
    let error = read_text(Flood::new(b"", b'1', b"\n"), Bounds::BOARD).unwrap_err();
    too_long_line(&error, 1);
    let error = read_text(Flood::new(b"[Size \"7\"]\n", b'A', b""), MatchFile::BOUNDS).unwrap_err();
    too_long_line(&error, 2);
    let error = read_text(Flood::new(b"", b'\n', b""), MatchFile::BOUNDS).unwrap_err();
    assert_eq!(
        error.to_string(),
        "line 1048577: the text is too long (more than 1048576 bytes in all)"
    );
    let mut lines = LineReader::new(Flood::new(b"ok\n", b' ', b"\n"), Bounds::lines(MAX_LINE));
    assert_eq!(lines.next_line().unwrap(), Some("ok"));
    too_long_line(&lines.next_line().unwrap_err(), 2);

    // The bot.
    let mut output = Vec::new();
    let mut player = Greedy::new(1);
    let result = bot::play(
        Flood::new(b"Start\n", b'3', b"\nQuit\n"),
        &mut output,
        &mut player,
        &mut Limits::nodes(100),
    );
    match result {
        Err(BotError::Input(error)) => too_long_line(&error, 2),
        other => panic!("{other:?}"),
    }

    // A person at a game of Carreno's Entropy (O moves first).
    let limits = Limits::nodes(100);
    let seats = [Seat::Computer(carreno_ai::Level::Easy), Seat::Human];
    let input = Flood::new(b"moves\n", b'a', b"\nquit\n");
    match carreno::play(carreno_rules::Game::new(), seats, 1, &limits, None, input, io::sink()) {
        Err(PlayError::Input(error)) => too_long_line(&error, 2),
        other => panic!("{other:?}"),
    }
    assert_small_growth(before, "the readers");

    // The rules crates' parsers, given a text that holds a 100 MB line:
    // they refuse it where it is without copying it.
    let text = format!("12345\n{}\n", "1".repeat(FLOOD));
    let before = peak_kib();
    let error = entropy_rules::Board::parse(&text).unwrap_err();
    assert_eq!(
        error.to_string(),
        "line 2, column 1: the line is too long (more than 4096 bytes)"
    );
    let error = MatchFile::parse(&text).unwrap_err();
    assert_eq!(error.kind, MatchFileErrorKind::TooLong(TooLong::Line(MAX_LINE)));
    assert_eq!(error.to_string(), "line 2: the line is too long (more than 4096 bytes)");
    let error = carreno_rules::Board::parse(&text).unwrap_err();
    assert_eq!(
        error.to_string(),
        "line 2, column 1: the line is too long (more than 4096 bytes)"
    );
    let error = carreno_rules::Position::parse(&text).unwrap_err();
    assert_eq!((error.line, error.column), (2, 1));
    assert_small_growth(before, "the parsers");
}
