//! Tournament play (the Mind Sports Olympiad's rules): flags falling, the
//! moves the rules then play, touch move, and the clocks, time control and
//! flags a match file keeps.

use entropy_rules::{MatchFileErrorKind as K, *};
use proptest::prelude::*;
use rand::{Rng, SeedableRng, rngs::SmallRng};

fn cell(s: &str) -> Cell {
    s.parse().unwrap()
}

/// A random legal action of the side to act, or the rules' forced one.
fn next_action(game: &Match, rng: &mut SmallRng) -> Action {
    if let Some(forced) = game.forced_action() {
        return forced;
    }
    let position = *game.round().position();
    match position.phase() {
        Phase::ChaosDraw => Action::Draw,
        Phase::ChaosPlace(_) => {
            let cells = position.placements();
            Action::Place(cells.nth(rng.random_range(0..cells.len())).unwrap())
        }
        _ => {
            let k = rng.random_range(0..position.order_move_count());
            position.nth_order_move(k).unwrap().into()
        }
    }
}

/// Plays the current round to its end; gives the actions played.
fn finish_round(game: &mut Match, rng: &mut SmallRng) -> Vec<Action> {
    let mut played = Vec::new();
    while !game.round().is_finished() {
        let action = next_action(game, rng);
        game.apply(action).unwrap();
        played.push(action);
    }
    played
}

/// `count` random actions (fewer if the round ends).
fn play_some(game: &mut Match, rng: &mut SmallRng, count: usize) {
    for _ in 0..count {
        if game.round().is_finished() {
            return;
        }
        let action = next_action(game, rng);
        game.apply(action).unwrap();
    }
}

#[test]
fn order_out_of_time_passes_every_turn_and_the_round_scores() {
    let mut rng = SmallRng::seed_from_u64(1);
    let mut game = Match::new(Size::Seven, Player::One, [1, 2]);
    play_some(&mut game, &mut rng, 30);
    // Player 1 is Order in round 1.
    let before = game.round().moves();
    let fall = game.flag(Player::One).unwrap();
    assert_eq!(
        fall,
        FlagFall {
            round: 0,
            moves: before,
            player: Player::One
        }
    );
    assert!(game.is_flagged(Player::One) && !game.is_flagged(Player::Two));
    assert_eq!(game.flag(Player::One), Err(MatchError::AlreadyFlagged(Player::One)));
    let turns_before = game.round().turns().len();
    // Order's moves are the rules' passes; anything else of Order's is refused.
    while !game.round().is_finished() {
        match game.round().phase() {
            Phase::OrderMove => {
                assert_eq!(game.forced_action(), Some(Action::Pass));
                if let Some(from) = game
                    .round()
                    .board()
                    .occupied()
                    .into_iter()
                    .find(|&c| !game.round().position().slide_targets(c).is_empty())
                {
                    let to = game.round().position().slide_targets(from).nth(0).unwrap();
                    let refused = game.apply(Action::Slide(Slide::new(from, to)));
                    assert_eq!(
                        refused,
                        Err(MoveError::OutOfTime {
                            role: Role::Order,
                            forced: Action::Pass
                        })
                    );
                }
                assert_eq!(game.apply(Action::Pass), Ok(Event::Passed));
            }
            _ => {
                // Chaos, with time, plays as it likes.
                assert_eq!(game.forced_action(), None);
                let action = next_action(&game, &mut rng);
                game.apply(action).unwrap();
            }
        }
    }
    let turns = game.round().turns();
    assert!(
        turns.len() == 49
            && turns[turns_before..]
                .iter()
                .all(|t| t.reply.is_none_or(|r| r == OrderMove::Pass))
    );
    assert_eq!(game.totals(), [game.round().score(), 0], "the round is scored as usual");
    assert_eq!(game.outcome(), None, "running out of time is not a loss");
}

