//! Games read back from their events, and their match files.

use entropy_protocol::fairness::{VerifyError, verify};
use entropy_protocol::{Format, GameEvent, Speed};
use entropy_rules::AnyMatchFile;

use super::*;

/// A live casual game with a takeback, a flag and random moves, played out.
fn eventful(format: Format, n: u8) -> Game {
    let speed = Speed::Live { seconds: 120 };
    let (mut game, _) = Game::start(seats(), options(5, format, speed, false), 1, secret(n), None, T0);
    let (_, mut now) = play_out(&mut game, u64::from(n), T0, 900, 6);
    let asker = owed(&game)[0].0;
    now += 500;
    game.command(1 - asker, Command::Takeback, now).unwrap();
    game.command(asker, Command::Takeback, now + 300).unwrap();
    now += 1_000;
    let (_, now) = play_out(&mut game, u64::from(n) + 1, now, 1_100, 8);
    let deadline = game.deadline().unwrap();
    assert!(deadline > now);
    let fell = game.tick(deadline);
    assert!(matches!(fell[0], GameEvent::FlagFell { .. }), "{fell:?}");
    play_out(&mut game, u64::from(n) + 2, deadline, 400, 200);
    assert!(game.is_over());
    game
}

#[test]
fn a_game_read_back_from_its_events_is_the_game_played() {
    for (format, n) in [(Format::Match, 41), (Format::Simultaneous, 42)] {
        let game = eventful(format, n);
        let back = Game::replay(secret(n), game.events()).unwrap();
        assert_eq!(back.version(), game.version());
        assert_eq!(back.match_file("g", "d"), game.match_file("g", "d"));
        assert_eq!(back.finish(), game.finish());
        assert!(back.is_over());
        // Part of it, read back, goes on as the game did.
        let half = game.events().len() / 2;
        let mut part = Game::replay(secret(n), &game.events()[..half]).unwrap();
        assert_eq!(part.version(), half as u64);
        for (event, at) in &game.events()[half..] {
            part.absorb(event, *at).unwrap();
        }
        assert_eq!(part.match_file("g", "d"), game.match_file("g", "d"));
    }
}

#[test]
fn events_the_game_would_not_make_are_refused() {
    let game = eventful(Format::Match, 43);
    let events = game.events().to_vec();
    assert!(Game::replay(secret(44), &events).unwrap_err().contains("does not hash"));
    let (i, colour) = events
        .iter()
        .enumerate()
        .find_map(|(i, (e, _))| match e {
            GameEvent::Drew { colour, .. } if i > 5 => Some((i, *colour)),
            _ => None,
        })
        .unwrap();
    let mut bent = events.clone();
    bent[i].0 = GameEvent::Drew {
        board: 0,
        colour: colour % 5 + 1,
    };
    let error = Game::replay(secret(43), &bent).unwrap_err();
    assert!(error.starts_with(&format!("event {}: ", i + 1)), "{error}");
    let mut late = events.clone();
    let moved = late
        .iter()
        .position(|(e, _)| matches!(e, GameEvent::Moved { forced: false, .. }))
        .unwrap();
    late[moved].1 += 500_000;
    assert!(
        Game::replay(secret(43), &late).unwrap_err().contains("time"),
        "the clock must agree"
    );
    let mut partial = Game::replay(secret(43), &events[..3]).unwrap();
    assert!(partial.absorb(&GameEvent::Drew { board: 0, colour: 1 }, T0).is_err());
    assert!(partial.absorb(&events[0].0, T0).is_err());
    assert_eq!(partial.version(), 3);
}

#[test]
fn the_finished_file_verifies_and_a_tampered_seed_does_not() {
    for (format, n) in [(Format::Match, 45), (Format::Simultaneous, 46)] {
        let game = eventful(format, n);
        let text = game.match_file("k3f9q2xa", "2026-01-01 12:00");
        for tag in [
            "[Site \"entropy-server\"]",
            "[GameId \"k3f9q2xa\"]",
            "[Player2Kind \"bot\"]",
            "[TimeControl \"120\"]",
        ] {
            assert!(text.contains(tag), "{tag} in {text}");
        }
        assert!(!text.contains("Rating1"), "a casual game has no ratings");
        let file = AnyMatchFile::parse(&text).unwrap();
        assert_eq!(verify(&file), Ok(secret(n).commitment()));
        let tampered = text.replace(&secret(n).to_string(), &secret(n + 1).to_string());
        let file = AnyMatchFile::parse(&tampered).unwrap();
        assert!(matches!(verify(&file), Err(VerifyError::HashMismatch { .. })));
    }
}

#[test]
fn nothing_shows_the_secret_before_the_end() {
    let (mut game, events) = casual(47);
    let hidden = secret(47).to_string();
    assert!(!format!("{game:?} {events:?}").contains(&hidden));
    let (played, now) = play_out(&mut game, 47, T0, 1_000, 20);
    assert!(!format!("{game:?} {played:?}").contains(&hidden));
    let text = game.match_file("g", "d");
    assert!(!text.contains(&hidden) && text.contains(&secret(47).commitment()));
    assert!(matches!(
        verify(&AnyMatchFile::parse(&text).unwrap()),
        Err(VerifyError::Missing(_))
    ));
    game.command(0, Command::Resign, now).unwrap();
    assert!(game.match_file("g", "d").contains(&hidden));
}
