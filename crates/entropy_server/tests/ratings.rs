//! Ratings through the server: a rated game's end is followed by its
//! ratings' change (the leaderboard's numbers after it), a casual or
//! aborted game's by nothing; a rated game read back after a restart
//! replays with it and takes rematch offers; the lobby lists the players
//! online with their ratings.

mod common;

use common::{Client, TestServer, events_of, start_game};
use entropy_protocol::{ClientMessage, Format, GameEvent, GameOptions, Rating, ServerMessage, Speed};

fn options(rated: bool) -> GameOptions {
    GameOptions {
        size: 5,
        format: Format::Match,
        speed: Speed::Live { seconds: 600 },
        rated,
    }
}

/// Follows `game` from its start (Watch since 0), and waits until the
/// Watch was dealt with.
async fn follow(client: &mut Client, game: &str) {
    client
        .send(&ClientMessage::Watch {
            game: game.to_string(),
            since: 0,
        })
        .await;
    client.sync().await;
}

fn ended(game: &str) -> impl Fn(&ServerMessage) -> bool + '_ {
    move |m| matches!(m, ServerMessage::Event { game: g, event: GameEvent::Ended { .. }, .. } if g == game)
}

/// Reads until `game`'s end has come, and everything sent with it; the
/// game's events received.
async fn until_over(client: &mut Client, game: &str) -> Vec<(u64, GameEvent)> {
    if !events_of(client, game)
        .iter()
        .any(|(_, e)| matches!(e, GameEvent::Ended { .. }))
    {
        client.expect(ended(game)).await;
    }
    client.sync().await;
    events_of(client, game)
}

/// What a player sends to end a game.
type Ending = fn(String) -> ClientMessage;

async fn leaderboard(server: &TestServer, pool: &str) -> Vec<Rating> {
    let (status, text) = server
        .http("GET", &format!("/api/leaderboard?pool={pool}"), None, None)
        .await;
    assert_eq!(status, 200, "{text}");
    serde_json::from_str(&text).unwrap()
}