#[test]
fn chaos_out_of_time_fills_the_board_in_reading_order_from_the_top_left() {
    // From the start, with Order passing: Aa, Ab, ... Ag, Ba, ... Gg.
    let mut game = Match::new(Size::Seven, Player::One, [3, 4]);
    game.flag(Player::Two).unwrap();
    let mut placed = Vec::new();
    while !game.round().is_finished() {
        match game.forced_action() {
            Some(action) => {
                if let Event::Placed(p) = game.apply(action).unwrap() {
                    placed.push(p.cell);
                }
            }
            None => {
                game.apply(Action::Pass).unwrap();
            }
        }
    }
    assert_eq!(placed, Cell::all(Size::Seven).collect::<Vec<_>>());
    assert_eq!(placed[0].to_string(), "Aa");
    assert_eq!(placed[7].to_string(), "Ba");

    // Midway, with Order sliding: always the first empty cell at the time.
    let mut rng = SmallRng::seed_from_u64(9);
    for seed in 0..10 {
        let mut game = Match::new(Size::Five, Player::Two, [seed, seed + 1]);
        play_some(&mut game, &mut rng, 9);
        game.flag(Player::One).unwrap();
        while !game.round().is_finished() {
            if let Phase::ChaosPlace(_) = game.round().phase() {
                let first = Cell::all(Size::Five)
                    .find(|&c| game.round().board().is_vacant(c))
                    .unwrap();
                assert_eq!(game.forced_action(), Some(Action::Place(first)));
                assert_eq!(game.round().position().fill_cell(), Some(first));
                let elsewhere = game.round().position().placements().into_iter().find(|&c| c != first);
                if let Some(other) = elsewhere {
                    assert!(matches!(
                        game.apply(Action::Place(other)),
                        Err(MoveError::OutOfTime { role: Role::Chaos, .. })
                    ));
                }
            }
            let action = next_action(&game, &mut rng);
            game.apply(action).unwrap();
        }
    }
}

#[test]
fn both_out_of_time_finishes_the_round_at_once() {
    let mut rng = SmallRng::seed_from_u64(2);
    let mut game = Match::new(Size::Seven, Player::One, [5, 6]);
    play_some(&mut game, &mut rng, 21);
    game.flag(Player::Two).unwrap();
    game.flag(Player::One).unwrap();
    let board_before = *game.round().board();
    let events = game.play_forced();
    assert!(game.round().is_finished());
    assert!(
        events
            .iter()
            .all(|e| matches!(e, Event::Drew(_) | Event::Placed(_) | Event::Passed))
    );
    // Nothing moved: the empty cells filled in reading order.
    let mut empties = Cell::all(Size::Seven).filter(|&c| board_before.is_vacant(c));
    for event in &events {
        if let Event::Placed(p) = event {
            assert_eq!(Some(p.cell), empties.next());
            assert_eq!(game.round().board().get(p.cell), Some(p.colour));
        }
    }
    assert_eq!(empties.next(), None);
    for c in board_before.occupied() {
        assert_eq!(game.round().board().get(c), board_before.get(c));
    }
    // Round 2 is forced all through too.
    game.start_second_round().unwrap();
    game.play_forced();
    assert!(game.is_over());
    assert!(game.outcome().is_some());
}

#[test]
fn a_flag_stays_down_in_the_second_round_in_the_other_role() {
    let mut rng = SmallRng::seed_from_u64(3);
    let mut game = Match::new(Size::Five, Player::One, [7, 8]);
    play_some(&mut game, &mut rng, 10);
    // Player 1, Order in round 1, runs out of time.
    game.flag(Player::One).unwrap();
    finish_round(&mut game, &mut rng);
    game.start_second_round().unwrap();
    assert_eq!(game.role(Player::One, 1), Role::Chaos);
    assert_eq!(game.forced_action(), Some(Action::Draw));
    let played = finish_round(&mut game, &mut rng);
    let placements: Vec<Cell> = played
        .iter()
        .filter_map(|a| match a {
            Action::Place(c) => Some(*c),
            _ => None,
        })
        .collect();
    assert_eq!(placements.len(), 25);
    // Player 2, Order with time, moved counters about; each placement was
    // the first empty cell of its moment, so the first was Aa.
    assert_eq!(placements[0], cell("Aa"));
    assert!(game.is_over());
    let [one, two] = game.totals();
    assert_eq!((one, two), (game.rounds()[0].score(), game.rounds()[1].score()));
    // The record replays to the same boards.
    let replayed = game.record().replay().unwrap();
    for i in 0..2 {
        assert_eq!(replayed.rounds()[i].board(), game.rounds()[i].board());
    }
    assert_eq!(replayed.flags(), game.flags());
}

