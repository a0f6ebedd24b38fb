//! `entropy-cli carreno` from the outside: legal moves of a position read
//! on standard input, games at the terminal, the arena.

mod common;

use std::process::Output;

use carreno_rules::{Game, Position, Side, Square, SquareSet};
use rand::{Rng, SeedableRng, rngs::SmallRng};

fn run(args: &[&str], input: &str) -> Output {
    common::run_cli(&[&["carreno"], args].concat(), input)
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).unwrap()
}

/// `carreno moves` on `input`, expected to succeed: its lines.
fn moves(input: &str) -> Vec<String> {
    let output = run(&["moves"], input);
    assert!(output.status.success(), "{}", stderr(&output));
    stdout(&output).lines().map(str::to_string).collect()
}

const START: &str = "SSSSS\nS...S\n.....\nO...O\nOOOOO\n";

#[test]
fn moves_of_the_start_position_for_either_side() {
    let o = moves(&format!("{START}O\n"));
    assert_eq!(o.len(), 35);
    assert_eq!(o.first().map(String::as_str), Some("a1-b2"));
    assert_eq!(o.last().map(String::as_str), Some("e2-e3"));
    let mut sorted = o.clone();
    sorted.sort();
    assert_eq!(o, sorted, "sorted");
    let s = moves(&format!("{START}S\n"));
    assert_eq!(s.len(), 35);
    assert_eq!(&s[..3], ["a4-a3", "a4-b3", "a4-b4"]);
    // The seed's figures can be pasted with their spaces.
    let spaced = "S S S S S\nS . . . S\n. . . . .\nO . . . O\nO O O O O\nO\n";
    assert_eq!(moves(spaced), o);
}

#[test]
fn moves_in_check_are_the_clearing_ones_and_pass_stands_alone() {
    // Seed 002's Fig. 2: O's c5 touches nothing; every listed move gives it a neighbour.
    let fig2 = "S.O.S\nO...O\nOSSOS\nS....\n..OOS\nO\n";
    let listed = moves(fig2);
    assert!(listed.contains(&"a4-c4".to_string()));
    assert!(!listed.contains(&"d3-d2".to_string()));
    let c5 = SquareSet::single("c5".parse::<Square>().unwrap());
    for mv in &listed {
        let to: Square = mv[3..].parse().unwrap();
        assert!(to.neighbours().intersects(c5) || mv.starts_with("c"), "{mv}");
    }
    // In check with no way out: the pass alone.
    assert_eq!(moves(".SS.O\nO.O..\n.SSSS\nO.O..\n..OSO\nO\n"), ["pass"]);
    // A dispersed side's position still lists the moves.
    let dispersed = "S.O.O\nO.SOS\nS....\nOOS.O\nS...S\nO\n";
    let position: Position = dispersed.parse().unwrap();
    assert!(position.board().is_dispersed(Side::S));
    assert_eq!(moves(dispersed).len(), position.legal_moves().len());
}

#[test]
fn moves_agree_with_the_rules_crate_on_random_positions() {
    let mut rng = SmallRng::seed_from_u64(11);
    for _ in 0..40 {
        let mut game = Game::new();
        let plies = rng.random_range(0..40);
        for _ in 0..plies {
            if game.is_over() {
                break;
            }
            let legal = game.legal_moves();
            game.play(legal[rng.random_range(0..legal.len())]).unwrap();
        }
        let position = *game.position();
        let mut expected: Vec<String> = position.legal_moves().iter().map(|m| m.to_string()).collect();
        expected.sort();
        assert_eq!(moves(&position.to_string()), expected, "{position}");
    }
}

#[test]
fn malformed_positions_are_named_by_line_and_exit_with_status_2() {
    let cases = [
        ("", "line 1, column 1: no board"),
        (
            "SSSSS\nS...S\n..x..\nO...O\nOOOOO\nO\n",
            "line 3, column 3: 'x' is not a square",
        ),
        (
            "SSSSS\nS...S\n....\nO...O\nOOOOO\nO\n",
            "line 3, column 5: a board line has 5 squares, this one has 4",
        ),
        (START, "line 6, column 1: the board must be followed by a line S or O"),
        (&format!("{START}X\n"), "line 6, column 1: \"X\" is not a side to move"),
        (
            "SSSSS\nS...S\n.....\n",
            "line 4, column 1: the board ends after 3 lines",
        ),
        (
            "SSSSS\nSS..S\n.....\nO...O\nOOOOO\nO\n",
            "line 2, column 5: an eighth S piece",
        ),
        (
            "SSSSS\nS....\n.....\nO...O\nOOOOO\nO\n",
            "line 5, column 1: the board has 6 S pieces",
        ),
        (&format!("{START}O\nextra\n"), "line 7, column 1: unexpected text"),
    ];
    for (input, message) in cases {
        let output = run(&["moves"], input);
        assert_eq!(output.status.code(), Some(2), "{input:?}");
        assert!(stdout(&output).is_empty());
        let err = stderr(&output);
        assert!(err.contains(message), "{input:?}: {err}");
    }
}

