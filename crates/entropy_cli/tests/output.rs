//! Standard output that cannot be written: every command says so plainly
//! and exits with status 1 (never a panic's 101); a pipe whose reader has
//! gone ends a command quietly.

use std::fs::File;
use std::io::Write as _;
use std::process::{Command, Output, Stdio};

use entropy_rules::{Action, Match, MatchFile, MatchTags, Player, Size};
use tempfile::TempPath;

/// A board for `score`.
const BOARD: &str = "1121112\n.......\n1234567\n2222...\n.......\n.......\n.......\n";

/// A position for `carreno moves`.
const POSITION: &str = "SSSSS\nS...S\n.....\nO...O\nOOOOO\nO\n";

/// The start of a game for `bot` as Chaos.
const BOT_INPUT: &str = "Start\n3\n";

/// A short match file (two turns on 5×5), kept while the test holds it.
fn match_file() -> TempPath {
    let mut game = Match::new(Size::Five, Player::One, [3, 4]);
    for action in ["Cc", "Aa"] {
        game.apply(Action::Draw).unwrap();
        game.apply(Action::Place(action.parse().unwrap())).unwrap();
        game.apply(Action::Pass).unwrap();
    }
    let text = MatchFile {
        tags: MatchTags::default(),
        record: game.record(),
    }
    .to_text();
    let mut file = tempfile::Builder::new().prefix("output.match").tempfile().unwrap();
    file.write_all(text.as_bytes()).unwrap();
    file.into_temp_path()
}

/// Every command that prints, as (its name in messages, its arguments,
/// its standard input); each one quick.
fn commands(file: &str) -> Vec<(&'static str, Vec<&str>, &'static str)> {
    vec![
        ("score", vec!["score"], BOARD),
        ("show", vec!["show", file], ""),
        (
            "review",
            vec!["review", file, "--nodes", "50", "-j", "1", "--quiet"],
            "",
        ),
        (
            "arena",
            vec!["arena", "greedy", "greedy", "-n", "1", "--size", "5", "--quiet"],
            "",
        ),
        ("carreno moves", vec!["carreno", "moves"], POSITION),
        (
            "carreno arena",
            vec![
                "carreno", "arena", "easy", "easy", "-n", "1", "--nodes", "50", "--quiet",
            ],
            "",
        ),
        (
            "carreno play",
            vec!["carreno", "play", "easy", "easy", "--nodes", "50"],
            "",
        ),
    ]
}

/// Runs `entropy-cli` with `args` and `input`, its standard output `stdout`.
fn run(args: &[&str], input: &str, stdout: impl Into<Stdio>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_entropy-cli"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A command that stops early may not read it all.
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    child.wait_with_output().unwrap()
}

#[cfg(target_os = "linux")]
#[test]
fn a_full_disk_is_said_plainly_with_exit_status_1() {
    let file = match_file();
    let file = file.to_str().unwrap();
    let mut checked = 0;
    for (name, args, input) in commands(file) {
        let output = run(&args, input, File::create("/dev/full").unwrap());
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{name}: {stderr}");
        assert!(!stderr.contains("panicked"), "{name}: {stderr}");
        assert_eq!(
            stderr.trim_end(),
            format!("entropy-cli {name}: cannot write standard output: No space left on device (os error 28)"),
            "{name}"
        );
        checked += 1;
    }
    assert_eq!(checked, 7);
}

#[cfg(target_os = "linux")]
#[test]
fn the_bot_says_it_too_as_it_did() {
    let output = run(
        &["bot", "--level", "greedy"],
        BOT_INPUT,
        File::create("/dev/full").unwrap(),
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert_eq!(
        stderr.trim_end(),
        "entropy-cli bot: cannot write to the referee: No space left on device (os error 28)"
    );
}

#[test]
fn a_closed_pipe_ends_every_command_quietly() {
    let file = match_file();
    let file = file.to_str().unwrap();
    for (name, args, input) in commands(file) {
        // No reader at all: the command's first write finds the pipe closed.
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        let output = run(&args, input, writer);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(output.status.success(), "{name}: {:?} {stderr}", output.status);
        assert!(stderr.is_empty(), "{name}: {stderr}");
    }
}

#[test]
fn a_reader_that_leaves_after_a_line_leaves_no_message() {
    // As `| head -1` does, while the game goes on (Hard thinks its 5 ms a
    // move): the next line finds the pipe closed.
    let mut child = Command::new(env!("CARGO_BIN_EXE_entropy-cli"))
        .args(["carreno", "play", "hard", "hard", "--move-ms", "5"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = std::io::BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    std::io::BufRead::read_line(&mut stdout, &mut first).unwrap();
    assert!(first.starts_with("Carreno's Entropy: O (hard)"), "{first}");
    drop(stdout);
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(stderr.is_empty(), "{stderr}");
}