#[test]
fn a_flag_between_the_rounds_is_kept_where_it_fell() {
    let mut rng = SmallRng::seed_from_u64(4);
    let mut game = Match::new(Size::Five, Player::One, [9, 10]);
    game.set_time_control(Some(TimeControl::MSO));
    finish_round(&mut game, &mut rng);
    let fall = game.flag(Player::Two).unwrap();
    assert_eq!((fall.round, fall.moves), (0, 49));
    assert_eq!(
        fall.to_string(),
        "player 2 out of time: round 1, turn 25, after the placement"
    );
    game.start_second_round().unwrap();
    // Player 2 is now Order: passes.
    game.apply(Action::Draw).unwrap();
    game.apply(Action::Place(cell("Cc"))).unwrap();
    assert_eq!(game.forced_action(), Some(Action::Pass));
    let file = MatchFile {
        tags: MatchTags::default(),
        record: game.record(),
    };
    let text = file.to_text();
    assert!(
        text.contains("[Flag2 \"round 1, turn 25, after the placement\"]\n"),
        "{text}"
    );
    assert_eq!(MatchFile::parse(&text).unwrap(), file);
}

#[test]
fn undo_through_a_flag_takes_it_back_with_the_move_before_it() {
    let mut rng = SmallRng::seed_from_u64(5);
    let mut game = Match::new(Size::Seven, Player::One, [11, 12]);
    play_some(&mut game, &mut rng, 12);
    let at = game.round().moves();
    game.flag(Player::Two).unwrap();
    play_some(&mut game, &mut rng, 6);
    let moves = game.round().moves() - at;
    for _ in 0..moves {
        game.undo().unwrap();
        assert!(game.is_flagged(Player::Two), "moves after the fall leave it down");
    }
    assert_eq!(game.record().flags.len(), 1);
    game.undo().unwrap();
    assert!(!game.is_flagged(Player::Two), "the move before the fall takes it back");
    assert!(game.flags().is_empty());
    // Every record on the way replays.
    assert!(game.record().replay().is_ok());
}

/// The record of a match cut after `moves` moves of round `round`, as a
/// replay wants it: what was played so far, with its clocks and flags.
#[test]
fn a_record_cut_short_keeps_its_clocks_and_flags_up_to_the_cut() {
    let game = flagged_match(12, &[(Player::One, 30), (Player::Two, 200)], true);
    let record = game.record();
    for (round, moves) in [(0, 0), (0, 19), (0, 20), (0, 21), (0, 97), (1, 0), (1, 40), (1, 97)] {
        let cut = record.truncated(round, moves);
        let replayed = cut.replay().unwrap_or_else(|e| panic!("{round} {moves}: {e}"));
        assert_eq!((replayed.round_index(), replayed.round().moves()), (round, moves));
        assert!(cut.flags.iter().all(|f| (f.round, f.moves) <= (round, moves)));
        assert_eq!(cut.forfeit, None);
    }
    assert_eq!(record.truncated(1, 97).flags, record.flags);
}

#[test]
fn the_moves_left_count_both_rounds() {
    let mut game = Match::new(Size::Seven, Player::One, [1, 2]);
    // Player 1: 48 Order moves now, 49 placements in round 2.
    assert_eq!(game.moves_left(Player::One), 48 + 49);
    assert_eq!(game.moves_left(Player::Two), 49 + 48);
    game.apply(Action::Draw).unwrap();
    game.apply(Action::Place(cell("Aa"))).unwrap();
    assert_eq!(game.moves_left(Player::One), 48 + 49, "Order's move is awaited");
    assert_eq!(game.moves_left(Player::Two), 48 + 48);
    game.apply(Action::Pass).unwrap();
    assert_eq!(game.moves_left(Player::One), 47 + 49);
}

