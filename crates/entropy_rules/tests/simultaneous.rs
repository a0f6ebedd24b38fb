//! The simultaneous match: two boards fed by one queue of draws, every
//! legality the rounds', its record and its file.

use entropy_rules::{MatchFileErrorKind as K, *};
use proptest::prelude::*;
use rand::{Rng, SeedableRng, rngs::SmallRng};

fn cell(s: &str) -> Cell {
    s.parse().unwrap()
}

/// A random legal action for `pending` (the rules' own if its player is out of time).
fn action_for(game: &SimultaneousMatch, pending: Pending, rng: &mut SmallRng) -> Action {
    if let Some(forced) = game.forced_action(pending.player) {
        return forced;
    }
    let position = *game.board(pending.board).position();
    match pending.role {
        Role::Chaos => {
            let cells = position.placements();
            Action::Place(cells.nth(rng.random_range(0..cells.len())).unwrap())
        }
        Role::Order => {
            let k = rng.random_range(0..position.order_move_count());
            position.nth_order_move(k).unwrap().into()
        }
    }
}

/// A random clock reading for `player`'s next move, as a clock running down
/// would show it: within the time control (15 minutes without one), and
/// never above their reading before (each move takes its hundredth of the
/// time at most, and the player's n-th move leaves less than n hundredths used).
fn reading(game: &SimultaneousMatch, player: Player, rng: &mut SmallRng) -> TimeLeft {
    let start = game.time_control().map_or(900_000, |tc| u64::from(tc.secs()) * 1000);
    let slice = (start / 100).max(1);
    let made = game.moves_made(player) as u64;
    TimeLeft::from_millis(start.saturating_sub(slice * made + rng.random_range(0..slice)))
}

/// One step of random play: the draw, or one pending action chosen at
/// random among those owed (so either player may act first), with its
/// clock reading if `timed`. False once over.
fn step(game: &mut SimultaneousMatch, rng: &mut SmallRng, timed: bool) -> bool {
    match game.step() {
        SimultaneousStep::Over => false,
        SimultaneousStep::Draw => {
            game.draw().unwrap();
            true
        }
        _ => {
            let pending = game.pending();
            let chosen = pending[rng.random_range(0..pending.len())];
            let action = action_for(game, chosen, rng);
            if timed {
                let left = reading(game, chosen.player, rng);
                game.apply_timed(chosen.player, action, left).unwrap();
            } else {
                game.apply(chosen.player, action).unwrap();
            }
            true
        }
    }
}

#[test]
fn a_whole_match_of_random_moves_has_equal_draws_and_the_right_result() {
    for seed in 0..20 {
        let size = if seed % 3 == 0 { Size::Five } else { Size::Seven };
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut game = SimultaneousMatch::new(size, seed);
        let mut drawn = Vec::new();
        loop {
            match game.step() {
                SimultaneousStep::Draw => {
                    assert!(game.pending().is_empty());
                    let colour = game.draw().unwrap();
                    for owner in Player::BOTH {
                        assert_eq!(game.board(owner).phase(), Phase::ChaosPlace(colour));
                    }
                    drawn.push(colour);
                }
                SimultaneousStep::Over => break,
                SimultaneousStep::Place => {
                    for p in game.pending() {
                        assert_eq!((p.role, p.board), (Role::Chaos, p.player.other()));
                    }
                    step(&mut game, &mut rng, false);
                }
                SimultaneousStep::Order => {
                    for p in game.pending() {
                        assert_eq!((p.role, p.board), (Role::Order, p.player));
                    }
                    step(&mut game, &mut rng, false);
                }
            }
        }
        assert_eq!(drawn.len(), size.cells());
        for owner in Player::BOTH {
            let board = game.board(owner);
            assert!(board.is_finished());
            let colours: Vec<Colour> = board.turns().iter().map(|t| t.placement.colour).collect();
            assert_eq!(colours, drawn, "both boards have the queue's draws");
            assert_eq!(board.turns().len(), size.cells());
        }
        // The same draws as a round of the same seed.
        let mut bag = Bag::seeded(size, seed);
        assert_eq!(std::iter::from_fn(|| bag.draw()).collect::<Vec<_>>(), drawn);
        let scores = game.scores();
        assert_eq!(
            scores,
            [game.board(Player::One).score(), game.board(Player::Two).score()]
        );
        let expected = match scores[0].cmp(&scores[1]) {
            std::cmp::Ordering::Greater => Outcome::Win(Player::One),
            std::cmp::Ordering::Less => Outcome::Win(Player::Two),
            std::cmp::Ordering::Equal => Outcome::Draw,
        };
        assert_eq!(game.outcome(), Some(expected));
        assert_eq!(game.ending(), Ending::Played(expected));
        assert!(game.pending().is_empty());
        assert_eq!(game.draw(), Err(MoveError::RoundOver));
        let replayed = game.record().replay().unwrap();
        assert_eq!(replayed.record(), game.record());
        assert_eq!(replayed.scores(), scores);
    }
}

