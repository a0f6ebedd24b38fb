//! The clocks: a flag falling and the moves the rules then play, a
//! correspondence move's days running out, the time a restart gives back.

use entropy_protocol::fairness::verify;
use entropy_protocol::{Format, GameEvent, Speed};
use entropy_rules::AnyMatchFile;

use super::*;
use crate::game::LAG_ALLOWANCE_MS;

fn live(seconds: u32, format: Format) -> Game {
    let speed = Speed::Live { seconds };
    Game::start(seats(), options(7, format, speed, false), 0, secret(21), None, T0).0
}

fn forced(event: &GameEvent) -> Option<(u8, u8, &str)> {
    match event {
        GameEvent::Moved {
            board,
            player,
            action,
            left_ms: Some(0),
            forced: true,
        } => Some((*board, *player, action.as_str())),
        _ => None,
    }
}

#[test]
fn a_flag_falls_in_tick_and_the_rules_play_for_that_player_from_then_on() {
    let mut game = live(60, Format::Match);
    // Player 1 is Chaos, to place since the first draw at T0.
    let deadline = T0 + 60_000 + LAG_ALLOWANCE_MS;
    assert_eq!(game.deadline(), Some(deadline));
    assert_eq!(game.tick(deadline - 1), vec![]);
    let clocks = game.clocks(T0 + 20_000).unwrap();
    assert_eq!(clocks.left_ms, [60_000, 40_000]);
    assert_eq!(clocks.running, Some(1));
    let fell = game.tick(deadline);
    assert_eq!(fell[0], GameEvent::FlagFell { player: 1 });
    assert_eq!(forced(&fell[1]), Some((0, 1, "Aa")));
    assert_eq!(fell.len(), 2, "then the game waits on Order: {fell:?}");
    assert_eq!(game.to_move(), vec![0]);
    assert_eq!(game.clocks(deadline).unwrap().running, Some(0));
    assert_eq!(game.clocks(deadline).unwrap().left_ms[1], 0);
    // Order's move: the server draws, and the rules place at once.
    let answered = play(&mut game, 0, &pass("Aa"), deadline + 1_000).unwrap();
    assert!(matches!(
        answered[0],
        GameEvent::Moved {
            player: 0,
            left_ms: Some(59_150),
            forced: false,
            ..
        }
    ));
    assert!(matches!(answered[1], GameEvent::Drew { board: 0, .. }));
    assert_eq!(forced(&answered[2]), Some((0, 1, "Ab")));
    assert_eq!(answered.len(), 3);
    // A move of the flagged player's own is refused: it is not their turn.
    assert_eq!(play(&mut game, 1, "Gg", deadline + 1_100), Err("not your turn".into()));
    let text = game.match_file("g1", "2026-01-01");
    assert!(
        text.contains("[Flag2 \"round 1, turn 1, before the placement\"]"),
        "{text}"
    );
    assert!(text.contains("Aa {0:00} AaAa {0:59.15}"), "{text}");
    AnyMatchFile::parse(&text).unwrap();
    // Order's flag falls too: the rules play both rounds to their end.
    let second = game.deadline().unwrap();
    assert_eq!(second, deadline + 1_000 + 59_150 + LAG_ALLOWANCE_MS);
    let rest = game.tick(second);
    assert_eq!(rest[0], GameEvent::FlagFell { player: 0 });
    assert!(rest.iter().any(|e| matches!(e, GameEvent::RoundOver { .. })));
    assert!(matches!(rest.last(), Some(GameEvent::Ended { termination, .. }) if termination == "normal"));
    assert!(
        rest[1..rest.len() - 1]
            .iter()
            .all(|e| forced(e).is_some() || matches!(e, GameEvent::Drew { .. } | GameEvent::RoundOver { .. }))
    );
    assert!(game.is_over());
    assert_eq!(game.deadline(), None);
    let file = AnyMatchFile::parse(&game.match_file("g1", "2026-01-01")).unwrap();
    assert_eq!(verify(&file), Ok(secret(21).commitment()));
}