#[test]
fn touch_move_binds_order_to_a_counter_that_can_move() {
    let mut round = Round::new(Size::Five, 3);
    let place = |round: &mut Round, c: &str| {
        if round.phase() == Phase::OrderMove {
            round.apply(Action::Pass).unwrap();
        }
        round.apply(Action::Draw).unwrap();
        round.apply(Action::Place(cell(c))).unwrap();
    };
    // Aa hemmed in by Ab and Ba; Cc free.
    for c in ["Ab", "Ba", "Cc", "Aa"] {
        place(&mut round, c);
    }
    let hemmed = round.touch(cell("Aa")).unwrap();
    assert!(!hemmed.must_move());
    assert_eq!(hemmed.check(OrderMove::Pass), Ok(()));
    assert_eq!(hemmed.check(OrderMove::slide(cell("Cc"), cell("Ce"))), Ok(()));

    let free = round.touch(cell("Cc")).unwrap();
    assert!(free.must_move());
    assert_eq!(free.cell(), cell("Cc"));
    assert!(free.targets().contains(cell("Ce")) && !free.targets().contains(cell("Dd")));
    assert_eq!(free.check(OrderMove::Pass), Err(MoveError::Touched(cell("Cc"))));
    assert_eq!(
        free.check_action(Action::Slide(Slide::new(cell("Ab"), cell("Ae")))),
        Err(MoveError::Touched(cell("Cc")))
    );
    assert_eq!(
        free.check_action(Action::Slide(Slide::new(cell("Cc"), cell("Ca")))),
        Ok(())
    );
    assert_eq!(
        MoveError::Touched(cell("Cc")).to_string(),
        "the counter on Cc was touched: it is the one to move"
    );

    assert_eq!(round.touch(cell("Dd")), Err(MoveError::NoCounter(cell("Dd"))));
    assert_eq!(round.touch(cell("Gg")), Err(MoveError::OffBoard(cell("Gg"))));
    round.apply(Action::Pass).unwrap();
    assert!(matches!(round.touch(cell("Cc")), Err(MoveError::WrongPhase { .. })));
}

/// A 7×7 match played out with flags at random points, and clocks.
fn flagged_match(seed: u64, flags: &[(Player, usize)], timed: bool) -> Match {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut game = Match::new(Size::Seven, Player::One, [seed, seed ^ 7]);
    game.set_time_control(Some(TimeControl::MSO));
    let mut left = [900_000u64; 2];
    let mut count = 0;
    loop {
        for &(player, at) in flags {
            if at == count && !game.is_flagged(player) && !game.is_over() {
                game.flag(player).unwrap();
            }
        }
        if game.is_over() {
            break;
        }
        if game.round().is_finished() {
            game.start_second_round().unwrap();
        }
        let (mover, _) = game.to_move().unwrap();
        let action = next_action(&game, &mut rng);
        left[mover.index()] = left[mover.index()].saturating_sub(rng.random_range(0..20_000));
        if timed && action != Action::Draw {
            game.apply_timed(action, TimeLeft::from_millis(left[mover.index()]))
                .unwrap();
        } else {
            game.apply(action).unwrap();
        }
        count += 1;
    }
    game
}

#[test]
fn a_record_with_flags_replays_to_the_same_boards() {
    for seed in 0..8 {
        let flags = [
            (Player::One, 20 + seed as usize * 25),
            (Player::Two, 150 + seed as usize * 7),
        ];
        let game = flagged_match(seed, &flags, seed % 2 == 0);
        assert_eq!(game.flags().len(), 2);
        let record = game.record();
        let replayed = record.replay().unwrap();
        for i in 0..2 {
            assert_eq!(replayed.rounds()[i].board(), game.rounds()[i].board());
        }
        assert_eq!(replayed.record(), record);
        // Through the text too.
        let file = MatchFile {
            tags: MatchTags::default(),
            record,
        };
        let back = MatchFile::parse(&file.to_text()).unwrap();
        assert_eq!(back, file);
        // A flag moved to where the moves differ is refused.
        let mut moved = file.record.clone();
        if let Some(flag) = moved.flags.first_mut() {
            flag.moves = 500;
        }
        assert!(matches!(
            moved.replay().unwrap_err().kind,
            ReplayErrorKind::FlagOutOfPlace(_)
        ));
    }
}

