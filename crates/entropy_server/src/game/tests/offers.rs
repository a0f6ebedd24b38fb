//! Resignation, abort, takebacks and rematches.

use entropy_protocol::{Format, GameEvent, Speed};
use entropy_rules::Phase;

use super::*;

#[test]
fn a_resignation_ends_the_game_for_the_other_player() {
    let (mut game, _) = casual(31);
    play(&mut game, 1, "Dd", T0 + 1_000).unwrap();
    let events = game.command(0, Command::Resign, T0 + 2_000).unwrap();
    assert_eq!(events[0], GameEvent::Resigned { player: 0 });
    match &events[1] {
        GameEvent::Ended {
            result,
            termination,
            seed,
            ..
        } => {
            assert_eq!(result, "0-1");
            assert_eq!(termination, "resigned: player 1");
            assert_eq!(*seed, secret(31).to_string());
        }
        other => panic!("not the end: {other:?}"),
    }
    assert_eq!(events.len(), 2);
    assert!(game.is_over());
    assert_eq!(game.finish().unwrap().score, 0.0);
    assert!(!game.finish().unwrap().rated);
    assert_eq!(game.clocks(T0 + 9_000).unwrap().running, None);
}

#[test]
fn a_game_may_be_aborted_until_both_players_have_moved() {
    let (mut game, _) = casual(32);
    play(&mut game, 1, "Dd", T0 + 1_000).unwrap();
    let events = game.command(1, Command::Abort, T0 + 2_000).unwrap();
    assert_eq!(events[0], GameEvent::Aborted { player: 1 });
    assert!(matches!(&events[1], GameEvent::Ended { result, .. } if result == "*"));
    assert!(!game.finish().unwrap().rated);

    let (mut late, _) = casual(33);
    play(&mut late, 1, "Dd", T0 + 1_000).unwrap();
    play(&mut late, 0, &pass("Dd"), T0 + 2_000).unwrap();
    let version = late.version();
    let refused = late.command(0, Command::Abort, T0 + 3_000).unwrap_err();
    assert!(refused.starts_with("too late to abort"), "{refused}");
    assert_eq!(late.version(), version);
    assert!(!late.is_over());
}

#[test]
fn a_game_both_players_have_moved_in_is_not_aborted_after_a_takeback() {
    // Order's only move taken back (one move), then Chaos's with Order's
    // answer (two): a side without a move in force has moved all the same.
    for (asker, answerer, moves) in [(0, 1, 1), (1, 0, 2)] {
        let (mut game, _) = casual(39 + asker);
        play(&mut game, 1, "Dd", T0 + 1_000).unwrap();
        play(&mut game, 0, "DdDa", T0 + 2_000).unwrap();
        game.command(asker, Command::Takeback, T0 + 3_000).unwrap();
        let accepted = game.command(answerer, Command::Takeback, T0 + 4_000).unwrap();
        assert_eq!(accepted, vec![GameEvent::TookBack { moves }]);
        let version = game.version();
        for player in [0, 1] {
            let refused = game.command(player, Command::Abort, T0 + 5_000).unwrap_err();
            assert!(refused.starts_with("too late to abort"), "{refused}");
            assert!(refused.contains("resign instead"), "{refused}");
        }
        // Nor is such an abort read back from storage.
        let stored = game.absorb(&GameEvent::Aborted { player: 1 }, T0 + 5_000).unwrap_err();
        assert!(stored.starts_with("too late to abort"), "{stored}");
        assert_eq!(game.version(), version);
        assert!(!game.is_over());
        // Resigning still ends it.
        let events = game.command(asker, Command::Resign, T0 + 6_000).unwrap();
        assert_eq!(events[0], GameEvent::Resigned { player: asker });
        assert!(game.is_over());
    }
}

#[test]
fn a_takeback_of_orders_move_keeps_the_counter_drawn_after_it() {
    let (mut game, _) = casual(34);
    play(&mut game, 1, "Dd", T0 + 1_000).unwrap();
    let answered = play(&mut game, 0, "DdDa", T0 + 2_000).unwrap();
    let GameEvent::Drew { colour, .. } = answered[1] else {
        panic!("no draw after Order's move: {answered:?}")
    };
    let offered = game.command(0, Command::Takeback, T0 + 3_000).unwrap();
    assert_eq!(offered, vec![GameEvent::TakebackOffered { player: 0 }]);
    assert!(
        game.command(0, Command::Takeback, T0 + 3_100).is_err(),
        "offered already"
    );
    let accepted = game.command(1, Command::Takeback, T0 + 4_000).unwrap();
    assert_eq!(accepted, vec![GameEvent::TookBack { moves: 1 }]);
    assert_eq!(game.rules.position(0).phase(), Phase::OrderMove);
    assert!(game.rules.position(0).board().is_vacant(cell("Da")));
    assert_eq!(game.clocks(T0 + 4_000).unwrap().running, Some(0));
    // Order plays another move; the same counter comes out again.
    let again = play(&mut game, 0, &pass("Dd"), T0 + 5_000).unwrap();
    assert_eq!(again[1], GameEvent::Drew { board: 0, colour });
}

