//! `entropy-cli show` and `entropy-cli review` from the outside: match files
//! read back, replayed, judged; malformed files refused with their line.

mod common;

use std::io::Write as _;
use std::process::{Command, Output};

use entropy_ai::{Greedy, Limits, Player as _};
use entropy_rules::{Action, Forfeit, Match, MatchFile, MatchTags, Phase, Player, PlayerTags, Size};
use tempfile::TempPath;

/// A match between two greedy players on `size`, stopped after `actions`
/// actions (or at its end).
fn greedy_match(size: Size, seed: u64, actions: usize) -> Match {
    let mut game = Match::new(size, Player::Two, [seed, seed + 1]);
    let mut players = [Greedy::new(seed), Greedy::new(seed + 1)];
    for _ in 0..actions {
        if game.round().is_finished() && game.start_second_round().is_err() {
            break;
        }
        let position = *game.round().position();
        let order = game.order_player(game.round_index()).index();
        let action = match position.phase() {
            Phase::ChaosDraw => Action::Draw,
            Phase::ChaosPlace(_) => Action::Place(players[1 - order].place(&position, &Limits::none())),
            _ => players[order].order(&position, &Limits::none()).into(),
        };
        game.apply(action).unwrap();
    }
    game
}

fn match_file(game: &Match) -> MatchFile {
    let tags = MatchTags {
        date: "2025-11-24 21:40".into(),
        players: [
            PlayerTags {
                name: "Ann".into(),
                kind: "person".into(),
            },
            PlayerTags {
                name: "Entropy".into(),
                kind: "computer: hard".into(),
            },
        ],
        ..MatchTags::default()
    };
    MatchFile {
        tags,
        record: game.record(),
    }
}

/// Writes `text` to a file of its own in the temporary folder, removed when
/// the test lets it go.
fn write(name: &str, text: &str) -> TempPath {
    let mut file = tempfile::Builder::new().prefix(name).tempfile().unwrap();
    file.write_all(text.as_bytes()).unwrap();
    file.into_temp_path()
}

fn cli(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_entropy-cli"))
        .args(args)
        .output()
        .unwrap()
}

fn stdout(output: &Output) -> String {
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout.clone()).unwrap()
}

#[test]
fn show_replays_a_match_file_and_prints_its_boards_and_scores() {
    let game = greedy_match(Size::Five, 1, usize::MAX);
    let path = write("show.match", &match_file(&game).to_text());
    let out = stdout(&cli(&["show", path.to_str().unwrap()]));
    let [one, two] = game.totals();
    assert!(out.starts_with("player 1 (Ann), person\nplayer 2 (Entropy), computer: hard\nplayed 2025-11-24 21:40\n"));
    assert!(out.contains(
        &format!("5×5 board; {}; totals {one}-{two}\n", game.outcome().map_or("?".into(), |o| {
        entropy_rules::Ending::Played(o).to_string()
    }))
    ));
    for (index, round) in game.rounds().iter().enumerate() {
        let order = if index == 0 {
            "player 2 (Entropy)"
        } else {
            "player 1 (Ann)"
        };
        assert!(out.contains(&format!(
            "Round {}: {order} is Order; 25 turns; score {}\n   a b c d e\n",
            index + 1,
            round.score()
        )));
        let first_row: String = round
            .board()
            .to_string()
            .lines()
            .next()
            .unwrap()
            .chars()
            .map(|c| format!(" {c}"))
            .collect();
        assert!(out.contains(&format!("A {first_row}\n")), "{out}");
    }
}

#[test]
fn show_tells_an_unfinished_or_forfeited_match() {
    let game = greedy_match(Size::Seven, 2, 30);
    let mut file = match_file(&game);
    let path = write("abandoned.match", &file.to_text());
    let out = stdout(&cli(&["show", path.to_str().unwrap()]));
    assert!(out.contains("7×7 board; abandoned; totals 0-0\n"), "{out}");
    assert!(out.contains("Round 1: player 2 (Entropy) is Order; 10 turns; unfinished, "));
    file.record.forfeit = Some(Forfeit::Resigned(Player::Two));
    let path = write("resigned.match", &file.to_text());
    let out = stdout(&cli(&["show", path.to_str().unwrap()]));
    assert!(out.contains("player 1 wins: player 2 resigned; totals 0-0"), "{out}");
}