#[test]
fn a_forced_move_replaced_by_a_free_one_is_refused_on_replay() {
    let game = flagged_match(3, &[(Player::Two, 0)], false);
    let mut record = game.record();
    // Player 2 is Chaos in round 1 from the start: turn 1 is on Aa.
    assert_eq!(record.rounds[0][0].placement.cell, cell("Aa"));
    record.rounds[0][0].placement.cell = cell("Gg");
    let e = record.replay().unwrap_err();
    assert_eq!((e.round, e.turn), (1, 1));
    assert_eq!(
        e.to_string(),
        "round 1, turn 1: illegal move: Chaos is out of time: the rules place its counter on Aa"
    );
}

#[test]
fn the_file_keeps_the_time_control_the_clocks_and_the_flags() {
    // 40 actions: 13 turns of three (a draw, a placement, a move), then a draw.
    let game = flagged_match(6, &[(Player::Two, 40)], true);
    let file = MatchFile {
        tags: MatchTags::default(),
        record: game.record(),
    };
    let text = file.to_text();
    assert!(text.contains("[Bag2 \"seed 1\"]\n[TimeControl \"900\"]\n[Flag2 \"round 1, turn 14, before the placement\"]\n[Termination \"normal\"]"), "{text}");
    let first_turn = text.lines().find(|l| l.starts_with("1. ")).unwrap();
    let words: Vec<&str> = first_turn.split_whitespace().collect();
    assert_eq!(words.len(), 5, "{first_turn}");
    assert!(words[2].starts_with('{') && words[2].ends_with('}'), "{first_turn}");
    assert_eq!(
        game.clocks(0)[0].placement.unwrap().to_string(),
        words[2].trim_matches(['{', '}'])
    );
    assert_eq!(MatchFile::parse(&text).unwrap(), file);
    // The clocks may be left out.
    let without = |dropped: &[&str]| -> String {
        text.lines()
            .filter(|l| !dropped.iter().any(|d| l.starts_with(d)))
            .map(|l| {
                let kept: Vec<&str> = l.split_whitespace().filter(|w| !w.starts_with('{')).collect();
                format!("{}\n", kept.join(" "))
            })
            .collect()
    };
    let back = MatchFile::parse(&without(&[])).unwrap();
    assert_eq!(back.record.time_control, Some(TimeControl::MSO));
    assert!(back.record.clocks.is_empty());
    assert_eq!(back.record.flags, file.record.flags);
    // Old files, with none of it, read as before.
    let back = MatchFile::parse(&without(&["[TimeControl", "[Flag"])).unwrap();
    assert_eq!(back.record.time_control, None);
    assert!(back.record.clocks.is_empty() && back.record.flags.is_empty());
}

#[test]
fn malformed_clocks_time_controls_and_flags_are_named_by_line() {
    let game = flagged_match(8, &[(Player::One, 30)], true);
    let text = MatchFile {
        tags: MatchTags::default(),
        record: game.record(),
    }
    .to_text();
    let line_of = |prefix: &str| text.lines().position(|l| l.starts_with(prefix)).unwrap() + 1;
    let replace = |line: usize, with: &str| {
        let mut lines: Vec<&str> = text.lines().collect();
        lines[line - 1] = with;
        lines.join("\n")
    };
    let error = |t: &str| {
        let e = MatchFile::parse(t).unwrap_err();
        assert!(e.to_string().starts_with(&format!("line {}: ", e.line)));
        let message = e.to_string();
        (e.line, e.kind, message)
    };
    let tc = line_of("[TimeControl");
    for bad in [
        "[TimeControl \"0\"]",
        "[TimeControl \"15 min\"]",
        "[TimeControl \"-3\"]",
    ] {
        let (line, kind, message) = error(&replace(tc, bad));
        assert_eq!(line, tc);
        assert!(
            matches!(kind, K::BadValue { ref tag, .. } if tag == "TimeControl"),
            "{kind:?}"
        );
        assert!(message.contains("is not a time control"), "{message}");
    }
    let flag = line_of("[Flag1");
    for bad in [
        "[Flag1 \"round 3, turn 2, before the placement\"]",
        "[Flag1 \"turn 2, before the placement\"]",
        "[Flag1 \"round 1, turn 0, before the placement\"]",
        "[Flag1 \"round 1, turn 2, during the placement\"]",
        "[Flag1 \"round 1, turn 99999999999999999999999, after the placement\"]",
    ] {
        let (line, kind, message) = error(&replace(flag, bad));
        assert_eq!(line, flag, "{bad}");
        assert!(
            matches!(kind, K::BadValue { ref tag, .. } if tag == "Flag1"),
            "{kind:?}"
        );
        assert!(message.contains("is not where a flag fell"), "{message}");
    }
    // A flag at a point the moves never reach names its tag.
    let (line, kind, message) = error(&replace(flag, "[Flag1 \"round 2, turn 60, before the placement\"]"));
    assert_eq!(line, flag);
    assert!(matches!(
        kind,
        K::Replay(ReplayError {
            kind: ReplayErrorKind::FlagOutOfPlace(_),
            ..
        })
    ));
    assert!(message.contains("which the moves never reach"), "{message}");

    let turn = text.lines().position(|l| l.starts_with("3. ")).unwrap() + 1;
    for bad in [
        "3. 1Aa {1:60}",
        "3. 1Aa {14:52",
        "3. {14:52} 1Aa",
        "3. 1Aa {14:52} {14:51}",
        "3. 1Aa } AaAb",
        "3. 1Aa {flag} AaAb",
        "3. 1Aa {0:09.1234}",
    ] {
        let (line, kind, _) = error(&replace(turn, bad));
        assert_eq!(line, turn, "{bad}");
        assert!(matches!(kind, K::BadClock(_)), "{bad}: {kind:?}");
    }
}