fn rating_of(board: &[Rating], name: &str) -> f64 {
    board
        .iter()
        .find(|r| r.name == name)
        .unwrap_or_else(|| panic!("{name} on the leaderboard: {board:?}"))
        .rating
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_games_end_is_followed_by_the_ratings_change_and_a_casual_or_aborted_ones_by_nothing() {
    let server = TestServer::start().await;
    let ann = server.register("Ann").await;
    let bob = server.register("Bob").await;
    let mut a = server.hello(Some(&ann.token)).await;
    let mut b = server.hello(Some(&bob.token)).await;
    let mut watcher = server.hello(None).await;

    // Ann (player 0, the seeker) resigns a rated game.
    let game = start_game(&mut a, &mut b, options(true)).await;
    follow(&mut watcher, &game).await;
    a.send(&ClientMessage::Resign { game: game.clone() }).await;
    let end = watcher.expect(ended(&game)).await;
    let ServerMessage::Event { version, .. } = end else {
        unreachable!()
    };
    // The very next message: the ratings' change, the next version.
    let rated = watcher.expect(|_| true).await;
    let ServerMessage::Event {
        version: next,
        event: GameEvent::Rated { ratings },
        ..
    } = rated
    else {
        panic!("the end of a rated game is followed by its ratings' change: {rated:?}")
    };
    assert_eq!(next, version + 1);
    let board = leaderboard(&server, "5x5-match").await;
    assert_eq!(ratings[0].before, 1500.0, "a new player's rating is 1500");
    assert_eq!(ratings[1].before, 1500.0);
    assert_eq!(ratings[0].after, rating_of(&board, "Ann"), "{board:?}");
    assert_eq!(ratings[1].after, rating_of(&board, "Bob"), "{board:?}");
    assert!(
        ratings[1].after > 1500.0 && ratings[0].after < 1500.0,
        "Bob won: {ratings:?}"
    );
    assert!(watcher.sync().await.is_empty(), "nothing after the ratings' change");
    // Stored as sent: a newcomer is told the same events.
    let mut late = server.hello(None).await;
    follow(&mut late, &game).await;
    assert_eq!(until_over(&mut late, &game).await, events_of(&watcher, &game));

    // A casual game's end is the last event, and so is an aborted rated game's.
    let ends: [(GameOptions, Ending); 2] = [
        (options(false), |game| ClientMessage::Resign { game }),
        (options(true), |game| ClientMessage::Abort { game }),
    ];
    for (options, end) in ends {
        let game = start_game(&mut a, &mut b, options).await;
        follow(&mut watcher, &game).await;
        a.send(&end(game.clone())).await;
        let events = until_over(&mut watcher, &game).await;
        assert!(
            matches!(events.last(), Some((_, GameEvent::Ended { .. }))),
            "no ratings' change: {:?}",
            events.last()
        );
    }
    let after = leaderboard(&server, "5x5-match").await;
    assert_eq!(after, board, "neither changed the ratings");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_game_read_back_after_a_restart_replays_with_its_ratings_change_and_takes_a_rematch() {
    let server = TestServer::start().await;
    let ann = server.register("Ann").await;
    let bob = server.register("Bob").await;
    let mut a = server.hello(Some(&ann.token)).await;
    let mut b = server.hello(Some(&bob.token)).await;
    let game = start_game(&mut a, &mut b, options(true)).await;
    follow(&mut a, &game).await;
    b.send(&ClientMessage::Resign { game: game.clone() }).await;
    let events = until_over(&mut a, &game).await;
    assert!(
        matches!(events.last(), Some((_, GameEvent::Rated { .. }))),
        "{:?}",
        events.last()
    );
    drop((a, b));
    let (dir, clock) = server.stop().await;

    // Read back from the database, the game is the game that was played.
    let server = TestServer::start_in(dir, clock).await;
    let mut a = server.hello(Some(&ann.token)).await;
    let mut b = server.hello(Some(&bob.token)).await;
    follow(&mut a, &game).await;
    assert_eq!(until_over(&mut a, &game).await, events);
    // Rematch offers come after the ratings' change: both ask, and it starts.
    follow(&mut b, &game).await;
    a.send(&ClientMessage::Rematch { game: game.clone() }).await;
    b.send(&ClientMessage::Rematch { game: game.clone() }).await;
    let rematch = a
        .expect(|m| {
            matches!(
                m,
                ServerMessage::Event {
                    event: GameEvent::Rematch { .. },
                    ..
                }
            )
        })
        .await;
    let ServerMessage::Event {
        version,
        event: GameEvent::Rematch { game: new },
        ..
    } = rematch
    else {
        unreachable!()
    };
    assert_eq!(version, events.len() as u64 + 3, "two offers, then the rematch");
    b.expect(|m| *m == ServerMessage::GameStarted { game: new.clone() })
        .await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_lists_the_players_online_with_their_ratings() {
    let server = TestServer::start().await;
    let ann = server.register("Ann").await;
    let bob = server.register("Bob").await;
    let dan = server.register("Dan").await;
    let mut a = server.hello(Some(&ann.token)).await;
    let mut b = server.hello(Some(&bob.token)).await;
    let mut d = server.hello(Some(&dan.token)).await;
    for (rated, size) in [(true, 5), (false, 7)] {
        let options = GameOptions { size, ..options(rated) };
        let game = start_game(&mut a, &mut b, options).await;
        follow(&mut a, &game).await;
        b.send(&ClientMessage::Resign { game: game.clone() }).await;
        until_over(&mut a, &game).await;
    }
    let board = leaderboard(&server, "5x5-match").await;

    d.send(&ClientMessage::WatchLobby).await;
    let lobby = d.expect(|m| matches!(m, ServerMessage::Lobby { .. })).await;
    let ServerMessage::Lobby { online, .. } = lobby else {
        unreachable!()
    };
    let names: Vec<&str> = online.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["Ann", "Bob", "Dan"], "each once, by name");
    for player in &online[..2] {
        assert_eq!(
            player.ratings.keys().collect::<Vec<_>>(),
            ["5x5-match"],
            "a pool with a rated game behind it, and only such: {player:?}"
        );
        assert_eq!(player.rating("5x5-match"), Some(rating_of(&board, &player.name)));
    }
    assert!(
        online[2].ratings.is_empty(),
        "no rated game, no rating: {:?}",
        online[2]
    );
    // A second connection of Ann's lists her once still.
    let _again = server.hello(Some(&ann.token)).await;
    d.send(&ClientMessage::WatchLobby).await;
    let lobby = d.expect(|m| matches!(m, ServerMessage::Lobby { .. })).await;
    let ServerMessage::Lobby { online: again, .. } = lobby else {
        unreachable!()
    };
    assert_eq!(again, online);
    server.stop().await;
}