#[test]
fn review_prints_every_move_judged_and_a_summary_and_draws_the_graph() {
    let game = greedy_match(Size::Five, 3, usize::MAX);
    let path = write("review.match", &match_file(&game).to_text());
    let svg = write("graph.svg", "");
    let args = ["review", path.to_str().unwrap(), "--nodes", "5000", "--quiet"];
    let out = stdout(&cli(&[&args[..], &["-j", "1", "--svg", svg.to_str().unwrap()]].concat()));
    let rows: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with(' ') && l.split_whitespace().count() == 9)
        .collect();
    assert_eq!(rows.len(), 2 * (25 + 24), "{out}");
    assert_eq!(
        rows[0].split_whitespace().take(3).collect::<Vec<_>>(),
        ["1", "Chaos", "1"]
    );
    assert_eq!(
        rows[1].split_whitespace().take(3).collect::<Vec<_>>(),
        ["1", "Order", "2"]
    );
    let marks = ["best", "good", "inaccuracy", "mistake"];
    assert!(
        rows.iter()
            .all(|r| marks.contains(&r.split_whitespace().last().unwrap()))
    );
    assert!(out.contains("turn  who      played  best    expected  if best   cost  mark\n"));
    let score = game.rounds()[0].score();
    assert!(out.contains(&format!("Round 1: player 2 (Entropy) is Order; final score {score}\n")));
    assert!(out.contains("\nplayer 1 (Ann): "));
    assert!(out.contains(" lost as Order, "));
    // The last placement leaves nothing to choose: its expected score is the final score.
    let last = rows[48].split_whitespace().collect::<Vec<_>>();
    assert_eq!((last[0], last[5]), ("25", format!("{score}.0").as_str()));

    let svg = std::fs::read_to_string(&svg).unwrap();
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(svg.trim_end().ends_with("</svg>"));
    assert_eq!(svg.matches("<polyline").count(), 2);
    assert!(svg.contains("Round 2: player 1 (Ann) is Order, final score"));

    // The same review on two threads.
    let again = stdout(&cli(&[&args[..], &["-j", "2"]].concat()));
    assert_eq!(again, out);
}

#[test]
fn review_judges_an_unfinished_match_as_far_as_it_goes() {
    let game = greedy_match(Size::Five, 4, 12);
    let path = write("unfinished.match", &match_file(&game).to_text());
    let out = stdout(&cli(&["review", path.to_str().unwrap(), "--nodes", "3000", "-j", "1"]));
    assert!(
        out.contains("Round 1: player 2 (Entropy) is Order; unfinished\n"),
        "{out}"
    );
    let rows = out
        .lines()
        .filter(|l| l.split_whitespace().count() == 9 && l.starts_with(' '))
        .count();
    assert_eq!(rows, 8);
}

