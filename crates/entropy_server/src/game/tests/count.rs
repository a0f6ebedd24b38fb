//! The count between the rounds on the test's clock: no clock runs from
//! RoundOver to round 2's first draw, which comes once both players have
//! seen the count end or once its bound has passed; what a CountSeen
//! outside the count does; a game read back during the count.

use entropy_protocol::{Format, GameEvent, Speed};
use rand::SeedableRng;
use rand::rngs::SmallRng;

use super::*;
use crate::game::{COUNT_WITHIN, LAG_ALLOWANCE_MS};

/// A 5×5 two-round match at `speed`, player 0 Order in round 1 (so player
/// 0 is Chaos in round 2).
fn game_at(speed: Speed, n: u8) -> Game {
    Game::start(seats(), options(5, Format::Match, speed, false), 0, secret(n), None, T0).0
}

/// Plays random moves, one every `step` ms from `from`, until round 1 is over:
/// the time of RoundOver, which the last move made.
fn to_round_over(game: &mut Game, seed: u64, from: Millis, step: Millis) -> Millis {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut now = from;
    while game.count.is_none() {
        let (player, text) = next_move(game, &mut rng).expect("round 1 goes on to its end");
        now += step;
        let events = play(game, player, &text, now).expect("a legal move in time");
        if game.count.is_some() {
            assert!(
                matches!(events.last(), Some(GameEvent::RoundOver { .. })),
                "RoundOver ends the batch: round 2's draw waits for the count; {events:?}"
            );
        }
    }
    now
}

fn seen(game: &mut Game, player: u8, now: Millis) -> Result<Vec<GameEvent>, String> {
    let version = game.version();
    game.command(player, Command::CountSeen { version }, now)
}

#[test]
fn round_two_chaos_loses_no_time_to_the_count() {
    // The 3-minute 5×5 game: a count of 20 seconds.
    let mut game = game_at(Speed::Live { seconds: 180 }, 61);
    let over = to_round_over(&mut game, 61, T0, 1_000);
    let at_round_over = game.clocks(over).unwrap();
    assert_eq!(at_round_over.running, None, "no clock runs during the count");
    let left = at_round_over.left_ms;
    assert!(left.iter().all(|&ms| ms < 180_000 && ms > 100_000), "{left:?}");
    assert_eq!(game.to_move(), Vec::<u8>::new());
    assert_eq!(game.deadline(), Some(over + COUNT_WITHIN));

    // Player 1 has seen the count after 12 seconds: the game waits on player 0.
    assert_eq!(
        seen(&mut game, 1, over + 12_000),
        Ok(vec![GameEvent::CountSeen { player: 1 }])
    );
    assert_eq!(game.tick(over + 19_999), vec![]);
    let during = game.clocks(over + 20_000).unwrap();
    assert_eq!((during.left_ms, during.running), (left, None));

    // Player 0, round 2's Chaos, after 20 seconds: the draw, and only now Chaos's clock.
    let events = seen(&mut game, 0, over + 20_000).unwrap();
    assert!(
        matches!(
            events.as_slice(),
            [GameEvent::CountSeen { player: 0 }, GameEvent::Drew { board: 0, .. }]
        ),
        "{events:?}"
    );
    let drawn = game.clocks(over + 20_000).unwrap();
    assert_eq!((drawn.left_ms, drawn.running), (left, Some(0)));
    assert_eq!(game.to_move(), vec![0]);
    assert_eq!(
        game.deadline(),
        Some(over + 20_000 + left[0] as Millis + LAG_ALLOWANCE_MS)
    );
    // Chaos places 2 seconds later: charged those 2 seconds and nothing of the count.
    let placed = play(&mut game, 0, "Cc", over + 22_000 + LAG_ALLOWANCE_MS).unwrap();
    assert!(
        matches!(&placed[0], GameEvent::Moved { player: 0, left_ms: Some(ms), .. } if *ms == left[0] - 2_000),
        "{placed:?} after {left:?}"
    );
    assert_eq!(
        game.clocks(over + 22_000 + LAG_ALLOWANCE_MS).unwrap().left_ms[1],
        left[1]
    );
}