#[test]
fn both_placements_come_before_either_order_move() {
    let mut game = SimultaneousMatch::new(Size::Seven, 1);
    assert_eq!(
        game.apply(Player::One, Action::Place(cell("Aa"))),
        Err(MoveError::WrongPhase {
            attempted: "place a counter",
            phase: Phase::ChaosDraw
        })
    );
    let colour = game.apply(Player::Two, Action::Draw).unwrap();
    assert!(matches!(colour, Event::Drew(_)));
    assert!(game.draw().is_err(), "one draw a turn");
    game.apply(Player::Two, Action::Place(cell("Dd"))).unwrap();
    // Player 1's board has its counter, but player 2 has not placed yet... on player 2's board.
    assert_eq!(game.board(Player::One).phase(), Phase::OrderMove);
    assert_eq!(
        game.apply(Player::One, Action::Pass),
        Err(MoveError::NotYet(
            "both placements of the turn come before the Order moves"
        ))
    );
    assert_eq!(
        game.pending(),
        vec![Pending {
            player: Player::One,
            board: Player::Two,
            role: Role::Chaos
        }]
    );
    // Player 2 cannot place twice.
    assert!(game.apply(Player::Two, Action::Place(cell("Aa"))).is_err());
    game.apply(Player::One, Action::Place(cell("Aa"))).unwrap();
    assert_eq!(game.step(), SimultaneousStep::Order);
    game.apply(Player::Two, Action::Slide(Slide::new(cell("Aa"), cell("Ag"))))
        .unwrap();
    assert_eq!(game.pending().len(), 1);
    assert!(game.draw().is_err(), "no draw before both Order moves");
    game.apply(Player::One, Action::Slide(Slide::new(cell("Dd"), cell("Da"))))
        .unwrap();
    assert_eq!(game.step(), SimultaneousStep::Draw);
    assert_eq!(game.moves_made(Player::One), 2);
    assert_eq!(game.moves_left(Player::One), 48 + 47);
}

#[test]
fn undo_takes_back_the_last_move_whoever_made_it() {
    for seed in 0..10 {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut game = SimultaneousMatch::new(Size::Five, seed);
        let mut records = vec![game.record()];
        let mut steps = vec![game.step()];
        while step(&mut game, &mut rng, seed % 2 == 0) {
            if game.step() != SimultaneousStep::Place || game.pending().len() < 2 {
                records.push(game.record());
                steps.push(game.step());
            }
        }
        // Back to the start, one move at a time.
        records.pop();
        steps.pop();
        while let Ok((player, action)) = game.undo() {
            assert!(!matches!(action, Action::Draw));
            let record = records.pop().unwrap();
            let step = steps.pop().unwrap();
            assert_eq!(game.record(), record, "{player:?} {action:?}");
            // A turn's draw stays until the Order move before it is taken back.
            let expected = if step == SimultaneousStep::Draw && game.pending().len() == 2 {
                SimultaneousStep::Place
            } else {
                step
            };
            assert_eq!(game.step(), expected);
        }
        assert!(records.is_empty(), "{} left", records.len());
        assert_eq!(game.undo(), Err(UndoError::NothingToUndo));
    }
}

