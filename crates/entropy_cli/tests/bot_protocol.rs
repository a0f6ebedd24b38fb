//! `entropy-cli bot` against a referee speaking the CodeCup 2023 protocol.

mod common;

use std::time::Duration;

use entropy_ai::{Greedy, Limits};
use entropy_cli::referee::{Builtin, External, Fault, play_round};
use entropy_rules::{Bag, Role, Size};

fn bot_command() -> String {
    format!("'{}' bot --level greedy --seed 5", env!("CARGO_BIN_EXE_entropy-cli"))
}

fn greedy(seed: u64) -> Builtin {
    Builtin::new(Box::new(Greedy::new(seed)), Box::new(Limits::none()))
}

#[test]
fn the_bot_plays_whole_games_in_both_roles() {
    for seed in 0..3 {
        // The bot as Order.
        let mut bot = External::new(bot_command(), Duration::from_secs(30));
        let outcome = play_round(Bag::seeded(Size::Seven, seed), &mut bot, &mut greedy(seed));
        assert_eq!(outcome.fault, None);
        assert_eq!(outcome.record.turns.len(), 49);
        assert_eq!(outcome.order_times.len(), 48);
        let replayed = outcome.record.replay().unwrap();
        assert!(replayed.is_finished());
        assert_eq!(replayed.score(), outcome.score);
        // The bot as Chaos.
        let mut bot = External::new(bot_command(), Duration::from_secs(30));
        let outcome = play_round(Bag::seeded(Size::Seven, seed), &mut greedy(seed), &mut bot);
        assert_eq!(outcome.fault, None);
        assert_eq!(outcome.chaos_times.len(), 49);
        assert!(outcome.record.replay().unwrap().is_finished());
    }
}

/// Runs the bot on `input` and returns (exit code, stdout, stderr).
fn run_bot(input: &str) -> (Option<i32>, String, String) {
    run_bot_with(&["--level", "greedy"], input)
}