/// `line` (a turn) with its `index`-th clock reading (0 the placement's,
/// 1 the Order move's, when both have one) made `reading`.
fn with_clock(line: &str, index: usize, reading: &str) -> String {
    let mut out = String::new();
    let mut rest = line;
    let mut seen = 0;
    while let Some(open) = rest.find('{') {
        let close = open + rest[open..].find('}').unwrap();
        out.push_str(&rest[..=open]);
        out.push_str(if seen == index { reading } else { &rest[open + 1..close] });
        out.push('}');
        rest = &rest[close + 1..];
        seen += 1;
    }
    assert!(seen > index, "{line} has no clock {index}");
    out + rest
}

/// The `index`-th clock reading of `line` (as [`with_clock`] counts them).
fn clock_of(line: &str, index: usize) -> TimeLeft {
    let reading = line.split('{').nth(index + 1).unwrap().split('}').next().unwrap();
    reading.parse().unwrap()
}

/// The text of a timed 7×7 match, MSO time control, player 1 Order in
/// round 1 and out of time from its 30th action, every move with a reading.
fn timed_text() -> String {
    MatchFile {
        tags: MatchTags::default(),
        record: flagged_match(8, &[(Player::One, 30)], true).record(),
    }
    .to_text()
}

/// The line of turn `turn` of round `round` (both from 1) in `text`.
fn turn_line(text: &str, round: usize, turn: usize) -> usize {
    let heading = text
        .lines()
        .position(|l| l.starts_with(&format!("Round {round}:")))
        .unwrap();
    heading
        + 1
        + text
            .lines()
            .skip(heading)
            .position(|l| l.starts_with(&format!("{turn}. ")))
            .unwrap()
}

/// `text` with its line `line` (from 1) made `with`.
fn replaced(text: &str, line: usize, with: &str) -> String {
    let mut lines: Vec<&str> = text.lines().collect();
    lines[line - 1] = with;
    lines.join("\n") + "\n"
}

/// `text` with the clock `index` of line `line` made `reading`.
fn reclocked(text: &str, line: usize, index: usize, reading: &str) -> String {
    let old = text.lines().nth(line - 1).unwrap();
    replaced(text, line, &with_clock(old, index, reading))
}