#[test]
fn in_the_simultaneous_match_a_flagged_player_is_played_for_while_the_other_plays_on() {
    let mut game = live(60, Format::Simultaneous);
    // Both clocks run from the first draw; player 1 places on board 0.
    assert_eq!(game.clocks(T0 + 500).unwrap().running, None);
    play(&mut game, 1, "Dd", T0 + 1_000).unwrap();
    assert_eq!(game.clocks(T0 + 1_000).unwrap().running, Some(0));
    let deadline = T0 + 60_000 + LAG_ALLOWANCE_MS;
    assert_eq!(game.deadline(), Some(deadline));
    let fell = game.tick(deadline);
    assert_eq!(fell[0], GameEvent::FlagFell { player: 0 });
    assert_eq!(forced(&fell[1]), Some((1, 0, "Aa")), "player 0 places on board 1");
    assert_eq!(forced(&fell[2]), Some((0, 0, "DdDd")), "and passes on board 0");
    assert_eq!(fell.len(), 3);
    assert_eq!(game.clocks(deadline).unwrap().running, Some(1));
    let answered = play(&mut game, 1, &pass("Aa"), deadline + 2_000).unwrap();
    assert!(matches!(
        answered[0],
        GameEvent::Moved {
            board: 1,
            player: 1,
            ..
        }
    ));
    assert!(matches!(answered[1], GameEvent::Drew { board: 0, .. }));
    assert!(matches!(answered[2], GameEvent::Drew { board: 1, .. }));
    assert_eq!(forced(&answered[3]), Some((1, 0, "Ab")));
    assert_eq!(answered.len(), 4);
    AnyMatchFile::parse(&game.match_file("g2", "2026-01-01")).unwrap();
}

#[test]
fn a_correspondence_move_left_past_its_days_loses_the_match() {
    let day = 24 * 60 * 60 * 1000;
    let speed = Speed::Correspondence { days: 2 };
    let (mut game, _) = Game::start(seats(), options(7, Format::Match, speed, true), 1, secret(22), None, T0);
    // Player 0 is Chaos: they place in time, then Order (player 1) waits too long.
    assert_eq!(game.deadline(), Some(T0 + 2 * day));
    let placed = play(&mut game, 0, "Dd", T0 + day).unwrap();
    assert!(matches!(placed[0], GameEvent::Moved { left_ms: None, .. }));
    let clocks = game.clocks(T0 + day + 1_000).unwrap();
    assert_eq!(clocks.running, Some(1));
    assert_eq!(clocks.left_ms[1], 2 * day as u64 - 1_000);
    assert_eq!(game.deadline(), Some(T0 + 3 * day));
    assert_eq!(game.tick(T0 + 3 * day - 1), vec![]);
    let late = play(&mut game, 1, &pass("Dd"), T0 + 3 * day);
    assert_eq!(late, Err("your time is up: the flag falls".into()));
    let ended = game.tick(T0 + 3 * day);
    assert_eq!(ended[0], GameEvent::FlagFell { player: 1 });
    match &ended[1] {
        GameEvent::Ended {
            result, termination, ..
        } => {
            assert_eq!(result, "1-0");
            assert_eq!(termination, "time forfeit: player 2");
        }
        other => panic!("not the end: {other:?}"),
    }
    assert_eq!(game.finish().unwrap().score, 1.0);
    let text = game.match_file("g3", "2026-01-01");
    assert!(
        text.contains("[Correspondence \"2\"]") && text.contains("[Rating1 \"1512\"]"),
        "{text}"
    );
    verify(&AnyMatchFile::parse(&text).unwrap()).unwrap();
}

#[test]
fn a_restart_gives_the_running_clock_its_time_back() {
    let mut game = live(60, Format::Match);
    // The server was down from T0 + 10 s to T0 + 40 s.
    let resumed = game.resume(T0 + 10_000, T0 + 40_000);
    assert_eq!(resumed, Some(GameEvent::Resumed { ms: 30_000 }));
    assert_eq!(game.version(), 3);
    assert_eq!(game.clocks(T0 + 40_000).unwrap().left_ms, [60_000, 50_000]);
    assert_eq!(game.deadline(), Some(T0 + 30_000 + 60_000 + LAG_ALLOWANCE_MS));
    // A move after it is charged from the later start.
    let moved = play(&mut game, 1, "Dd", T0 + 41_150).unwrap();
    assert!(matches!(
        moved[0],
        GameEvent::Moved {
            left_ms: Some(49_000),
            ..
        }
    ));
    // Nothing to give back for no time down, nor once the game is over.
    assert_eq!(game.resume(T0 + 50_000, T0 + 41_150), None);
    game.command(0, Command::Resign, T0 + 42_000).unwrap();
    assert_eq!(game.resume(T0 + 42_000, T0 + 50_000), None);
    // An untimed game has no clock to shift.
    let speed = Speed::Live { seconds: 0 };
    let (mut untimed, _) = Game::start(
        seats(),
        options(5, Format::Match, speed, false),
        0,
        secret(23),
        None,
        T0,
    );
    assert_eq!(untimed.clocks(T0), None);
    assert_eq!(untimed.resume(T0, T0 + 5_000), None);
    assert_eq!(untimed.deadline(), None);
}