#[test]
fn a_takeback_of_a_placement_takes_the_answer_back_with_it_and_can_be_declined() {
    let (mut game, _) = casual(35);
    play(&mut game, 1, "Dd", T0 + 1_000).unwrap();
    play(&mut game, 0, "DdDa", T0 + 2_000).unwrap();
    let Phase::ChaosPlace(held) = game.rules.position(0).phase() else {
        panic!("Chaos holds no counter")
    };
    play(&mut game, 1, "Gg", T0 + 3_000).unwrap();
    play(&mut game, 0, &pass("Gg"), T0 + 4_000).unwrap();
    // Declined first, then asked again and accepted.
    game.command(1, Command::Takeback, T0 + 5_000).unwrap();
    assert_eq!(
        game.command(1, Command::DeclineTakeback, T0 + 5_100),
        Err("there is no takeback offer to decline".into())
    );
    let declined = game.command(0, Command::DeclineTakeback, T0 + 5_200).unwrap();
    assert_eq!(declined, vec![GameEvent::TakebackDeclined { player: 0 }]);
    game.command(1, Command::Takeback, T0 + 6_000).unwrap();
    let accepted = game.command(0, Command::Takeback, T0 + 7_000).unwrap();
    assert_eq!(accepted, vec![GameEvent::TookBack { moves: 2 }]);
    let position = game.rules.position(0);
    assert!(position.board().is_vacant(cell("Gg")));
    assert_eq!(position.phase(), Phase::ChaosPlace(held));
    assert_eq!(position.board().counters(), 1);
    assert_eq!(game.clocks(T0 + 7_000).unwrap().running, Some(1));
    // The placement's counter is back in Chaos's hand: the same colour as then.
    let replaced = play(&mut game, 1, "Aa", T0 + 8_000).unwrap();
    assert_eq!(replaced.len(), 1, "no draw before a placement taken back: {replaced:?}");
}

#[test]
fn a_rated_game_has_no_takebacks() {
    let speed = Speed::Live { seconds: 600 };
    let (mut game, _) = Game::start(seats(), options(7, Format::Match, speed, true), 0, secret(36), None, T0);
    play(&mut game, 1, "Dd", T0 + 1_000).unwrap();
    let refused = game.command(1, Command::Takeback, T0 + 2_000).unwrap_err();
    assert_eq!(refused, "takebacks are for casual games: this one is rated");
}

#[test]
fn a_rematch_is_agreed_when_both_ask_and_recorded_when_the_caller_starts_it() {
    let (mut game, _) = casual(37);
    assert!(game.command(0, Command::Rematch, T0).unwrap_err().contains("over"));
    game.command(1, Command::Resign, T0 + 1_000).unwrap();
    assert_eq!(
        game.command(0, Command::Rematch, T0 + 2_000).unwrap(),
        vec![GameEvent::RematchOffered { player: 0 }]
    );
    assert!(!game.rematch_agreed());
    assert_eq!(
        game.command(1, Command::DeclineRematch, T0 + 3_000).unwrap(),
        vec![GameEvent::RematchDeclined { player: 1 }]
    );
    game.command(1, Command::Rematch, T0 + 4_000).unwrap();
    game.command(0, Command::Rematch, T0 + 5_000).unwrap();
    assert!(game.rematch_agreed());
    assert_eq!(game.rematch_first_order(), 1);
    let rematch = GameEvent::Rematch { game: "next".into() };
    game.absorb(&rematch, T0 + 5_000).unwrap();
    assert!(!game.rematch_agreed());
    assert!(game.absorb(&rematch, T0 + 5_000).is_err());
    assert!(
        game.command(0, Command::Rematch, T0 + 6_000)
            .unwrap_err()
            .contains("game next")
    );
}

#[test]
fn a_simultaneous_takeback_takes_back_the_moves_since_and_draws_the_same_counter_again() {
    let speed = Speed::Live { seconds: 300 };
    let (mut game, _) = Game::start(
        seats(),
        options(5, Format::Simultaneous, speed, false),
        0,
        secret(38),
        None,
        T0,
    );
    play(&mut game, 1, "Aa", T0 + 1_000).unwrap();
    play(&mut game, 0, "Aa", T0 + 2_000).unwrap();
    play(&mut game, 0, &pass("Aa"), T0 + 3_000).unwrap();
    let drawn = play(&mut game, 1, &pass("Aa"), T0 + 4_000).unwrap();
    let GameEvent::Drew { board: 0, colour } = drawn[1] else {
        panic!("no draw: {drawn:?}")
    };
    assert_eq!(drawn[2], GameEvent::Drew { board: 1, colour });
    game.command(0, Command::Takeback, T0 + 5_000).unwrap();
    let accepted = game.command(1, Command::Takeback, T0 + 6_000).unwrap();
    assert_eq!(accepted, vec![GameEvent::TookBack { moves: 2 }]);
    for board in 0..2 {
        assert_eq!(game.rules.position(board).phase(), Phase::OrderMove);
    }
    assert_eq!(game.clocks(T0 + 6_000).unwrap().running, None, "both clocks run again");
    play(&mut game, 0, "AaAe", T0 + 7_000).unwrap();
    let again = play(&mut game, 1, &pass("Aa"), T0 + 8_000).unwrap();
    assert_eq!(
        again[1..],
        [
            GameEvent::Drew { board: 0, colour },
            GameEvent::Drew { board: 1, colour }
        ]
    );
    assert!(game.rules.position(0).board().is_vacant(cell("Aa")));
}
