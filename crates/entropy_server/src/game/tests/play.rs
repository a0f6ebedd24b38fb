//! Whole games played with random legal moves, checked event by event
//! against the rules crate's own match; the refusals of bad moves.

use entropy_protocol::{Format, GameEvent, Speed};
use entropy_rules::{Action, Colour, Ending, Match, Player, SimultaneousMatch, Size};
use rand::SeedableRng;
use rand::rngs::SmallRng;

use super::*;
use crate::game::rules::parse_action;

/// Checks one event of a two-round game against the rules' match `reference`.
fn follow_rounds(reference: &mut Match, event: &GameEvent) {
    match event {
        GameEvent::Drew { board, colour } => {
            assert_eq!(*board, 0);
            let drawn = reference.apply(Action::Draw).unwrap();
            assert_eq!(drawn, entropy_rules::Event::Drew(Colour::from_number(*colour).unwrap()));
        }
        GameEvent::Moved {
            board, player, action, ..
        } => {
            assert_eq!(*board, 0);
            let (to_move, _) = reference.to_move().unwrap();
            assert_eq!(to_move.index(), usize::from(*player), "{action}");
            reference.apply(parse_action(action).unwrap()).unwrap();
        }
        GameEvent::RoundOver { totals } => {
            assert!(reference.round().is_finished());
            assert_eq!(*totals, reference.totals());
            reference.start_second_round().unwrap();
        }
        GameEvent::CountSeen { .. } => assert_eq!(reference.round_index(), 1, "the count comes between the rounds"),
        GameEvent::Ended { result, totals, .. } => {
            assert!(reference.is_over());
            assert_eq!(result, Ending::of(reference).result_tag());
            assert_eq!(*totals, reference.totals());
        }
        other => panic!("unexpected event {other:?}"),
    }
}

fn whole_match(size: u8, first_order: u8, n: u8) {
    let speed = Speed::Live { seconds: 900 };
    let (mut game, first) = Game::start(
        seats(),
        options(size, Format::Match, speed, true),
        first_order,
        secret(n),
        None,
        T0,
    );
    let size = if size == 5 { Size::Five } else { Size::Seven };
    let order = if first_order == 0 { Player::One } else { Player::Two };
    let mut reference = Match::new(size, order, secret(n).match_seeds());
    assert!(matches!(first[0], GameEvent::Started { ref seed_hash, .. } if *seed_hash == secret(n).commitment()));
    assert!(matches!(first[1], GameEvent::Drew { board: 0, .. }));
    assert_eq!(first.len(), 2);
    follow_rounds(&mut reference, &first[1]);
    let mut rng = SmallRng::seed_from_u64(u64::from(n));
    let mut now = T0;
    let mut count = 2;
    loop {
        let seen = see_count(&mut game, now);
        for event in &seen {
            follow_rounds(&mut reference, event);
        }
        count += seen.len();
        let Some((player, text)) = next_move(&game, &mut rng) else {
            break;
        };
        now += 700;
        let before = game.version();
        let events = play(&mut game, player, &text, now).unwrap();
        assert_eq!(game.version(), before + events.len() as u64);
        assert!(
            matches!(&events[0], GameEvent::Moved { player: p, forced: false, left_ms: Some(_), .. } if *p == player)
        );
        for event in &events {
            follow_rounds(&mut reference, event);
        }
        count += events.len();
    }
    assert!(game.is_over());
    assert_eq!(game.to_move(), Vec::<u8>::new());
    assert_eq!(game.version(), count as u64);
    assert!(reference.is_over());
    assert_eq!(game.rules.totals(), reference.totals());
    let score = game.finish().unwrap().score;
    match Ending::of(&reference).winner() {
        Some(Player::One) => assert_eq!(score, 1.0),
        Some(Player::Two) => assert_eq!(score, 0.0),
        None => assert_eq!(score, 0.5),
    }
    assert!(game.finish().unwrap().rated);
    assert_eq!(game.deadline(), None);
    assert_eq!(game.tick(now + 10_000_000), vec![]);
}

#[test]
fn a_seven_by_seven_match_follows_the_rules_move_by_move() {
    whole_match(7, 0, 1);
    whole_match(7, 1, 2);
}

#[test]
fn a_five_by_five_match_follows_the_rules_move_by_move() {
    whole_match(5, 0, 3);
    whole_match(5, 1, 4);
}

#[test]
fn a_simultaneous_match_follows_the_rules_move_by_move() {
    for (size, n) in [(7, 5), (5, 6)] {
        let speed = Speed::Correspondence { days: 3 };
        let (mut game, first) = Game::start(
            seats(),
            options(size, Format::Simultaneous, speed, false),
            0,
            secret(n),
            None,
            T0,
        );
        let rules_size = if size == 5 { Size::Five } else { Size::Seven };
        let mut reference = SimultaneousMatch::new(rules_size, secret(n).simultaneous_seed());
        let mut last_drawn = None;
        let mut follow = |reference: &mut SimultaneousMatch, event: &GameEvent| match event {
            GameEvent::Drew { board: 0, colour } => {
                assert_eq!(reference.draw().unwrap().number(), *colour);
                last_drawn = Some(*colour);
            }
            GameEvent::Drew { board: 1, colour } => assert_eq!(last_drawn.take(), Some(*colour)),
            GameEvent::Moved {
                board,
                player,
                action,
                left_ms,
                ..
            } => {
                assert_eq!(*left_ms, None);
                let action = parse_action(action).unwrap();
                let player = if *player == 0 { Player::One } else { Player::Two };
                let on = SimultaneousMatch::board_of(player, role_of(action));
                assert_eq!(on.index(), usize::from(*board));
                reference.apply(player, action).unwrap();
            }
            GameEvent::Ended { result, totals, .. } => {
                assert!(reference.is_over());
                assert_eq!(result, reference.ending().result_tag());
                assert_eq!(*totals, reference.scores());
            }
            other => panic!("unexpected event {other:?}"),
        };
        assert_eq!(first.len(), 3, "Started, then the draw for each board");
        for event in &first[1..] {
            follow(&mut reference, event);
        }
        let mut rng = SmallRng::seed_from_u64(u64::from(n));
        let mut now = T0;
        let mut both_at_once = 0;
        while let Some((player, text)) = next_move(&game, &mut rng) {
            both_at_once += usize::from(owed(&game).len() == 2);
            now += 60_000;
            for event in play(&mut game, player, &text, now).unwrap() {
                follow(&mut reference, &event);
            }
        }
        assert!(both_at_once > 0);
        assert!(game.is_over());
        assert_eq!(game.rules.totals(), reference.scores());
    }
}