fn run_bot_with(args: &[&str], input: &str) -> (Option<i32>, String, String) {
    let output = common::run_cli(&[&["bot"], args].concat(), input);
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn a_search_level_survives_malformed_lines_too() {
    for (input, named) in [
        ("Start\n9\n", "line 2"),
        ("3Dc\nDcDfX\n", "line 2"),
        ("Start\n\n", "line 2"),
    ] {
        let (code, _, stderr) = run_bot_with(&["--level", "hard", "--nodes", "2000"], input);
        assert_eq!(code, Some(1), "{input:?}: {stderr}");
        assert!(stderr.contains(named), "{input:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{input:?}: {stderr}");
    }
}

#[test]
fn a_malformed_or_illegal_referee_line_is_named_and_fails() {
    for (input, named) in [
        ("Start\n9\n", "line 2"),
        ("Start\n1\nAaZz\n", "line 3"),
        ("Start\nhello\n", "line 2"),
        ("3Dc\nDcDf\n", "line 2"),
        ("1Aa\n1Ab\n1Ac\n1Ad\n1Ae\n1Af\n1Ag\n1Ba\n", "no red counter"),
        ("3Xc\n", "line 1"),
        ("Start\n1\n", "ended"),
    ] {
        let (code, _, stderr) = run_bot(input);
        assert_ne!(code, Some(0), "{input:?} must fail");
        assert!(code.is_some(), "{input:?}: the bot must exit, not die of a signal");
        assert!(stderr.contains(named), "{input:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{input:?}: {stderr}");
    }
}

#[test]
fn quit_ends_the_game_cleanly() {
    let (code, stdout, _) = run_bot("Start\n3\nQuit\n");
    assert_eq!(code, Some(0));
    assert_eq!(stdout.lines().count(), 1, "one placement: {stdout}");
    let (code, stdout, _) = run_bot("3Dc\nQuit\n");
    assert_eq!(code, Some(0));
    assert_eq!(stdout.trim().len(), 4, "one Order move, two cells: {stdout}");
}

#[test]
fn a_crashing_program_forfeits_with_a_message() {
    let mut crasher = External::new("read line; echo boom >&2; exit 3", Duration::from_secs(5));
    let outcome = play_round(Bag::seeded(Size::Seven, 1), &mut crasher, &mut greedy(1));
    let Some((Role::Order, Fault::Crashed(detail))) = outcome.fault else {
        panic!("{:?}", outcome.fault)
    };
    assert!(detail.contains("boom"), "{detail}");
    assert!(detail.contains("exit status: 3"), "{detail}");
}

#[test]
fn a_crash_report_has_the_programs_stderr_to_its_end() {
    // The program exits at once; a process it leaves behind writes to its
    // standard error a while later, then ends and so closes the pipe. The
    // report waits for that end, not for a moment.
    let command = "read line; (sleep 0.3; echo 'last words' >&2) >/dev/null & exit 3";
    let mut crasher = External::new(command, Duration::from_secs(5));
    let outcome = play_round(Bag::seeded(Size::Seven, 1), &mut crasher, &mut greedy(1));
    let Some((Role::Order, Fault::Crashed(detail))) = outcome.fault else {
        panic!("{:?}", outcome.fault)
    };
    assert!(detail.contains("last words"), "{detail}");
    assert!(detail.contains("exit status: 3"), "{detail}");
}

#[test]
fn every_level_plays_whole_games_over_the_protocol() {
    for (i, level) in ["beginner", "easy", "medium", "hard", "master"].into_iter().enumerate() {
        let command = format!(
            "'{}' bot --level {level} --seed {i} --nodes 3000",
            env!("CARGO_BIN_EXE_entropy-cli")
        );
        let seed = i as u64;
        let mut bot = External::new(command.clone(), Duration::from_secs(60));
        let outcome = play_round(Bag::seeded(Size::Seven, seed), &mut bot, &mut greedy(seed));
        assert_eq!(outcome.fault, None, "{level} as Order");
        let mut bot = External::new(command, Duration::from_secs(60));
        let outcome = play_round(Bag::seeded(Size::Seven, seed), &mut greedy(seed), &mut bot);
        assert_eq!(outcome.fault, None, "{level} as Chaos");
        assert!(outcome.record.replay().unwrap().is_finished());
    }
}

#[test]
fn a_game_clock_keeps_the_bot_within_its_total_time() {
    // Two seconds for the whole game as Order, Hard level: every move gets a
    // share. Time is the behaviour here. Without the clock Hard would think
    // up to a second for each of its 48 moves; the bound, twice the clock,
    // leaves room for starting the program and for a busy test machine.
    let command = format!("'{}' bot --level hard --game-time 2", env!("CARGO_BIN_EXE_entropy-cli"));
    let mut bot = External::new(command, Duration::from_secs(10));
    let outcome = play_round(Bag::seeded(Size::Seven, 4), &mut bot, &mut greedy(4));
    assert_eq!(outcome.fault, None);
    let used: Duration = outcome.order_times.iter().sum();
    assert!(used < Duration::from_secs(4), "{used:?}");
}

#[test]
fn bad_bot_arguments_are_refused_with_a_message() {
    for (args, said) in [
        (&["--level", "grandmaster"][..], "unknown player"),
        (&["--level", "cmd:cat"][..], "not an external program"),
        (&["--game-time", "0"][..], "seconds"),
        (&["--game-time", "soon"][..], "not a number"),
        (&["--nodes", "0"][..], "nodes"),
    ] {
        let (code, _, stderr) = run_bot_with(args, "Start\n1\nQuit\n");
        assert_eq!(code, Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(said), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
}

#[test]
fn control_characters_from_the_referee_are_never_echoed_raw() {
    for (input, named) in [
        ("Start\n\x1b[31mred\0\x07\n", "line 2"),
        ("Start\n\x1b\n", "line 2"),
        ("3D\x1b\n", "line 1"),
        ("3Dc\nDc\u{202e}Df\n", "line 2"),
        ("Start\n1\n\x1b]0;title\x07\n", "line 3"),
    ] {
        let output = common::run_cli(&["bot", "--level", "greedy"], input);
        assert_eq!(output.status.code(), Some(1), "{input:?}");
        let stderr = common::clean_text(&output.stderr);
        assert!(stderr.contains(named), "{input:?}: {stderr}");
        assert!(
            stderr.contains("\\u{1b}") || stderr.contains("\\u{202e}"),
            "{input:?}: {stderr}"
        );
    }
}

#[test]
fn a_long_line_is_quoted_short() {
    let line = "AaGg".repeat(1000);
    let (code, _, stderr) = run_bot(&format!("3Dc\n{line}\n"));
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains("line 2"), "{stderr}");
    assert!(stderr.contains(&format!("\"{}…\"", &line[..40])), "{stderr}");
    assert!(stderr.len() < 300, "{stderr}");
}

#[test]
fn a_flood_of_a_line_is_refused_without_reading_it_whole() {
    let output = common::run_cli_flooded(&["bot", "--level", "greedy"], b"Start\n", b'A', b"\nQuit\n");
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let stderr = common::clean_text(&output.stderr);
    assert!(
        stderr.contains("line 2: the line is too long (more than 4096 bytes)"),
        "{stderr}"
    );
    assert!(stderr.len() < 200, "{stderr}");
}

#[test]
fn input_that_is_not_utf8_is_named_by_line() {
    for (input, named) in [
        (&b"Start\n\xff\n"[..], "line 2: not UTF-8 text (at byte 1 of the line)"),
        (b"3D\xc3\n", "line 1: not UTF-8 text (at byte 3 of the line)"),
    ] {
        let output = common::run_cli(&["bot", "--level", "greedy"], input);
        assert_eq!(output.status.code(), Some(1), "{input:?}");
        let stderr = common::clean_text(&output.stderr);
        assert!(stderr.contains(named), "{input:?}: {stderr}");
    }
}

#[test]
fn a_byte_order_mark_before_the_first_line_is_skipped() {
    let (code, stdout, stderr) = run_bot("\u{feff}Start\n3\nQuit\n");
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(stdout.lines().count(), 1, "one placement: {stdout}");
    let (code, stdout, stderr) = run_bot("\u{feff}3Dc\nQuit\n");
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(stdout.trim().len(), 4, "{stdout}");
    // Elsewhere it is a character like another, refused as a move.
    let (code, _, stderr) = run_bot("Start\n\u{feff}3\n");
    assert_eq!(code, Some(1));
    assert!(stderr.contains("line 2") && stderr.contains("\\u{feff}3"), "{stderr}");
}