#[test]
fn a_clock_above_the_time_control_is_refused_with_its_line() {
    let text = timed_text();
    assert!(text.contains("[TimeControl \"900\"]"));
    // Player 2 places first, and is Chaos all round 1.
    let first = turn_line(&text, 1, 1);
    let e = MatchFile::parse(&reclocked(&text, first, 0, "15:00.001")).unwrap_err();
    assert_eq!(e.line, first);
    assert_eq!(
        e.kind,
        K::ClockAboveTimeControl {
            player: Player::Two,
            role: Role::Chaos,
            left: TimeLeft::from_millis(900_001),
            time_control: TimeControl::MSO,
        }
    );
    assert_eq!(
        e.to_string(),
        format!(
            "line {first}: player 2's clock shows 15:00.001 left after their placement, above the time control \
             of 15:00 a player for the match"
        )
    );
    // The whole time control is not above it: a move made at once.
    assert!(MatchFile::parse(&reclocked(&text, first, 0, "15:00")).is_ok());
    // Order's reading, in round 2 (player 2's now).
    let line = turn_line(&text, 2, 3);
    let e = MatchFile::parse(&reclocked(&text, line, 1, "15:03")).unwrap_err();
    assert_eq!(e.line, line);
    assert!(
        matches!(
            e.kind,
            K::ClockAboveTimeControl {
                player: Player::Two,
                role: Role::Order,
                ..
            }
        ),
        "{e}"
    );
    assert!(
        e.to_string().contains("shows 15:03 left after their Order move, above"),
        "{e}"
    );
}

#[test]
fn a_clock_that_goes_up_between_a_players_moves_is_refused_with_both_lines() {
    let text = timed_text();
    // Player 1's Order moves of round 1, turns 4 and 5.
    let (four, five) = (turn_line(&text, 1, 4), turn_line(&text, 1, 5));
    let lower = reclocked(&text, four, 1, "10:00");
    let e = MatchFile::parse(&reclocked(&lower, five, 1, "10:00.5")).unwrap_err();
    assert_eq!(e.line, five);
    assert_eq!(
        e.kind,
        K::ClockGoesUp {
            player: Player::One,
            role: Role::Order,
            left: TimeLeft::from_millis(600_500),
            before: TimeLeft::from_millis(600_000),
            before_line: four,
        }
    );
    assert_eq!(
        e.to_string(),
        format!(
            "line {five}: player 1's clock shows 10:00.5 left after their Order move, up from 10:00 after their \
             move on line {four} (a player's time for the match only runs down)"
        )
    );
    // The same reading twice is a clock that did not run: read.
    let same = clock_of(text.lines().nth(five - 1).unwrap(), 1).to_string();
    assert!(MatchFile::parse(&reclocked(&text, four, 1, &same)).is_ok());

    // The clock is the match's: player 1's first placement of round 2 may
    // not show more than their last Order move of round 1.
    let last = turn_line(&text, 1, 48);
    let left = clock_of(text.lines().nth(last - 1).unwrap(), 1);
    let more = TimeLeft::from_millis(left.millis() + 1_000).to_string();
    let opening = turn_line(&text, 2, 1);
    let e = MatchFile::parse(&reclocked(&text, opening, 0, &more)).unwrap_err();
    assert_eq!(e.line, opening);
    assert_eq!(
        e.kind,
        K::ClockGoesUp {
            player: Player::One,
            role: Role::Chaos,
            left: TimeLeft::from_millis(left.millis() + 1_000),
            before: left,
            before_line: last,
        }
    );
    // The other player's clock is another clock: with player 1's time
    // halved all through, player 2's readings stand above theirs, and read.
    let mut round = 0;
    let halved: String = text
        .lines()
        .map(|l| {
            round += usize::from(l.starts_with("Round "));
            // Player 1 is Order in round 1, Chaos in round 2.
            let index = usize::from(round == 1);
            let line = if round > 0 && l.matches('{').count() > index {
                let half = TimeLeft::from_millis(clock_of(l, index).millis() / 2);
                with_clock(l, index, &half.to_string())
            } else {
                l.to_string()
            };
            line + "\n"
        })
        .collect();
    assert_ne!(halved, text);
    assert!(MatchFile::parse(&halved).is_ok());
}

#[test]
fn a_flag_without_a_time_control_is_refused_at_its_tag() {
    let text = timed_text();
    let untimed: String = text
        .lines()
        .filter(|l| !l.starts_with("[TimeControl"))
        .map(|l| format!("{l}\n"))
        .collect();
    let flag = untimed.lines().position(|l| l.starts_with("[Flag1")).unwrap() + 1;
    let e = MatchFile::parse(&untimed).unwrap_err();
    assert_eq!((e.line, &e.kind), (flag, &K::FlagWithoutTimeControl(Player::One)));
    assert_eq!(
        e.to_string(),
        format!(
            "line {flag}: the tag Flag1 says player 1's time ran out, but the match has no time control \
             (no TimeControl tag)"
        )
    );
    // Without the flag too, it reads: clocks need no time control.
    let plain: String = untimed
        .lines()
        .filter(|l| !l.starts_with("[Flag1"))
        .map(|l| format!("{l}\n"))
        .collect();
    let back = MatchFile::parse(&plain).unwrap();
    assert_eq!((back.record.time_control, back.record.flags.len()), (None, 0));
    assert!(!back.record.clocks.is_empty());
}