#[test]
fn resigning_decides_the_match() {
    let mut rng = SmallRng::seed_from_u64(4);
    let mut game = SimultaneousMatch::new(Size::Seven, 4);
    for _ in 0..30 {
        step(&mut game, &mut rng, false);
    }
    game.resign(Player::Two).unwrap();
    assert!(game.is_over());
    assert_eq!(game.outcome(), Some(Outcome::Win(Player::One)));
    assert_eq!(game.step(), SimultaneousStep::Over);
    assert!(game.pending().is_empty());
    assert_eq!(game.apply(Player::One, Action::Draw), Err(MoveError::RoundOver));
    assert_eq!(game.undo(), Err(UndoError::MatchDecided));
    assert_eq!(game.resign(Player::One), Err(MatchError::Over));
    let file = SimultaneousFile {
        tags: MatchTags::default(),
        record: game.record(),
    };
    let text = file.to_text();
    assert!(
        text.contains("[Termination \"resigned: player 2\"]\n[Result \"1-0\"]"),
        "{text}"
    );
    assert_eq!(SimultaneousFile::parse(&text).unwrap(), file);
}

#[test]
fn a_flagged_player_places_in_reading_order_and_passes_on_both_boards() {
    let mut rng = SmallRng::seed_from_u64(5);
    let mut game = SimultaneousMatch::new(Size::Five, 5);
    for _ in 0..14 {
        step(&mut game, &mut rng, false);
    }
    let fall = game.flag(Player::One).unwrap();
    assert_eq!(fall.moves, game.moves_made(Player::One));
    assert_eq!(game.flag(Player::One), Err(MatchError::AlreadyFlagged(Player::One)));
    let turns_before = game.board(Player::One).turns().len();
    let placed_before = game.board(Player::Two).turns().len();
    while game.step() != SimultaneousStep::Over {
        for p in game.pending() {
            if p.player == Player::One {
                let forced = game.forced_action(Player::One).unwrap();
                match p.role {
                    Role::Chaos => {
                        let first = game.board(Player::Two).position().fill_cell().unwrap();
                        assert_eq!(forced, Action::Place(first));
                    }
                    Role::Order => assert_eq!(forced, Action::Pass),
                }
            } else {
                assert_eq!(game.forced_action(Player::Two), None);
            }
        }
        step(&mut game, &mut rng, false);
    }
    let own = &game.board(Player::One).turns()[turns_before..];
    assert!(own.iter().all(|t| t.reply.is_none_or(|r| r == OrderMove::Pass)));
    assert!(game.board(Player::Two).turns().len() > placed_before);
    let replayed = game.record().replay().unwrap();
    assert_eq!(replayed.boards()[0].board(), game.boards()[0].board());
    assert_eq!(replayed.boards()[1].board(), game.boards()[1].board());
    assert_eq!(replayed.flags(), game.flags());
}

#[test]
fn with_both_flags_down_the_match_plays_itself_out() {
    let mut rng = SmallRng::seed_from_u64(6);
    let mut game = SimultaneousMatch::new(Size::Seven, 6);
    game.set_time_control(Some(TimeControl::MSO));
    for _ in 0..40 {
        step(&mut game, &mut rng, false);
    }
    game.flag(Player::Two).unwrap();
    game.flag(Player::One).unwrap();
    let events = game.play_forced();
    assert!(game.is_over(), "{} events", events.len());
    assert!(game.outcome().is_some());
    let file = SimultaneousFile {
        tags: MatchTags::default(),
        record: game.record(),
    };
    let text = file.to_text();
    assert!(text.contains("[Flag1 \"turn "), "{text}");
    assert_eq!(SimultaneousFile::parse(&text).unwrap(), file);
}

