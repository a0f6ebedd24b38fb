//! The ratings' change of a rated game: stored right after its end,
//! refused anywhere else, and read back.

use entropy_protocol::{Format, GameEvent, RatingChange, Speed};

use super::*;

fn rated(n: u8) -> Game {
    let speed = Speed::Live { seconds: 600 };
    Game::start(seats(), options(5, Format::Match, speed, true), 0, secret(n), None, T0).0
}

fn change() -> [RatingChange; 2] {
    [
        RatingChange {
            before: 1500.0,
            after: 1662.3,
        },
        RatingChange {
            before: 1500.0,
            after: 1337.7,
        },
    ]
}

#[test]
fn a_rated_game_takes_its_ratings_change_right_after_the_end_then_rematch_offers() {
    let mut game = rated(61);
    let early = game.absorb(&GameEvent::Rated { ratings: change() }, T0 + 500);
    assert_eq!(early.unwrap_err(), "the ratings change once the game has ended");
    play(&mut game, 1, "Dd", T0 + 1_000).unwrap();
    game.command(1, Command::Resign, T0 + 2_000).unwrap();
    assert_eq!(game.rating_changes(), None);
    let version = game.version();
    game.absorb(&GameEvent::Rated { ratings: change() }, T0 + 2_000)
        .unwrap();
    assert_eq!(game.version(), version + 1);
    assert_eq!(game.rating_changes(), Some(change()));
    let again = game.absorb(&GameEvent::Rated { ratings: change() }, T0 + 2_000);
    assert_eq!(again.unwrap_err(), "the game has been rated already");
    // Rematch offers come after it, as after any end.
    game.command(0, Command::Rematch, T0 + 3_000).unwrap();
    game.command(1, Command::Rematch, T0 + 4_000).unwrap();
    assert!(game.rematch_agreed());

    // Read back, the game is the same, its ratings' change with it.
    let back = Game::replay(secret(61), game.events()).unwrap();
    assert_eq!(back.version(), game.version());
    assert_eq!(back.rating_changes(), Some(change()));
    assert!(back.rematch_agreed());
}

#[test]
fn a_ratings_change_is_refused_after_anything_but_the_end_and_in_games_that_count_for_none() {
    let mut late = rated(62);
    late.command(0, Command::Resign, T0 + 1_000).unwrap();
    late.command(0, Command::Rematch, T0 + 2_000).unwrap();
    let refused = late.absorb(&GameEvent::Rated { ratings: change() }, T0 + 3_000);
    assert_eq!(refused.unwrap_err(), "the ratings' change comes right after the end");

    let (mut casual, _) = casual(63);
    casual.command(0, Command::Resign, T0 + 1_000).unwrap();
    let refused = casual.absorb(&GameEvent::Rated { ratings: change() }, T0 + 2_000);
    assert!(refused.unwrap_err().contains("counts for no rating"));

    let mut aborted = rated(64);
    aborted.command(0, Command::Abort, T0 + 1_000).unwrap();
    let refused = aborted.absorb(&GameEvent::Rated { ratings: change() }, T0 + 2_000);
    assert!(refused.unwrap_err().contains("counts for no rating"));

    let mut odd = rated(65);
    odd.command(0, Command::Resign, T0 + 1_000).unwrap();
    let mut nan = change();
    nan[1].after = f64::NAN;
    assert!(odd.absorb(&GameEvent::Rated { ratings: nan }, T0 + 2_000).is_err());
    let version = odd.version();
    assert_eq!(odd.rating_changes(), None);
    // A stored game whose ratings' change comes before its end does not replay.
    let mut events = odd.events().to_vec();
    events.insert(2, (GameEvent::Rated { ratings: change() }, T0 + 500));
    let error = Game::replay(secret(65), &events).unwrap_err();
    assert!(error.starts_with("event 3: "), "{error}");
    assert_eq!(odd.version(), version);
}