#[test]
fn a_count_a_player_never_ends_starts_round_two_at_its_bound_and_then_the_clock_runs() {
    let mut game = game_at(Speed::Live { seconds: 900 }, 62);
    let over = to_round_over(&mut game, 62, T0, 1_000);
    let left = game.clocks(over).unwrap().left_ms;
    // Player 1 says so; player 0 never does.
    seen(&mut game, 1, over + 3_000).unwrap();
    let bound = over + COUNT_WITHIN;
    assert_eq!(game.deadline(), Some(bound));
    assert_eq!(game.tick(bound - 1), vec![]);
    assert_eq!(game.clocks(bound - 1).unwrap().running, None);
    let drew = game.tick(bound);
    assert!(
        matches!(drew.as_slice(), [GameEvent::Drew { board: 0, .. }]),
        "{drew:?}"
    );
    assert_eq!(game.to_move(), vec![0]);
    // From the bound on, Chaos's clock runs, from the time it had at RoundOver.
    let later = game.clocks(bound + 5_000).unwrap();
    assert_eq!(later.running, Some(0));
    assert_eq!(later.left_ms, [left[0] - 5_000, left[1]]);
    assert_eq!(game.deadline(), Some(bound + left[0] as Millis + LAG_ALLOWANCE_MS));
    // A CountSeen come late changes nothing.
    let version = game.version();
    assert_eq!(seen(&mut game, 0, bound + 6_000), Ok(vec![]));
    assert_eq!(game.version(), version);

    // Nobody says anything: the same bound, and no clock before it.
    let mut silent = game_at(Speed::Live { seconds: 900 }, 63);
    let over = to_round_over(&mut silent, 63, T0, 1_000);
    assert_eq!(silent.deadline(), Some(over + COUNT_WITHIN));
    assert_eq!(silent.tick(over + COUNT_WITHIN - 1), vec![]);
    assert_eq!(silent.tick(over + COUNT_WITHIN).len(), 1);
}

#[test]
fn a_correspondence_game_runs_no_clock_during_the_count_either() {
    let day = 24 * 60 * 60 * 1000;
    let mut game = game_at(Speed::Correspondence { days: 2 }, 64);
    let over = to_round_over(&mut game, 64, T0, 60_000);
    let during = game.clocks(over + 25_000).unwrap();
    assert_eq!((during.left_ms, during.running), ([2 * day as u64; 2], None));
    assert_eq!(game.deadline(), Some(over + COUNT_WITHIN));
    seen(&mut game, 0, over + 10_000).unwrap();
    let events = seen(&mut game, 1, over + 25_000).unwrap();
    assert!(matches!(events.last(), Some(GameEvent::Drew { .. })), "{events:?}");
    // Round 2's Chaos has its whole move's days from the draw.
    assert_eq!(game.deadline(), Some(over + 25_000 + 2 * day));
}

#[test]
fn a_player_whose_flag_fell_is_not_waited_for() {
    // Player 1 (Chaos in round 1) lets the flag fall at once; the rules play for them.
    let mut game = game_at(Speed::Live { seconds: 60 }, 65);
    let deadline = game.deadline().unwrap();
    let fell = game.tick(deadline);
    assert_eq!(fell[0], GameEvent::FlagFell { player: 1 });
    let over = to_round_over(&mut game, 65, deadline, 100);
    assert_eq!(game.deadline(), Some(over + COUNT_WITHIN));
    assert_eq!(seen(&mut game, 1, over + 1_000), Ok(vec![]), "not waited for");
    let events = seen(&mut game, 0, over + 2_000).unwrap();
    assert!(
        matches!(
            events.as_slice(),
            [GameEvent::CountSeen { player: 0 }, GameEvent::Drew { .. }]
        ),
        "{events:?}"
    );
    assert_eq!(game.clocks(over + 2_000).unwrap().running, Some(0));
}