#[test]
fn the_file_reads_as_a_person_would_write_it() {
    let mut rng = SmallRng::seed_from_u64(7);
    let mut game = SimultaneousMatch::new(Size::Seven, 2026);
    game.set_time_control(Some(TimeControl::MSO));
    while step(&mut game, &mut rng, true) {}
    let mut tags = MatchTags {
        date: "2026-01-02 20:00".into(),
        ..MatchTags::default()
    };
    tags.players[0].name = "Ann".into();
    tags.players[1].name = "Entropy".into();
    tags.players[1].kind = "computer: hard".into();
    let file = SimultaneousFile {
        tags,
        record: game.record(),
    };
    let text = file.to_text();
    let [one, two] = game.scores();
    let head = format!(
        "[Format \"simultaneous\"]\n[Date \"2026-01-02 20:00\"]\n[Player1 \"Ann\"]\n[Player1Kind \"\"]\n\
         [Player2 \"Entropy\"]\n[Player2Kind \"computer: hard\"]\n[Size \"7\"]\n[Bag \"seed 2026\"]\n\
         [TimeControl \"900\"]\n[Termination \"normal\"]\n[Result \"{}\"]\n[Totals \"{one}-{two}\"]\n\n\
         Board 1: player 1 is Order\n1. ",
        game.ending().result_tag()
    );
    assert!(text.starts_with(&head), "{text}");
    assert!(text.contains("\n\nBoard 2: player 2 is Order\n1. "));
    assert_eq!(text.lines().count(), 12 + 2 * (2 + 49));
    assert_eq!(SimultaneousFile::parse(&text).unwrap(), file);
    assert_eq!(
        AnyMatchFile::parse(&text).unwrap(),
        AnyMatchFile::Simultaneous(file.clone())
    );
    // Read as a match of two rounds, it is refused at its Format tag.
    let e = MatchFile::parse(&text).unwrap_err();
    assert_eq!(e.line, 1);
    assert!(
        e.to_string()
            .contains("a simultaneous match, not a match of two rounds"),
        "{e}"
    );
    // And a match of two rounds is not a simultaneous one.
    let rounds = MatchFile {
        tags: MatchTags::default(),
        record: Match::new(Size::Five, Player::One, [1, 2]).record(),
    };
    let e = SimultaneousFile::parse(&rounds.to_text()).unwrap_err();
    assert_eq!(e.kind, K::MissingTag("Format"));
}

#[test]
fn malformed_simultaneous_files_are_named_by_line() {
    let mut rng = SmallRng::seed_from_u64(8);
    let mut game = SimultaneousMatch::new(Size::Five, 8);
    while step(&mut game, &mut rng, false) {}
    let text = SimultaneousFile {
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
        let e = SimultaneousFile::parse(t).unwrap_err();
        assert!(e.to_string().starts_with(&format!("line {}: ", e.line)), "{e}");
        (e.line, e.kind)
    };
    let board_2 = line_of("Board 2");
    assert_eq!(
        error(&replace(board_2, "Board 1: player 2 is Order")),
        (board_2, K::BoardNumber { expected: 2, found: 1 })
    );
    assert_eq!(error(&format!("{text}\nBoard 3\n")).1, K::TooManyBoards(3));
    assert_eq!(
        error(&replace(board_2, "Round 2")).1,
        K::UnexpectedLine("Round 2".into())
    );
    let bag = line_of("[Bag");
    assert_eq!(error(&replace(bag, "")), (line_of("Board 1"), K::MissingTag("Bag")));
    let format = line_of("[Format");
    let (line, kind) = error(&replace(format, "[Format \"relay\"]"));
    assert_eq!(line, format);
    assert!(matches!(kind, K::BadValue { ref tag, .. } if tag == "Format"));
    // Board 2 cut short after turn 4 while board 1 goes on: out of step,
    // named at board 2's heading.
    let turn_5 = board_2 + 5;
    let cut = {
        let mut lines: Vec<&str> = text.lines().collect();
        lines.truncate(turn_5 - 1);
        lines.join("\n")
    };
    let (line, kind) = error(&cut);
    assert_eq!(line, board_2);
    assert!(
        matches!(&kind, K::SimultaneousReplay(e) if e.board == 2 && e.turn == 5 && e.kind == ReplayErrorKind::OutOfStep),
        "{kind:?}"
    );
    // Both boards cut there: a match stopped at turn 4.
    let turn_5_of_1 = line_of("5. ");
    let both_cut: String = text
        .lines()
        .enumerate()
        .filter(|&(i, _)| !(turn_5_of_1 - 1..board_2 - 1).contains(&i) && i < turn_5 - 1)
        .filter(|(_, l)| !["[Termination", "[Result", "[Totals"].iter().any(|t| l.starts_with(t)))
        .map(|(_, l)| format!("{l}\n"))
        .collect();
    let stopped = SimultaneousFile::parse(&both_cut).unwrap();
    assert_eq!(stopped.ending(), Some(Ending::Abandoned));
    assert_eq!(stopped.record.boards.each_ref().map(Vec::len), [4, 4]);
    let (line, kind) = error(&replace(turn_5, ""));
    assert_eq!(line, turn_5 + 1);
    assert_eq!(kind, K::TurnNumber { expected: 5, found: 6 });
    // A colour the bag does not give.
    let turn_3 = line_of("3. ");
    let words: Vec<&str> = text.lines().nth(turn_3 - 1).unwrap().split_whitespace().collect();
    let colour = &words[1][..1];
    let other = if colour == "1" { "2" } else { "1" };
    let wrong = text
        .lines()
        .nth(turn_3 - 1)
        .unwrap()
        .replacen(&format!(" {colour}"), &format!(" {other}"), 1);
    let (line, kind) = error(&replace(turn_3, &wrong));
    assert_eq!(line, turn_3);
    assert!(
        matches!(&kind, K::SimultaneousReplay(e) if e.board == 1 && e.turn == 3 && matches!(e.kind, ReplayErrorKind::DrawMismatch { .. })),
        "{kind:?}"
    );
    // The totals may not be contradicted.
    let totals = line_of("[Totals");
    assert!(matches!(
        error(&replace(totals, "[Totals \"0-0\"]")).1,
        K::Disagrees { tag: "Totals", .. }
    ));
}