#[test]
fn a_simultaneous_move_made_before_the_opponents_on_the_other_board_is_not_stale() {
    let speed = Speed::Live { seconds: 300 };
    let (mut game, _) = Game::start(
        seats(),
        options(5, Format::Simultaneous, speed, false),
        0,
        secret(9),
        None,
        T0,
    );
    let seen = game.version();
    assert_eq!(game.to_move(), vec![0, 1]);
    // Player 1 places on board 0, player 0 (having seen only `seen`) on board 1.
    play(&mut game, 1, "Aa", T0 + 1_000).unwrap();
    let events = game
        .command(
            0,
            Command::Play {
                version: seen,
                action: "Cc".into(),
            },
            T0 + 2_000,
        )
        .unwrap();
    assert!(matches!(
        &events[0],
        GameEvent::Moved {
            board: 1,
            player: 0,
            ..
        }
    ));
    // Order moves on board 0 made without seeing player 1's placement there: stale.
    let refused = game.command(
        0,
        Command::Play {
            version: seen,
            action: "AaAe".into(),
        },
        T0 + 3_000,
    );
    assert_eq!(
        refused,
        Err(format!("stale: the game has moved on since version {seen}"))
    );
    play(&mut game, 0, "AaAe", T0 + 3_000).unwrap();
}

#[test]
fn bad_moves_are_refused_with_a_reason_and_change_nothing() {
    let (mut game, _) = casual(11);
    let version = game.version();
    let file = game.match_file("g", "today");
    let refusals = [
        (0, "Dd", "not your turn"),
        (1, "Zz", "not a move: "),
        (1, "DdDe", "illegal move: "),
        (1, "DdDd", "illegal move: "),
    ];
    for (player, text, reason) in refusals {
        let error = play(&mut game, player, text, T0 + 100).unwrap_err();
        assert!(error.starts_with(reason), "{text}: {error}");
        assert_eq!(game.version(), version);
        assert_eq!(game.match_file("g", "today"), file);
    }
    // Player 1 is Chaos: place, then Order's move.
    let placed = play(&mut game, 1, "Dd", T0 + 200).unwrap();
    assert_eq!(placed.len(), 1);
    assert_eq!(play(&mut game, 1, "Aa", T0 + 300), Err("not your turn".into()));
    let placing = play(&mut game, 0, "Aa", T0 + 300).unwrap_err();
    assert!(placing.starts_with("illegal move: cannot place"), "{placing}");
    let empty = play(&mut game, 0, "AaAb", T0 + 300).unwrap_err();
    assert_eq!(empty, "illegal move: there is no counter on Aa to slide");
    let ahead = game.command(
        0,
        Command::Play {
            version: game.version() + 1,
            action: pass("Dd"),
        },
        T0 + 300,
    );
    assert!(ahead.unwrap_err().contains("ahead of the game"));
    let before = game.version();
    let answer = play(&mut game, 0, &pass("Dd"), T0 + 400).unwrap();
    assert!(matches!(
        answer.as_slice(),
        [GameEvent::Moved { .. }, GameEvent::Drew { .. }]
    ));
    // The pass sent again, having seen `before`: nothing happens.
    let again = game.command(
        0,
        Command::Play {
            version: before,
            action: pass("Dd"),
        },
        T0 + 500,
    );
    assert_eq!(again, Ok(vec![]));
    // Chaos's move made at a version before Order's: stale.
    let stale = game.command(
        1,
        Command::Play {
            version: before,
            action: "Aa".into(),
        },
        T0 + 500,
    );
    assert_eq!(
        stale,
        Err(format!("stale: the game has moved on since version {before}"))
    );
    // Another move of Order's sent at `before`: not the one played, so stale.
    let other = game.command(
        0,
        Command::Play {
            version: before,
            action: "DdDa".into(),
        },
        T0 + 500,
    );
    assert!(other.unwrap_err().starts_with("stale"));
    assert_eq!(game.version(), before + 2);
    let resigned = game.command(1, Command::Resign, T0 + 600).unwrap();
    assert!(matches!(resigned.last(), Some(GameEvent::Ended { result, .. }) if result == "1-0"));
    assert_eq!(play(&mut game, 1, "Aa", T0 + 700), Err("the game is over".into()));
    assert_eq!(
        game.command(0, Command::Resign, T0 + 700),
        Err("the game is over".into())
    );
    assert!(game.command(2, Command::Resign, T0 + 700).is_err());
}