#[test]
fn a_person_is_refused_illegal_moves_with_the_reason_and_asked_again() {
    let input = "hello\nc3-c4\na5-a3\na1-a2\nmoves\nb1-b2\nquit\n";
    let output = run(&["play", "human", "easy", "--seed", "3"], input);
    assert!(output.status.success(), "{}", stderr(&output));
    let out = stdout(&output);
    assert!(
        out.contains("Not a move: a move is two squares like a4-c4, or pass. Try again."),
        "{out}"
    );
    assert!(out.contains("Illegal: there is no piece on c3. Try again."), "{out}");
    assert!(
        out.contains("Illegal: the piece on a5 is S's, and O is to move. Try again."),
        "{out}"
    );
    assert!(out.contains("Illegal: a1 to a2: a2 is occupied. Try again."), "{out}");
    assert!(out.contains("Legal moves: a1-b2 a1-c3"), "{out}");
    assert!(out.contains("S (easy) plays "), "{out}");
    assert!(out.contains("Game abandoned after 2 moves."), "{out}");
    // The board is drawn with its coordinates, row 5 on top.
    assert!(out.contains("5  S  S  S  S  S \n4  S  .  .  .  S \n"), "{out}");
    assert!(out.contains("   a  b  c  d  e"));
}

#[test]
fn computer_levels_play_a_game_to_its_end() {
    let output = run(&["play", "easy", "medium", "--seed", "4"], "");
    assert!(output.status.success(), "{}", stderr(&output));
    let out = stdout(&output);
    let last = out.lines().last().unwrap();
    assert!(last.starts_with("Moves: 1. "), "{out}");
    // The moves replay to a finished game, whose result the output states.
    let moves: Vec<&str> = last
        .trim_start_matches("Moves: ")
        .split(' ')
        .filter(|w| !w.ends_with('.'))
        .collect();
    let mut game = Game::new();
    for mv in moves {
        game.play(mv.parse().unwrap()).unwrap();
    }
    let result = game.result().expect("the game is over");
    assert!(out.contains(&format!("{result}.")), "{out}");
}

#[test]
fn the_person_can_take_back_a_move() {
    let output = run(&["play", "human", "easy"], "b1-b2\nundo\nb1-c2\nquit\n");
    let out = stdout(&output);
    assert!(out.contains("Took back 2 move(s)."), "{out}");
    assert!(out.contains("Game abandoned after 2 moves."), "{out}");
}

#[test]
fn the_arena_reports_both_sides_and_is_reproducible() {
    let arena = |jobs: &str| {
        let args = [
            "arena",
            "easy",
            "medium",
            "-n",
            "6",
            "--seed",
            "9",
            "-j",
            jobs,
            "--quiet",
            "--opening",
            "2",
        ];
        run(&args, "")
    };
    let first = arena("2");
    assert!(first.status.success(), "{}", stderr(&first));
    let out = stdout(&first);
    assert!(
        out.starts_with("6 games of Carreno's Entropy after 2 random opening moves, seed 9"),
        "{out}"
    );
    let row = |name: &str| -> Vec<String> {
        out.lines()
            .find(|l| l.split_whitespace().nth(1) == Some(name))
            .unwrap_or_else(|| panic!("no row for {name}: {out}"))
            .split_whitespace()
            .map(str::to_string)
            .collect()
    };
    let (a, b) = (row("easy"), row("medium"));
    let n = |r: &[String], i: usize| r[i].parse::<usize>().unwrap();
    assert_eq!(n(&a, 2) + n(&a, 3) + n(&a, 4), 6);
    assert_eq!(n(&a, 2), n(&b, 4), "A's wins are B's losses");
    assert_eq!(n(&a, 3), n(&b, 3));
    assert!(out.contains("O won "));
    // The same seed gives the same games, whatever the number of threads
    // (only the think times differ: the last column of the players' rows).
    let again = arena("1");
    let results = |text: &str| -> Vec<String> {
        text.lines()
            .skip(1)
            .map(|l| match l.starts_with("A ") || l.starts_with("B ") {
                true => l.rsplit_once(' ').map_or(l, |(head, _)| head).to_string(),
                false => l.to_string(),
            })
            .collect()
    };
    assert_eq!(results(&stdout(&again)), results(&out));
}