/// `line` (a turn) with its `index`-th clock reading (0 the placement's,
/// 1 the Order move's) made `reading`.
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

/// A whole simultaneous match on 5×5 with the MSO time control, every move
/// with its reading, player 1's flag fallen at their 30th move, as text.
fn timed_simultaneous_text() -> String {
    let mut rng = SmallRng::seed_from_u64(11);
    let mut game = SimultaneousMatch::new(Size::Five, 11);
    game.set_time_control(Some(TimeControl::MSO));
    loop {
        if game.moves_made(Player::One) == 30 && !game.is_flagged(Player::One) {
            game.flag(Player::One).unwrap();
        }
        if !step(&mut game, &mut rng, true) {
            break;
        }
    }
    SimultaneousFile {
        tags: MatchTags::default(),
        record: game.record(),
    }
    .to_text()
}

/// The line of turn `turn` on board `board` (both from 1) in `text`.
fn turn_line(text: &str, board: usize, turn: usize) -> usize {
    let heading = text
        .lines()
        .position(|l| l.starts_with(&format!("Board {board}:")))
        .unwrap();
    heading
        + 1
        + text
            .lines()
            .skip(heading)
            .position(|l| l.starts_with(&format!("{turn}. ")))
            .unwrap()
}

/// `text` with, for each edit `(line, index, reading)`, the clock `index`
/// of that line made `reading`.
fn reclocked(text: &str, edits: &[(usize, usize, &str)]) -> String {
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    for &(line, index, reading) in edits {
        lines[line - 1] = with_clock(&lines[line - 1], index, reading);
    }
    lines.join("\n") + "\n"
}

#[test]
fn a_simultaneous_clock_above_the_time_control_is_refused_with_its_line() {
    let text = timed_simultaneous_text();
    assert!(
        text.contains("[TimeControl \"900\"]\n[Flag1 \"turn 16, before the placement\"]\n"),
        "{text}"
    );
    assert!(SimultaneousFile::parse(&text).is_ok());
    // Player 2's Order move on their own board.
    let line = turn_line(&text, 2, 1);
    let e = SimultaneousFile::parse(&reclocked(&text, &[(line, 1, "15:00.5")])).unwrap_err();
    assert_eq!(e.line, line);
    assert_eq!(
        e.kind,
        K::ClockAboveTimeControl {
            player: Player::Two,
            role: Role::Order,
            left: TimeLeft::from_millis(900_500),
            time_control: TimeControl::MSO,
        }
    );
    assert_eq!(
        e.to_string(),
        format!(
            "line {line}: player 2's clock shows 15:00.5 left after their Order move, above the time control of \
             15:00 a player for the match"
        )
    );
}