#[test]
fn malformed_files_exit_with_status_2_naming_the_line() {
    let text = match_file(&greedy_match(Size::Five, 5, usize::MAX)).to_text();
    let size_line = text.lines().position(|l| l.starts_with("[Size")).unwrap() + 1;
    let cases = [
        (
            text.replace("[Size \"5\"]", "[Size \"9\"]"),
            format!("line {size_line}: the tag Size: "),
        ),
        (
            text.replacen("\n3. ", "\n4. ", 1),
            "turn 4 where turn 3 was expected".to_string(),
        ),
        (text.replacen("\n3. ", "\n3. 1Zz ", 1), "not a turn: ".to_string()),
    ];
    for (i, (bad, expected)) in cases.iter().enumerate() {
        let path = write(&format!("bad-{i}.match"), bad);
        for command in ["show", "review"] {
            let output =
                cli(&[command, path.to_str().unwrap(), "--nodes", "1000"][..if command == "show" { 2 } else { 4 }]);
            assert_eq!(output.status.code(), Some(2), "{command} {bad}");
            let err = String::from_utf8_lossy(&output.stderr);
            assert!(
                err.starts_with(&format!("entropy-cli {command}: {}: line ", path.display())),
                "{err}"
            );
            assert!(err.contains(expected.as_str()), "{err}");
        }
    }
    // An illegal move: the line and the rules' reason.
    let file = MatchFile::parse(&text).unwrap();
    let first_two = entropy_rules::RoundRecord {
        size: Size::Five,
        bag: file.record.bags[0].clone(),
        turns: file.record.rounds[0][..2].to_vec(),
    };
    let occupied = first_two.replay().unwrap().board().occupied().nth(0).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let round_1 = lines.iter().position(|l| l.starts_with("Round 1")).unwrap();
    let third = lines[round_1 + 3];
    let colour = &third.split_whitespace().nth(1).unwrap()[..1];
    let bad = text.replacen(third, &format!("3. {colour}{occupied}"), 1);
    let path = write("illegal.match", &bad);
    let output = cli(&["show", path.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(
        err.contains(&format!(
            "line {}: round 1, turn 3: illegal move: {occupied} already holds a counter",
            round_1 + 4
        )),
        "{err}"
    );

    let output = cli(&["show", "/nonexistent/match.txt"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).starts_with("entropy-cli show: /nonexistent/match.txt: "));
}

/// Runs `command` (show, then review) on the file `bytes`, expected to
/// refuse it with exit status 2; its standard error, checked clean.
fn refused(name: &str, bytes: &[u8]) -> Vec<String> {
    let path = write(name, "");
    std::fs::write(&path, bytes).unwrap();
    ["show", "review"]
        .into_iter()
        .map(|command| {
            let output =
                cli(&[command, path.to_str().unwrap(), "--nodes", "1000"][..if command == "show" { 2 } else { 4 }]);
            assert_eq!(output.status.code(), Some(2), "{command} {name}");
            let err = common::clean_text(&output.stderr);
            assert!(
                err.starts_with(&format!("entropy-cli {command}: {}: line ", path.display())),
                "{err}"
            );
            err
        })
        .collect()
}

#[test]
fn huge_round_and_turn_numbers_are_refused_as_too_large() {
    let text = match_file(&greedy_match(Size::Five, 5, usize::MAX)).to_text();
    let lines: Vec<&str> = text.lines().collect();
    let round_1 = lines.iter().position(|l| l.starts_with("Round 1")).unwrap() + 1;
    let huge = "18446744073709551616";
    for (bad, said) in [
        (
            text.replacen("\n3. ", &format!("\n{huge}. "), 1),
            format!(
                "line {}: turn {huge} where turn 3 was expected (the number is far too large)",
                round_1 + 3
            ),
        ),
        (
            text.replacen("Round 1:", &format!("Round {huge}:"), 1),
            format!("line {round_1}: round {huge} where round 1 was expected (the number is far too large)"),
        ),
    ] {
        for err in refused("huge.match", bad.as_bytes()) {
            assert!(err.contains(&said), "{err}");
            assert!(!err.contains("18446744073709551615"), "{err}");
        }
    }
}

#[test]
fn a_file_that_is_not_utf8_is_named_by_line() {
    let text = match_file(&greedy_match(Size::Five, 5, 20)).to_text();
    let mut bytes = text.replacen("\n2. ", "\n2. \u{1}", 1).into_bytes();
    let at = bytes.iter().position(|&b| b == 1).unwrap();
    bytes[at] = 0xff;
    let line = bytes[..at].iter().filter(|&&b| b == b'\n').count() + 1;
    for err in refused("latin1.match", &bytes) {
        assert!(
            err.contains(&format!("line {line}: not UTF-8 text (at byte 4 of the line)")),
            "{err}"
        );
    }
}

#[test]
fn a_byte_order_mark_at_the_start_of_a_file_is_skipped() {
    let game = greedy_match(Size::Five, 6, usize::MAX);
    let text = match_file(&game).to_text();
    let plain = stdout(&cli(&["show", write("plain.match", &text).to_str().unwrap()]));
    let path = write("bom.match", &format!("\u{feff}{text}"));
    assert_eq!(stdout(&cli(&["show", path.to_str().unwrap()])), plain);
    let out = stdout(&cli(&[
        "review",
        path.to_str().unwrap(),
        "--nodes",
        "1000",
        "-j",
        "1",
        "--quiet",
    ]));
    assert!(
        out.contains("Round 1: player 2 (Entropy) is Order; final score"),
        "{out}"
    );
}

#[test]
fn control_characters_in_a_file_are_never_printed_raw() {
    let text = match_file(&greedy_match(Size::Five, 5, 20)).to_text();
    let bad = text.replacen("\n2. ", "\n\x1b[31m\x07 2. ", 1);
    for err in refused("escape.match", bad.as_bytes()) {
        assert!(err.contains("'\\u{1b}[31m\\u{7} 2. "), "{err}");
    }
}

#[test]
fn a_flood_through_a_pipe_is_refused_without_reading_it_whole() {
    for command in ["show", "review"] {
        // One endless line.
        let output = common::run_cli_flooded(&[command, "/dev/stdin"], b"; a comment\n", b'A', b"\n");
        assert_eq!(output.status.code(), Some(2), "{command}: {output:?}");
        let err = common::clean_text(&output.stderr);
        assert!(
            err.contains("/dev/stdin: line 2: the line is too long (more than 4096 bytes)"),
            "{err}"
        );
        assert!(err.len() < 200, "{err}");
        // Lines of comments without end.
        let output = common::run_cli_flooded(&[command, "/dev/stdin"], b"", b'\n', b"");
        assert_eq!(output.status.code(), Some(2), "{command}: {output:?}");
        let err = common::clean_text(&output.stderr);
        assert!(
            err.contains("line 1048577: the text is too long (more than 1048576 bytes in all)"),
            "{err}"
        );
    }
}

#[test]
fn control_characters_in_the_tags_are_printed_escaped() {
    let game = greedy_match(Size::Five, 7, usize::MAX);
    let mut file = match_file(&game);
    file.tags.players[0].name = "Ann\x1b]0;pwned\x07".into();
    file.tags.players[1].kind = "computer\r\0".into();
    file.tags.date = "\x1b[2J2025".into();
    let path = write("tags.match", &file.to_text());
    let output = cli(&["show", path.to_str().unwrap()]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let out = common::clean_text(&output.stdout);
    assert!(
        out.starts_with("player 1 (Ann\\u{1b}]0;pwned\\u{7}), person\n"),
        "{out}"
    );
    assert!(out.contains("player 2 (Entropy), computer\\r\\0\n"), "{out}");
    assert!(out.contains("played \\u{1b}[2J2025\n"), "{out}");
}

#[test]
fn show_prints_the_time_control_the_clocks_and_a_flag() {
    let game = timed_match();
    let file = match_file(&game);
    let text = file.to_text();
    assert!(
        text.contains("[TimeControl \"60\"]\n[Flag1 \"round 1, turn 7, after the placement\"]\n"),
        "{text}"
    );
    let path = write("timed.match", &text);
    let out = stdout(&cli(&["show", path.to_str().unwrap()]));
    assert!(
        out.contains("time control: 1 min a player for the match (60 s)\n"),
        "{out}"
    );
    assert!(
        out.contains(
            "player 1 (Ann) ran out of time: round 1, turn 7, after the placement; the rules played their moves from there\n"
        ),
        "{out}"
    );
    assert!(
        out.contains("Time left after each move (player 1 (Ann) places, player 2 (Entropy) moves):\n"),
        "{out}"
    );
    assert!(out.contains("\n   1. "), "{out}");
    let first = out.lines().find(|l| l.starts_with("   1. ")).unwrap();
    assert_eq!(first.split_whitespace().collect::<Vec<_>>()[2], "0:58.75", "{first}");
    assert_eq!(out.matches("Time left after each move").count(), 2, "{out}");
    // A file without them shows none of it.
    let plain = stdout(&cli(&[
        "show",
        write(
            "plain-clock.match",
            &match_file(&greedy_match(Size::Five, 1, usize::MAX)).to_text(),
        )
        .to_str()
        .unwrap(),
    ]));
    assert!(!plain.contains("time control") && !plain.contains("Time left") && !plain.contains("ran out of time"));
}

/// A 5×5 match with a minute each, player 2 Order first, every move
/// taking 1.25 s of its player's clock, and the flag of player 1 (Chaos
/// in round 1) fallen at the 21st action.
fn timed_match() -> Match {
    let mut game = Match::new(Size::Five, Player::Two, [8, 9]);
    game.set_time_control(entropy_rules::TimeControl::from_secs(60));
    let mut players = [Greedy::new(1), Greedy::new(2)];
    let mut left = [60_000u64; 2];
    let mut count = 0;
    while !game.is_over() {
        if game.round().is_finished() {
            game.start_second_round().unwrap();
        }
        if count == 20 {
            game.flag(Player::One).unwrap();
        }
        count += 1;
        let (mover, _) = game.to_move().unwrap();
        let position = *game.round().position();
        let action = match game.forced_action() {
            Some(forced) => forced,
            None => match position.phase() {
                Phase::ChaosDraw => Action::Draw,
                Phase::ChaosPlace(_) => Action::Place(players[mover.index()].place(&position, &Limits::none())),
                _ => players[mover.index()].order(&position, &Limits::none()).into(),
            },
        };
        if action == Action::Draw {
            game.apply(action).unwrap();
        } else {
            left[mover.index()] = left[mover.index()].saturating_sub(1_250);
            game.apply_timed(action, entropy_rules::TimeLeft::from_millis(left[mover.index()]))
                .unwrap();
        }
    }
    game
}

#[test]
fn clocks_that_contradict_the_file_are_refused_naming_the_line() {
    let text = match_file(&timed_match()).to_text();
    let lines: Vec<&str> = text.lines().collect();
    let line_of = |prefix: &str| lines.iter().position(|l| l.starts_with(prefix)).unwrap() + 1;
    let round_1 = line_of("Round 1");
    // Player 1 is Chaos in round 1: its placements of turns 1 and 2.
    let (first, second) = (round_1 + 1, round_1 + 2);
    assert!(lines[first - 1].starts_with("1. ") && lines[first - 1].contains(" {0:58.75} "));
    assert!(lines[second - 1].starts_with("2. ") && lines[second - 1].contains(" {0:57.5} "));
    let cases = [
        (
            text.replacen(" {0:58.75} ", " {1:00.5} ", 1),
            format!(
                "line {first}: player 1's clock shows 1:00.5 left after their placement, above the time control \
                 of 1:00 a player for the match"
            ),
        ),
        (
            text.replacen(" {0:57.5} ", " {0:59} ", 1),
            format!(
                "line {second}: player 1's clock shows 0:59 left after their placement, up from 0:58.75 after \
                 their move on line {first} (a player's time for the match only runs down)"
            ),
        ),
        (
            text.replacen("[TimeControl \"60\"]\n", "", 1),
            format!(
                "line {}: the tag Flag1 says player 1's time ran out, but the match has no time control (no \
                 TimeControl tag)",
                line_of("[Flag1") - 1
            ),
        ),
    ];
    assert!(MatchFile::parse(&text).is_ok());
    for (i, (bad, expected)) in cases.iter().enumerate() {
        let path = write(&format!("contradicted-{i}.match"), bad);
        for command in ["show", "review"] {
            let output = cli(&[command, path.to_str().unwrap()]);
            let err = String::from_utf8_lossy(&output.stderr);
            assert_eq!(output.status.code(), Some(2), "{command}: {err}");
            assert_eq!(
                err.trim_end(),
                format!("entropy-cli {command}: {}: {expected}", path.display())
            );
            assert!(output.stdout.is_empty());
        }
    }
}

#[test]
fn show_prints_a_simultaneous_match_and_review_judges_it_board_by_board() {
    let mut game = entropy_rules::SimultaneousMatch::new(Size::Five, 12);
    game.set_time_control(Some(entropy_rules::TimeControl::MSO));
    let mut players = [Greedy::new(1), Greedy::new(2)];
    let mut left = [900_000; 2];
    while !game.is_over() {
        if game.pending().is_empty() {
            game.draw().unwrap();
            if game.board(Player::One).turns().len() == 9 {
                game.flag(Player::Two).unwrap();
            }
        }
        for pending in game.pending() {
            let position = *game.board(pending.board).position();
            let player = &mut players[pending.player.index()];
            let action = game
                .forced_action(pending.player)
                .unwrap_or_else(|| player.choose(&position, &Limits::none()).unwrap());
            left[pending.player.index()] -= 3_100;
            let reading = entropy_rules::TimeLeft::from_millis(left[pending.player.index()]);
            game.apply_timed(pending.player, action, reading).unwrap();
        }
    }
    let tags = match_file(&greedy_match(Size::Five, 1, 0)).tags;
    let file = entropy_rules::SimultaneousFile {
        tags,
        record: game.record(),
    };
    let path = write("simultaneous.match", &file.to_text());
    let out = stdout(&cli(&["show", path.to_str().unwrap()]));
    let [one, two] = game.scores();
    assert!(
        out.starts_with("player 1 (Ann), person\nplayer 2 (Entropy), computer: hard\nplayed 2025-11-24 21:40\n"),
        "{out}"
    );
    assert!(
        out.contains(&format!(
            "simultaneous match on 5×5 boards; {}; scores {one}-{two}\n",
            game.ending()
        )),
        "{out}"
    );
    assert!(
        out.contains(&format!(
            "Board 1: player 1 (Ann) is Order, player 2 (Entropy) places; 25 turns; score {one}\n   a b c d e\n"
        )),
        "{out}"
    );
    assert!(out.contains(&format!(
        "Board 2: player 2 (Entropy) is Order, player 1 (Ann) places; 25 turns; score {two}\n"
    )));
    assert!(
        out.contains(
            "player 2 (Entropy) ran out of time: before their placement of turn 10; the rules played their moves \
             from there\n"
        ),
        "{out}"
    );
    assert!(
        out.contains("Time left after each move (player 1 (Ann) places, player 2 (Entropy) moves):\n   1. "),
        "{out}"
    );
    assert!(out.contains("  10. 3Aa 14:01.1"), "{out}");
    let svg = write("graph.svg", "");
    let output = cli(&[
        "review",
        path.to_str().unwrap(),
        "--nodes",
        "1000",
        "--quiet",
        "-j",
        "1",
        "--svg",
        svg.to_str().unwrap(),
    ]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let out = stdout(&output);
    assert!(
        out.contains(&format!("Board 1: player 1 (Ann) is Order; final score {one}\n")),
        "{out}"
    );
    assert!(
        out.contains(&format!("Board 2: player 2 (Entropy) is Order; final score {two}\n")),
        "{out}"
    );
    let (one_board, two_board) = out.split_once("\nBoard 2:").unwrap();
    let rows = |text: &str| -> Vec<(usize, String)> {
        text.lines()
            .filter(|l| l.starts_with(' ') && l.split_whitespace().count() == 9)
            .map(|l| {
                let cells: Vec<&str> = l.split_whitespace().collect();
                (cells[0].parse().unwrap(), format!("{} {}", cells[1], cells[2]))
            })
            .collect()
    };
    // Player 1's moves are all theirs: 25 placements on board 2, 24 slides or passes on board 1.
    assert_eq!(rows(two_board).iter().filter(|(_, who)| who == "Chaos 1").count(), 25);
    assert_eq!(rows(one_board).iter().filter(|(_, who)| who == "Order 1").count(), 24);
    // Player 2's flag fell before their placement of turn 10: from there the
    // rules played for them, and those moves are not judged.
    let theirs = |rows: Vec<(usize, String)>, who: &str| {
        rows.into_iter()
            .filter(|(_, w)| w == who)
            .map(|(t, _)| t)
            .collect::<Vec<_>>()
    };
    assert_eq!(theirs(rows(one_board), "Chaos 2"), (1..=9).collect::<Vec<_>>());
    assert_eq!(theirs(rows(two_board), "Order 2"), (1..=9).collect::<Vec<_>>());
    assert!(out.contains("\nplayer 2 (Entropy): "), "{out}");
    let drawn = std::fs::read_to_string(&svg).unwrap();
    assert_eq!(drawn.matches("<polyline").count(), 2);
    assert!(drawn.contains("Board 2: player 2 (Entropy) is Order, final score"));
}