#[test]
fn bad_arguments_are_refused() {
    let output = run(&["arena", "easy", "grandmaster"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("unknown level \"grandmaster\""));
    let output = run(&["play", "robot"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("unknown player \"robot\""));
    let output = run(&["play", "hard", "hard", "--tables", "/nonexistent/tables.bin"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("cannot read endgame tables /nonexistent/tables.bin"));
}

/// Writes `bytes` to a table file of its own in the temporary folder,
/// removed when the test lets it go.
fn table_file(name: &str, bytes: &[u8]) -> tempfile::TempPath {
    let mut file = tempfile::Builder::new().prefix(name).tempfile().unwrap();
    std::io::Write::write_all(&mut file, bytes).unwrap();
    file.into_temp_path()
}

/// A table file: its magic, then the words.
fn table_bytes(words: &[u64]) -> Vec<u8> {
    let mut bytes = b"CARRENO2".to_vec();
    for word in words {
        bytes.extend_from_slice(&word.to_le_bytes());
    }
    bytes
}

#[test]
fn table_files_that_do_not_match_their_header_are_refused() {
    let cases = [
        // The header lists no plies but holds a class (this one panicked once).
        (
            "no-plies",
            table_bytes(&[0, 1, 0]),
            "the header lists no plies, so no class can follow, but it counts 1",
        ),
        (
            "truncated",
            table_bytes(&[0, 1]),
            "the header claims 0 plies and 1 classes, 32 bytes, but the file holds 24",
        ),
        (
            "huge",
            table_bytes(&[0, 1 << 61]),
            "the header claims 0 plies and 2305843009213693952 classes",
        ),
        (
            "plies",
            table_bytes(&[u64::MAX]),
            "the header claims 18446744073709551615 plies; tables hold at most 8191",
        ),
        ("empty", Vec::new(), "the file ends in its first 8 bytes"),
    ];
    for (name, bytes, said) in cases {
        let path = table_file(name, &bytes);
        for args in [
            &["play", "human", "hard", "--tables"][..],
            &["arena", "easy", "hard", "-n", "2", "--tables"][..],
        ] {
            let output = run(&[args, &[path.to_str().unwrap()]].concat(), "quit\n");
            assert_eq!(output.status.code(), Some(2), "{name} {args:?}: {}", stderr(&output));
            let err = stderr(&output);
            assert!(err.contains("cannot read endgame tables"), "{name}: {err}");
            assert!(err.contains(said), "{name}: {err}");
            assert!(!err.contains("panicked"), "{name}: {err}");
        }
    }
}

#[test]
fn a_flood_of_a_line_at_the_game_is_refused_without_reading_it_whole() {
    let output = common::run_cli_flooded(&["carreno", "play", "human", "easy"], b"moves\n", b'a', b"\nquit\n");
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    let err = common::clean_text(&output.stderr);
    assert!(
        err.contains("standard input, line 2: the line is too long (more than 4096 bytes)"),
        "{err}"
    );
    assert!(err.len() < 200, "{err}");
}

#[test]
fn a_line_typed_that_is_not_utf8_stops_the_game_with_status_2() {
    let output = common::run_cli(&["carreno", "play", "human", "easy"], &b"moves\n\xff\xfe\nquit\n"[..]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    let err = stderr(&output);
    assert!(
        err.contains("standard input, line 2: not UTF-8 text (at byte 1 of the line)"),
        "{err}"
    );
    assert!(stdout(&output).contains("Legal moves: "), "the first line was read");
}

#[test]
fn a_byte_order_mark_is_skipped_at_the_start_of_what_is_typed_or_piped() {
    let output = run(&["play", "human", "easy"], "\u{feff}quit\n");
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(stdout(&output).contains("Game abandoned after 0 moves."));
    assert_eq!(moves(&format!("\u{feff}{START}O\n")), moves(&format!("{START}O\n")));
}

#[test]
fn a_position_read_is_bounded_and_must_be_utf8() {
    let output = common::run_cli_flooded(&["carreno", "moves"], b"SSSSS\n", b'.', b"\n");
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    let err = common::clean_text(&output.stderr);
    assert!(
        err.contains("line 2: the line is too long (more than 4096 bytes)"),
        "{err}"
    );
    let output = common::run_cli(&["carreno", "moves"], &b"SSSSS\nS...S\n..\xff..\n"[..]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("line 3: not UTF-8 text (at byte 3 of the line)"),
        "{}",
        stderr(&output)
    );
    // A control character is quoted escaped.
    let output = run(&["moves"], &format!("{START}\x1b]0;title\x07\n"));
    assert_eq!(output.status.code(), Some(2));
    let err = common::clean_text(&output.stderr);
    assert!(err.contains("\"\\u{1b}]0;title\\u{7}\" is not a side to move"), "{err}");
}