#[test]
fn count_seen_outside_the_count_is_refused_or_changes_nothing() {
    let mut game = game_at(Speed::Live { seconds: 300 }, 66);
    let early = seen(&mut game, 0, T0 + 1_000).unwrap_err();
    assert_eq!(early, "round 1 has not ended: there is no count to see");
    let over = to_round_over(&mut game, 66, T0, 1_000);
    let version = game.version();
    let ahead = game.command(0, Command::CountSeen { version: version + 1 }, over);
    assert_eq!(
        ahead,
        Err(format!(
            "version {} is ahead of the game, at version {version}",
            version + 1
        ))
    );
    let before = game.command(0, Command::CountSeen { version: version - 1 }, over);
    assert_eq!(
        before,
        Err(format!(
            "version {} is before round 1's end (version {version}): the count comes after it",
            version - 1
        ))
    );
    assert!(game.command(2, Command::CountSeen { version }, over).is_err());
    // Twice: the second changes nothing; as a stored event, it is refused.
    assert_eq!(seen(&mut game, 0, over + 1_000).unwrap().len(), 1);
    assert_eq!(seen(&mut game, 0, over + 2_000), Ok(vec![]));
    let twice = game.absorb(&GameEvent::CountSeen { player: 0 }, over + 2_000);
    assert_eq!(twice, Err("player 0 has seen the count already".into()));
    assert_eq!(game.version(), version + 1);
    // Moves wait for the draw; resigning does not.
    let early_move = play(&mut game, 0, "Cc", over + 2_500).unwrap_err();
    assert!(early_move.contains("counted between the rounds"), "{early_move}");
    let resigned = game.command(1, Command::Resign, over + 3_000).unwrap();
    assert!(matches!(resigned.last(), Some(GameEvent::Ended { .. })), "{resigned:?}");
    assert_eq!(game.deadline(), None);
    assert_eq!(seen(&mut game, 1, over + 4_000), Ok(vec![]));
    let after = game.absorb(&GameEvent::CountSeen { player: 1 }, over + 4_000);
    assert!(after.unwrap_err().contains("no count under way"));

    // The simultaneous match has no count.
    let speed = Speed::Live { seconds: 300 };
    let (mut simultaneous, _) = Game::start(
        seats(),
        options(5, Format::Simultaneous, speed, false),
        0,
        secret(67),
        None,
        T0,
    );
    let refused = seen(&mut simultaneous, 0, T0 + 1_000).unwrap_err();
    assert!(refused.contains("no count between rounds"), "{refused}");
}

#[test]
fn a_game_read_back_during_the_count_waits_on_the_same_players_until_the_same_bound() {
    let mut game = game_at(Speed::Live { seconds: 300 }, 68);
    let over = to_round_over(&mut game, 68, T0, 1_000);
    seen(&mut game, 1, over + 4_000).unwrap();
    let mut back = Game::replay(secret(68), game.events()).unwrap();
    assert_eq!(back.count, game.count);
    assert_eq!(back.deadline(), Some(over + COUNT_WITHIN));
    assert_eq!(back.clocks(over + 10_000), game.clocks(over + 10_000));
    assert_eq!(seen(&mut back, 1, over + 5_000), Ok(vec![]));
    let events = seen(&mut back, 0, over + 6_000).unwrap();
    assert!(matches!(events.last(), Some(GameEvent::Drew { .. })), "{events:?}");

    // A stored draw right after RoundOver, without CountSeen (the bound
    // passed, or a server that did not wait), is taken as it was.
    let drew = game.tick(over + COUNT_WITHIN);
    let mut stored: Vec<(GameEvent, Millis)> = game
        .events()
        .iter()
        .filter(|(e, _)| !matches!(e, GameEvent::CountSeen { .. }))
        .cloned()
        .collect();
    stored.last_mut().unwrap().1 = over;
    assert_eq!(stored.last().unwrap().0, drew[0]);
    let read = Game::replay(secret(68), &stored).unwrap();
    assert_eq!(read.count, None);
    assert_eq!(read.clocks(over + 1_000).unwrap().running, Some(0));
    // Any other event is refused there.
    let mut wrong = stored.clone();
    wrong.last_mut().unwrap().0 = GameEvent::Drew { board: 0, colour: 9 };
    assert!(Game::replay(secret(68), &wrong).is_err());
}