#[test]
fn a_simultaneous_clock_that_goes_up_between_a_players_moves_is_refused_on_either_board() {
    let text = timed_simultaneous_text();
    // Up between player 2's placement on board 1 and their Order move on
    // board 2 of the same turn: one clock for both boards.
    let (placed, moved) = (turn_line(&text, 1, 3), turn_line(&text, 2, 3));
    let e = SimultaneousFile::parse(&reclocked(&text, &[(placed, 0, "12:00"), (moved, 1, "12:00.001")])).unwrap_err();
    assert_eq!(e.line, moved);
    assert_eq!(
        e.kind,
        K::ClockGoesUp {
            player: Player::Two,
            role: Role::Order,
            left: TimeLeft::from_millis(720_001),
            before: TimeLeft::from_millis(720_000),
            before_line: placed,
        }
    );
    assert!(
        e.to_string()
            .contains(&format!("up from 12:00 after their move on line {placed}")),
        "{e}"
    );
    // And between turns: their Order move, then their next placement.
    let next = turn_line(&text, 1, 4);
    let e = SimultaneousFile::parse(&reclocked(&text, &[(moved, 1, "11:00"), (next, 0, "11:30")])).unwrap_err();
    assert_eq!(e.line, next);
    assert!(
        matches!(e.kind, K::ClockGoesUp { player: Player::Two, role: Role::Chaos, before_line, .. } if before_line == moved),
        "{e}"
    );
    // Equal readings are a clock that did not run: read.
    let same = text
        .lines()
        .nth(placed - 1)
        .unwrap()
        .split('{')
        .nth(1)
        .unwrap()
        .split('}')
        .next()
        .unwrap();
    assert!(SimultaneousFile::parse(&reclocked(&text, &[(moved, 1, same)])).is_ok());
}

#[test]
fn a_simultaneous_flag_without_a_time_control_is_refused_at_its_tag() {
    let text = timed_simultaneous_text();
    let untimed = text.replace("[TimeControl \"900\"]\n", "");
    let flag = untimed.lines().position(|l| l.starts_with("[Flag1")).unwrap() + 1;
    let e = SimultaneousFile::parse(&untimed).unwrap_err();
    assert_eq!((e.line, e.kind), (flag, K::FlagWithoutTimeControl(Player::One)));
}

#[test]
fn a_record_whose_boards_are_out_of_step_is_refused() {
    let mut rng = SmallRng::seed_from_u64(9);
    let mut game = SimultaneousMatch::new(Size::Five, 9);
    for _ in 0..20 {
        step(&mut game, &mut rng, false);
    }
    let record = game.record();
    // Board 2 loses its last turns while board 1 goes on.
    let mut apart = record.clone();
    apart.boards[1].truncate(2);
    let e = apart.replay().unwrap_err();
    assert_eq!((e.board, e.turn, &e.kind), (2, 3, &ReplayErrorKind::OutOfStep));
    assert!(
        e.to_string()
            .starts_with("board 2, turn 3: the boards are not at the same turn"),
        "{e}"
    );
    // An Order move on board 1 while board 2's placement is missing.
    let mut early = record.clone();
    let last = early.boards[0].len();
    early.boards[1].truncate(last - 1);
    early.boards[0][last - 1].reply = Some(OrderMove::Pass);
    assert_eq!(early.replay().unwrap_err().kind, ReplayErrorKind::OutOfStep);
    // A flag its player never reaches.
    let mut far = record;
    far.flags.push(FlagFall {
        round: 0,
        moves: 400,
        player: Player::Two,
    });
    assert!(matches!(
        far.replay().unwrap_err().kind,
        ReplayErrorKind::FlagOutOfPlace(_)
    ));
}

