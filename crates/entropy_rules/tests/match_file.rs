//! Match files: random matches write and read back identically; every
//! malformed file is refused with the line at fault.

use entropy_rules::{MatchFileErrorKind as K, *};
use proptest::prelude::*;
use rand::{Rng, SeedableRng, rngs::SmallRng};

/// A full bag's draws, shuffled by `seed`.
fn shuffled_draws(size: Size, seed: u64) -> Vec<Colour> {
    let mut bag = Bag::seeded(size, seed);
    std::iter::from_fn(|| bag.draw()).collect()
}

/// A match of random legal moves from `seed`, stopped after `actions`
/// actions (or at its end), with seeded bags or fixed draws.
fn random_match(size: Size, first: Player, seed: u64, actions: usize, fixed_draws: bool) -> Match {
    let mut game = if fixed_draws {
        let bag = |s| Bag::from_draws(size, shuffled_draws(size, s)).unwrap();
        Match::with_bags(first, bag(seed), bag(seed ^ 1))
    } else {
        Match::new(size, first, [seed, seed.wrapping_add(1)])
    };
    let mut rng = SmallRng::seed_from_u64(seed);
    for _ in 0..actions {
        if game.round().is_finished() && game.start_second_round().is_err() {
            break;
        }
        let position = *game.round().position();
        let action = match position.phase() {
            Phase::ChaosDraw => Action::Draw,
            Phase::ChaosPlace(_) => {
                let cells = position.placements();
                Action::Place(cells.nth(rng.random_range(0..cells.len())).unwrap())
            }
            _ => {
                let k = rng.random_range(0..position.order_move_count());
                position.nth_order_move(k).unwrap().into()
            }
        };
        game.apply(action).unwrap();
    }
    game
}

/// A 7×7 match played out to the end from `seed`.
fn finished_match(seed: u64) -> MatchFile {
    let game = random_match(Size::Seven, Player::One, seed, usize::MAX, false);
    assert!(game.is_over());
    MatchFile {
        tags: MatchTags::default(),
        record: game.record(),
    }
}

fn error(text: &str) -> (usize, K) {
    let e = MatchFile::parse(text).expect_err("the file is malformed");
    assert!(e.to_string().starts_with(&format!("line {}: ", e.line)), "{e}");
    (e.line, e.kind)
}

/// The text with line `line` (1-based) replaced by `with`.
fn replace_line(text: &str, line: usize, with: &str) -> String {
    let mut lines: Vec<&str> = text.lines().collect();
    lines[line - 1] = with;
    lines.join("\n")
}

/// The 1-based number of the first line starting with `prefix`.
fn line_of(text: &str, prefix: &str) -> usize {
    text.lines().position(|l| l.starts_with(prefix)).unwrap() + 1
}

fn sizes() -> impl Strategy<Value = Size> {
    prop_oneof![Just(Size::Five), Just(Size::Seven)]
}