fn sizes() -> impl Strategy<Value = Size> {
    prop_oneof![Just(Size::Five), Just(Size::Seven)]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    /// Matches with flags at random points, random clock readings (or none)
    /// and a time control (or none) write and read back identically.
    #[test]
    fn timed_and_flagged_matches_write_and_read_back(
        size in sizes(),
        seed in any::<u64>(),
        actions in prop_oneof![Just(usize::MAX), 0usize..300],
        flag_one in proptest::option::of(0usize..300),
        flag_two in proptest::option::of(0usize..300),
        clocks in any::<bool>(),
        time_control in proptest::option::of(1u32..100_000),
    ) {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut game = Match::new(size, Player::One, [seed, seed.wrapping_add(1)]);
        game.set_time_control(time_control.and_then(TimeControl::from_secs));
        // Each player's clock runs down from the time control (15 minutes
        // without one), each move taking at most a hundredth of it: the
        // readings never go up, whatever moves come between.
        let start = time_control.map_or(900_000, |secs| u64::from(secs) * 1000);
        let slice = (start / 100).max(1);
        let mut made = [0u64; 2];
        for count in 0..actions {
            for (player, at) in [(Player::One, flag_one), (Player::Two, flag_two)] {
                if at == Some(count) && !game.is_over() && !game.is_flagged(player) {
                    game.flag(player).unwrap();
                }
            }
            if game.round().is_finished() && game.start_second_round().is_err() {
                break;
            }
            let action = next_action(&game, &mut rng);
            let mover = game.to_move().unwrap().0.index();
            let left = start.saturating_sub(slice * made[mover] + rng.random_range(0..slice));
            made[mover] += 1;
            if clocks && rng.random_bool(0.8) {
                game.apply_timed(action, TimeLeft::from_millis(left)).unwrap();
            } else {
                game.apply(action).unwrap();
            }
        }
        let file = MatchFile { tags: MatchTags::default(), record: game.record() };
        let text = file.to_text();
        if time_control.is_none() && !game.flags().is_empty() {
            // A flag with no time control: the file contradicts itself.
            let e = MatchFile::parse(&text).unwrap_err();
            let flag_line = text.lines().position(|l| l.starts_with("[Flag")).unwrap() + 1;
            prop_assert_eq!(e.line, flag_line);
            prop_assert!(matches!(e.kind, K::FlagWithoutTimeControl(_)), "{:?}", e.kind);
            return Ok(());
        }
        let back = MatchFile::parse(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(&back, &file);
        prop_assert_eq!(back.to_text(), text.clone());
        let replayed = back.replay().unwrap();
        for (a, b) in replayed.rounds().iter().zip(game.rounds()) {
            prop_assert_eq!(a.board(), b.board());
        }
        prop_assert_eq!(replayed.flags().len(), game.flags().len());
        prop_assert_eq!(AnyMatchFile::parse(&text).unwrap(), AnyMatchFile::Rounds(file));
    }

    /// Every clock reading writes and reads back.
    #[test]
    fn clock_readings_write_and_read_back(millis in any::<u64>()) {
        let left = TimeLeft::from_millis(millis);
        prop_assert_eq!(left.to_string().parse::<TimeLeft>(), Ok(left));
    }

    /// Garbage in braces is refused, never a panic.
    #[test]
    fn any_text_in_braces_is_read_or_refused(inner in "\\PC{0,12}") {
        let _ = inner.parse::<TimeLeft>();
        let text = format!("[Size \"5\"]\n[FirstOrder \"1\"]\n[Bag1 \"seed 1\"]\n[Bag2 \"seed 2\"]\nRound 1\n1. 1Aa {{{inner}}}\n");
        let _ = MatchFile::parse(&text);
    }
}