fn sizes() -> impl Strategy<Value = Size> {
    prop_oneof![Just(Size::Five), Just(Size::Seven)]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    /// Simultaneous matches stopped anywhere, with clocks, flags, a time
    /// control, a forfeit or none, write and read back identically.
    #[test]
    fn simultaneous_matches_write_and_read_back(
        size in sizes(),
        seed in any::<u64>(),
        steps in prop_oneof![Just(usize::MAX), 0usize..400],
        flag_one in proptest::option::of(0usize..400),
        flag_two in proptest::option::of(0usize..400),
        timed in any::<bool>(),
        fixed_draws in any::<bool>(),
        resign in proptest::option::of(any::<bool>()),
        names in any::<[String; 2]>(),
        time_control in proptest::option::of(1u32..10_000),
    ) {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut game = if fixed_draws {
            let mut bag = Bag::seeded(size, seed);
            let draws: Vec<Colour> = std::iter::from_fn(|| bag.draw()).collect();
            SimultaneousMatch::with_bag(size, &BagSpec::Draws(draws)).unwrap()
        } else {
            SimultaneousMatch::new(size, seed)
        };
        game.set_time_control(time_control.and_then(TimeControl::from_secs));
        for count in 0..steps {
            for (player, at) in [(Player::One, flag_one), (Player::Two, flag_two)] {
                if at == Some(count) && !game.is_over() && !game.is_flagged(player) {
                    let flagged = game.flag(player);
                    prop_assert!(flagged.is_ok() || (flagged == Err(MatchError::NoMovesLeft(player)) && game.moves_left(player) == 0));
                }
            }
            if !step(&mut game, &mut rng, timed) {
                break;
            }
        }
        if let Some(two) = resign && !game.is_over() {
            game.resign(if two { Player::Two } else { Player::One }).unwrap();
        }
        let [n1, n2] = names;
        let mut tags = MatchTags::default();
        tags.players[0].name = n1;
        tags.players[1].name = n2;
        let file = SimultaneousFile { tags, record: game.record() };
        let text = file.to_text();
        if time_control.is_none() && !game.flags().is_empty() {
            // A flag with no time control: the file contradicts itself.
            let e = SimultaneousFile::parse(&text).unwrap_err();
            let flag_line = text.lines().position(|l| l.starts_with("[Flag")).unwrap() + 1;
            prop_assert_eq!(e.line, flag_line);
            prop_assert!(matches!(e.kind, K::FlagWithoutTimeControl(_)), "{:?}", e.kind);
            return Ok(());
        }
        let back = SimultaneousFile::parse(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(&back, &file);
        prop_assert_eq!(back.to_text(), text.clone());
        prop_assert_eq!(back.ending(), Some(game.ending()));
        let replayed = back.replay().unwrap();
        for owner in Player::BOTH {
            prop_assert_eq!(replayed.board(owner).board(), game.board(owner).board());
            prop_assert_eq!(replayed.clocks(owner), game.clocks(owner));
        }
        prop_assert_eq!(replayed.flags().len(), game.flags().len());
    }
}

#[test]
fn undo_through_a_flag_takes_it_back_with_its_players_move_before_it() {
    let mut rng = SmallRng::seed_from_u64(10);
    let mut game = SimultaneousMatch::new(Size::Seven, 10);
    for _ in 0..25 {
        step(&mut game, &mut rng, false);
    }
    let made = game.moves_made(Player::Two);
    game.flag(Player::Two).unwrap();
    for _ in 0..10 {
        step(&mut game, &mut rng, false);
    }
    // Player 1's moves and player 2's forced ones come back off first.
    loop {
        let (player, _) = game.undo().unwrap();
        if player == Player::Two && game.moves_made(Player::Two) < made {
            break;
        }
        assert!(game.is_flagged(Player::Two));
    }
    assert!(!game.is_flagged(Player::Two));
    assert!(game.record().replay().is_ok());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    /// A record's actions, followed one by one from the start (as a
    /// replay steps through them), rebuild the match as it was, whoever
    /// acted first in each turn; stepping back with undo and forward again
    /// lands on the same boards.
    #[test]
    fn following_the_records_next_actions_rebuilds_the_match(
        size in sizes(),
        seed in any::<u64>(),
        steps in prop_oneof![Just(usize::MAX), 0usize..400],
        back in 0usize..20,
    ) {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut game = SimultaneousMatch::new(size, seed);
        for _ in 0..steps {
            if !step(&mut game, &mut rng, false) {
                break;
            }
        }
        let record = game.record();
        let mut again = SimultaneousMatch::new(size, seed);
        let (mut actions, mut moves) = (0, 0);
        while let Some((player, action)) = record.next_action(&again) {
            match action {
                Action::Draw => again.draw().map(|_| ()),
                _ => again.apply(player, action).map(|_| ()),
            }
            .map_err(|e| TestCaseError::fail(format!("action {actions}: {e}")))?;
            actions += 1;
            moves += usize::from(action != Action::Draw);
        }
        for owner in Player::BOTH {
            prop_assert_eq!(again.board(owner).turns(), game.board(owner).turns());
        }
        // Undo takes back placements and Order moves (a draw since goes back with them).
        for _ in 0..back.min(moves) {
            again.undo().unwrap();
        }
        while let Some((player, action)) = record.next_action(&again) {
            match action {
                Action::Draw => again.draw().map(|_| ()),
                _ => again.apply(player, action).map(|_| ()),
            }
            .unwrap();
        }
        prop_assert_eq!(again.record(), record);
    }
}