fn forfeits() -> impl Strategy<Value = Option<Forfeit>> {
    let player = prop_oneof![Just(Player::One), Just(Player::Two)];
    prop_oneof![
        Just(None),
        player.clone().prop_map(|p| Some(Forfeit::TimeOut(p))),
        player.prop_map(|p| Some(Forfeit::Resigned(p))),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn random_matches_write_and_read_back(
        size in sizes(),
        seed in any::<u64>(),
        second_first in any::<bool>(),
        actions in prop_oneof![Just(usize::MAX), 0usize..400],
        fixed_draws in any::<bool>(),
        date in any::<String>(),
        names in any::<[String; 4]>(),
        forfeit in forfeits(),
        extra in proptest::collection::vec(("[A-Za-z][A-Za-z0-9_]{0,6}", any::<String>()), 0..3),
    ) {
        let first = if second_first { Player::Two } else { Player::One };
        let mut game = random_match(size, first, seed, actions, fixed_draws);
        // A forfeit ends a match still being played.
        let forfeit = forfeit.filter(|_| !game.is_over());
        if let Some(forfeit) = forfeit {
            game.forfeit(forfeit).unwrap();
        }
        let [n1, k1, n2, k2] = names;
        let extra: Vec<(String, String)> = extra
            .into_iter()
            .enumerate()
            .map(|(i, (name, value))| (format!("{name}X{i}"), value))
            .collect();
        let tags = MatchTags {
            date,
            players: [PlayerTags { name: n1, kind: k1 }, PlayerTags { name: n2, kind: k2 }],
            extra,
        };
        let file = MatchFile { tags, record: game.record() };
        let text = file.to_text();
        let back = MatchFile::parse(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(&back, &file);
        prop_assert_eq!(back.to_text(), text);
        let ending = Ending::of(&game);
        prop_assert_eq!(back.ending(), Some(ending));
        prop_assert_eq!(ending == Ending::Abandoned, !game.is_over() && forfeit.is_none());
        let replayed = back.replay().unwrap();
        prop_assert_eq!(replayed.totals(), game.totals());
        // A record holds whole turns: a counter drawn but not yet placed is not in it.
        prop_assert_eq!(replayed.round().board(), game.round().board());
        prop_assert_eq!(replayed.round().turns(), game.round().turns());
    }
}

#[test]
fn a_played_match_reads_as_a_person_would_write_it() {
    let mut file = finished_match(3);
    file.tags.date = "2025-11-24 21:40".into();
    file.tags.players = [
        PlayerTags {
            name: "Ann \"the Slider\"".into(),
            kind: "person".into(),
        },
        PlayerTags {
            name: "Entropy".into(),
            kind: "computer: hard".into(),
        },
    ];
    let text = file.to_text();
    let game = file.replay().unwrap();
    let [one, two] = game.totals();
    let result = match one.cmp(&two) {
        std::cmp::Ordering::Greater => "1-0",
        std::cmp::Ordering::Less => "0-1",
        std::cmp::Ordering::Equal => "1/2-1/2",
    };
    let head = format!(
        "[Date \"2025-11-24 21:40\"]\n[Player1 \"Ann \\\"the Slider\\\"\"]\n[Player1Kind \"person\"]\n\
         [Player2 \"Entropy\"]\n[Player2Kind \"computer: hard\"]\n[Size \"7\"]\n[FirstOrder \"1\"]\n\
         [Bag1 \"seed 3\"]\n[Bag2 \"seed 4\"]\n[Termination \"normal\"]\n[Result \"{result}\"]\n\
         [Totals \"{one}-{two}\"]\n\nRound 1: player 1 is Order\n1. "
    );
    assert!(text.starts_with(&head), "{text}");
    assert!(text.contains("\n\nRound 2: player 2 is Order\n1. "));
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 12 + 2 * (1 + 1 + 49));
    let turn_48 = lines.iter().find(|l| l.starts_with("48. ")).unwrap();
    assert_eq!(
        turn_48.split_whitespace().count(),
        3,
        "a turn with Order's move: {turn_48}"
    );
    let turn_49 = lines.iter().find(|l| l.starts_with("49. ")).unwrap();
    assert_eq!(
        turn_49.split_whitespace().count(),
        2,
        "the last turn has no Order move: {turn_49}"
    );
    assert_eq!(MatchFile::parse(&text).unwrap(), file);
}

#[test]
fn fixed_draws_are_written_in_groups_of_n() {
    let draws = shuffled_draws(Size::Five, 9);
    let game = Match::with_bags(
        Player::Two,
        Bag::from_draws(Size::Five, draws.clone()).unwrap(),
        Bag::seeded(Size::Five, 1),
    );
    let file = MatchFile {
        tags: MatchTags::default(),
        record: game.record(),
    };
    let text = file.to_text();
    let groups: Vec<String> = draws
        .chunks(5)
        .map(|c| c.iter().map(|c| c.to_string()).collect())
        .collect();
    assert!(
        text.contains(&format!("[Bag1 \"draws {}\"]", groups.join(" "))),
        "{text}"
    );
    assert!(text.contains("[Termination \"abandoned\"]\n[Result \"*\"]\n[Totals \"0-0\"]"));
    assert!(text.ends_with("Round 1: player 2 is Order\n"));
    assert_eq!(MatchFile::parse(&text).unwrap(), file);
}

#[test]
fn forfeits_decide_the_result() {
    let mut file = finished_match(5);
    file.record.rounds[1].truncate(10);
    file.record.forfeit = Some(Forfeit::TimeOut(Player::One));
    let text = file.to_text();
    assert!(text.contains("[Termination \"time forfeit: player 1\"]\n[Result \"0-1\"]"));
    let back = MatchFile::parse(&text).unwrap();
    assert_eq!(back.record.forfeit, Some(Forfeit::TimeOut(Player::One)));
    assert_eq!(
        back.ending().unwrap().to_string(),
        "player 2 wins: player 1 ran out of time"
    );
    file.record.forfeit = Some(Forfeit::Resigned(Player::Two));
    assert!(
        file.to_text()
            .contains("[Termination \"resigned: player 2\"]\n[Result \"1-0\"]")
    );
}

#[test]
fn comments_blank_lines_and_loose_spacing_are_read() {
    let file = finished_match(11);
    let text = file.to_text();
    let mut loose = String::from("; a match from the club night\n\n");
    for line in text.lines() {
        if let Some((number, turn)) = line.split_once(". ") {
            loose.push_str(&format!("  {number}.{turn}   ; a comment\n"));
        } else if line.starts_with('[') {
            loose.push_str(&line.replacen(' ', "   ", 1));
            loose.push('\n');
        } else {
            loose.push_str(line);
            loose.push_str("\r\n\n");
        }
    }
    assert_eq!(MatchFile::parse(&loose).unwrap(), file);
}

#[test]
fn the_derived_tags_may_be_left_out_but_not_contradicted() {
    let file = finished_match(13);
    let text = file.to_text();
    let bare: String = text
        .lines()
        .filter(|l| !["[Termination", "[Result", "[Totals"].iter().any(|t| l.starts_with(t)))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(MatchFile::parse(&bare).unwrap(), file);

    let totals = line_of(&text, "[Totals");
    let (line, kind) = error(&replace_line(&text, totals, "[Totals \"1-2\"]"));
    assert_eq!(line, totals);
    assert!(matches!(kind, K::Disagrees { tag: "Totals", .. }), "{kind:?}");

    let result = line_of(&text, "[Result");
    let (line, kind) = error(&replace_line(&text, result, "[Result \"*\"]"));
    assert_eq!(line, result);
    assert!(matches!(kind, K::Disagrees { tag: "Result", .. }));

    let termination = line_of(&text, "[Termination");
    let (line, kind) = error(&replace_line(&text, termination, "[Termination \"abandoned\"]"));
    assert_eq!(line, termination);
    assert_eq!(
        kind,
        K::Disagrees {
            tag: "Termination",
            stated: "abandoned".into(),
            actual: "normal".into()
        }
    );
}

#[test]
fn malformed_tags_are_named_by_line() {
    let text = finished_match(17).to_text();
    let size = line_of(&text, "[Size");
    type IsExpected = fn(&K) -> bool;
    let cases: [(&str, &str, IsExpected); 10] = [
        (
            "[Size",
            "[Size \"6\"]",
            |k| matches!(k, K::BadValue { tag, .. } if tag == "Size"),
        ),
        ("[Size", "[Size 7]", |k| matches!(k, K::BadTag(_))),
        ("[Size", "[Size \"7\"", |k| matches!(k, K::BadTag(_))),
        ("[Size", "[\"7\"]", |k| matches!(k, K::BadTag(_))),
        ("[Size", "[Size \"a\"b\"]", |k| matches!(k, K::BadTag(_))),
        ("[Size", "[Size \"\\q\"]", |k| matches!(k, K::BadTag(_))),
        (
            "[FirstOrder",
            "[FirstOrder \"3\"]",
            |k| matches!(k, K::BadValue { tag, .. } if tag == "FirstOrder"),
        ),
        (
            "[Bag1",
            "[Bag1 \"seed x\"]",
            |k| matches!(k, K::BadValue { tag, .. } if tag == "Bag1"),
        ),
        (
            "[Bag2",
            "[Bag2 \"draws 1234567\"]",
            |k| matches!(k, K::BadValue { reason, .. } if reason.contains("7 draws given")),
        ),
        (
            "[Termination",
            "[Termination \"lost\"]",
            |k| matches!(k, K::BadValue { tag, .. } if tag == "Termination"),
        ),
    ];
    for (prefix, with, expected) in cases {
        let line = line_of(&text, prefix);
        let (at, kind) = error(&replace_line(&text, line, with));
        assert_eq!(at, line, "{with}");
        assert!(expected(&kind), "{with}: {kind:?}");
    }
    let (at, kind) = error(&replace_line(&text, size, "[Bag1 \"seed 3\"]"));
    assert_eq!((at, kind), (line_of(&text, "[Bag1"), K::DuplicateTag("Bag1".into())));
    // A missing tag is named at the first line after the tags.
    let (at, kind) = error(&replace_line(&text, size, ""));
    assert_eq!((at, kind), (line_of(&text, "Round 1"), K::MissingTag("Size")));
    assert_eq!(error(""), (1, K::MissingTag("Size")));
    assert_eq!(error("[Size \"5\"]\n"), (2, K::MissingTag("FirstOrder")));
}

#[test]
fn malformed_moves_are_named_by_line() {
    let file = finished_match(19);
    let text = file.to_text();
    let round_1 = line_of(&text, "Round 1");
    let round_2 = line_of(&text, "Round 2");
    let turn = |round_line: usize, n: usize| round_line + n;
    let nth = |line: usize| text.lines().nth(line - 1).unwrap().to_string();

    let (at, kind) = error(&replace_line(&text, turn(round_1, 5), "6. 3Dc DcDf"));
    assert_eq!((at, kind), (turn(round_1, 5), K::TurnNumber { expected: 5, found: 6 }));
    let (at, kind) = error(&replace_line(&text, turn(round_1, 5), "5. 9Dc DcDf"));
    assert_eq!(at, turn(round_1, 5));
    assert!(matches!(kind, K::Notation(_)));
    let (at, kind) = error(&replace_line(&text, turn(round_1, 5), "5. 3Dc DcDf Aa"));
    assert_eq!(at, turn(round_1, 5));
    assert!(matches!(kind, K::Notation(_)));
    let (at, kind) = error(&replace_line(&text, turn(round_1, 5), "five. 3Dc"));
    assert_eq!((at, kind), (turn(round_1, 5), K::UnexpectedLine("five. 3Dc".into())));
    let (at, kind) = error(&replace_line(&text, round_2, "Round 1"));
    assert_eq!((at, kind), (round_2, K::RoundNumber { expected: 2, found: 1 }));
    let (at, kind) = error(&format!("{text}\nRound 3\n"));
    assert_eq!((at, kind), (text.lines().count() + 2, K::TooManyRounds(3)));
    let (at, kind) = error(&replace_line(&text, round_1, ""));
    assert_eq!((at, kind), (round_1 + 1, K::TurnOutsideRound));
    let (at, kind) = error(&replace_line(&text, turn(round_2, 3), "[Date \"now\"]"));
    assert_eq!((at, kind), (turn(round_2, 3), K::TagAfterMoves));

    // Illegal moves are refused with the replay's reason.
    let fifth = nth(turn(round_1, 5));
    let words: Vec<&str> = fifth.split_whitespace().collect();
    let colour = &words[1][..1];
    let first_four = RoundRecord {
        size: Size::Seven,
        bag: file.record.bags[0].clone(),
        turns: file.record.rounds[0][..4].to_vec(),
    };
    let occupied = first_four.replay().unwrap().board().occupied().nth(0).unwrap();
    let onto_counter = format!("5. {colour}{occupied} {occupied}{occupied}");
    let (at, kind) = error(&replace_line(&text, turn(round_1, 5), &onto_counter));
    assert_eq!(at, turn(round_1, 5), "{onto_counter}");
    assert!(
        matches!(&kind, K::Replay(e) if e.round == 1 && e.turn == 5 && e.kind == ReplayErrorKind::Illegal(MoveError::Occupied(occupied))),
        "{kind:?}"
    );
    // A colour the bag does not give there.
    let other = if colour == "1" { "2" } else { "1" };
    let wrong_colour = fifth.replacen(&format!(" {colour}"), &format!(" {other}"), 1);
    let (at, kind) = error(&replace_line(&text, turn(round_1, 5), &wrong_colour));
    assert_eq!(at, turn(round_1, 5));
    assert!(matches!(&kind, K::Replay(e) if matches!(e.kind, ReplayErrorKind::DrawMismatch { .. })));
    let message = MatchFile::parse(&replace_line(&text, turn(round_1, 5), &wrong_colour))
        .unwrap_err()
        .to_string();
    assert!(message.starts_with(&format!(
        "line {}: round 1, turn 5: the bag gives colour",
        turn(round_1, 5)
    )));
    // Order's move left out in the middle of a round.
    let no_reply = words[..2].join(" ");
    let (at, kind) = error(&replace_line(&text, turn(round_2, 5), &no_reply));
    assert_eq!(at, turn(round_2, 5));
    assert!(matches!(&kind, K::Replay(e) if e.round == 2 && e.kind == ReplayErrorKind::MissingReply));
    // Round 2 begun before round 1 is over.
    let (at, kind) = error(&replace_line(&text, turn(round_1, 49), ""));
    assert_eq!(at, round_2);
    assert!(matches!(&kind, K::Replay(e) if e.kind == ReplayErrorKind::FirstRoundUnfinished));
}

#[test]
fn garbage_is_refused_without_a_panic() {
    for text in [
        "\u{0}",
        "[",
        "]",
        "[]",
        "[A \"\\u{\"]",
        "[A \"\\u{110000}\"]",
        "[A \"\\",
        "Round",
        "Round x",
        "1.",
        ".",
        "1. ",
        "[Size \"7\"]\n[FirstOrder \"1\"]\n[Bag1 \"draws\"]\n",
        "[Size \"5\"]\n[FirstOrder \"1\"]\n[Bag1 \"draws 9\"]\n",
    ] {
        let e = MatchFile::parse(text).unwrap_err();
        assert!(e.line >= 1 && e.line <= text.lines().count() + 1, "{text:?}: {e}");
    }
}

#[test]
fn huge_round_and_turn_numbers_are_refused_as_too_large() {
    let text = finished_match(21).to_text();
    let round_1 = line_of(&text, "Round 1");
    let huge = "18446744073709551616";
    let (at, kind) = error(&replace_line(&text, round_1 + 3, &format!("{huge}. 3Dc")));
    assert_eq!(at, round_1 + 3);
    assert_eq!(
        kind,
        K::NumberTooLarge {
            what: "turn",
            expected: 3,
            digits: huge.into()
        }
    );
    let message = MatchFile::parse(&replace_line(&text, round_1 + 3, &format!("{huge}. 3Dc")))
        .unwrap_err()
        .to_string();
    assert_eq!(
        message,
        format!(
            "line {}: turn {huge} where turn 3 was expected (the number is far too large)",
            round_1 + 3
        )
    );
    let (at, kind) = error(&replace_line(
        &text,
        round_1,
        &format!("Round {huge}: player 1 is Order"),
    ));
    assert_eq!(
        (at, kind),
        (
            round_1,
            K::NumberTooLarge {
                what: "round",
                expected: 1,
                digits: huge.into()
            }
        )
    );
    // The largest number that can be read is only a wrong one.
    let (_, kind) = error(&replace_line(&text, round_1 + 3, "18446744073709551615. 3Dc"));
    assert_eq!(
        kind,
        K::TurnNumber {
            expected: 3,
            found: usize::MAX
        }
    );
    // A thousand digits are quoted short.
    let digits = "9".repeat(1000);
    let message = MatchFile::parse(&replace_line(&text, round_1 + 1, &format!("{digits}. 3Dc")))
        .unwrap_err()
        .to_string();
    assert!(
        message.contains(&format!("turn {}… where turn 1", &digits[..40])),
        "{message}"
    );
}

#[test]
fn long_lines_and_long_files_are_refused_where_they_go_too_far() {
    let text = finished_match(22).to_text();
    assert_eq!(
        MatchFile::BOUNDS,
        Bounds {
            line: 4096,
            text: 1 << 20
        }
    );
    // A 100 MB line, named without being quoted.
    let line = "A".repeat(100_000_000);
    let e = MatchFile::parse(&format!("[Size \"7\"]\n{line}\n")).unwrap_err();
    assert_eq!((e.line, &e.kind), (2, &K::TooLong(TooLong::Line(4096))));
    assert_eq!(e.to_string(), "line 2: the line is too long (more than 4096 bytes)");
    // A line of 4096 bytes is a line like another.
    let comment = format!("; {}", "x".repeat(4094));
    assert_eq!(
        MatchFile::parse(&format!("{comment}\n{text}")).unwrap(),
        MatchFile::parse(&text).unwrap()
    );
    let e = MatchFile::parse(&format!("{comment}x\n{text}")).unwrap_err();
    assert_eq!(e.line, 1);
    // A file beyond 1 MiB.
    let comments = "; a comment\n".repeat((1 << 20) / 12 + 1);
    let e = MatchFile::parse(&format!("{text}{comments}")).unwrap_err();
    assert!(matches!(e.kind, K::TooLong(_)), "{e}");
    assert!(e.line > text.lines().count(), "{e}");
}

#[test]
fn a_byte_order_mark_at_the_start_is_skipped() {
    let file = finished_match(23);
    let text = file.to_text();
    assert_eq!(MatchFile::parse(&format!("\u{feff}{text}")).unwrap(), file);
    // Anywhere else it is text like another.
    let e = MatchFile::parse(&format!("\u{feff}\u{feff}{text}")).unwrap_err();
    assert_eq!(e.line, 1);
    assert!(e.to_string().starts_with("line 1: '\\u{feff}[Date"), "{e}");
}

#[test]
fn control_characters_and_long_texts_are_quoted_short_and_escaped() {
    let text = finished_match(24).to_text();
    let round_1 = line_of(&text, "Round 1");
    let bad = replace_line(&text, round_1 + 2, &format!("\x1b[2J\0{}", "z".repeat(3000)));
    let message = MatchFile::parse(&bad).unwrap_err().to_string();
    assert!(
        message.starts_with(&format!(
            "line {}: '\\u{{1b}}[2J\\0{}…' is neither",
            round_1 + 2,
            "z".repeat(35)
        )),
        "{message}"
    );
    // Tag values, written with \u{..} for control characters, read back
    // into them, and quoted escaped when refused.
    for (tag, value, quoted) in [
        (
            "Size",
            format!("\\u{{7}}{}", "7".repeat(3000)),
            format!("\"\\u{{7}}{}…\"", "7".repeat(39)),
        ),
        ("FirstOrder", "\\u{1b}".to_string(), "\"\\u{1b}\"".to_string()),
        (
            "Termination",
            "\u{202e}".repeat(100),
            format!("\"{}…\"", "\\u{202e}".repeat(40)),
        ),
        (
            "Bag1",
            "draws 12\\u{1b}3".to_string(),
            "'\\u{1b}' is not a colour 1-7".to_string(),
        ),
    ] {
        let bad = replace_line(
            &text,
            line_of(&text, &format!("[{tag} ")),
            &format!("[{tag} \"{value}\"]"),
        );
        let message = MatchFile::parse(&bad).unwrap_err().to_string();
        assert!(message.contains(&quoted), "{tag}: {message}");
        assert!(
            !message.chars().any(|c| c.is_control() || c == '\u{202e}'),
            "{tag}: {message}"
        );
        assert!(message.len() < 600, "{tag}: {message}");
    }
}
