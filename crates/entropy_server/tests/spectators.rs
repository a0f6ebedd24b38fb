//! Spectators through the server: the players of a game are told how many
//! watch it who do not play it, after their Watch and whenever it changes,
//! a signed-in spectator counting once however many connections it has, a
//! connection without an account once each, a player's own connections
//! never; the lobby's live games say the same number.

mod common;

use common::{Client, TestServer, spectators_of, start_game};
use entropy_protocol::{ClientMessage, Format, GameOptions, ServerMessage, Speed};

fn options() -> GameOptions {
    GameOptions {
        size: 5,
        format: Format::Match,
        speed: Speed::Correspondence { days: 3 },
        rated: false,
    }
}

fn watch(game: &str) -> ClientMessage {
    ClientMessage::Watch {
        game: game.to_string(),
        since: 0,
    }
}

fn spectators(game: &str, count: u32) -> ServerMessage {
    ServerMessage::Spectators {
        game: game.to_string(),
        count,
    }
}

/// Watches `game` and reads the answer: its number of spectators then.
async fn watches(client: &mut Client, game: &str) -> u32 {
    client.send(&watch(game)).await;
    match client.expect(|m| matches!(m, ServerMessage::Spectators { .. })).await {
        ServerMessage::Spectators { count, .. } => count,
        _ => unreachable!(),
    }
}

/// Waits until the lobby `client` watches says `game` has `count` spectators.
async fn lobby_says(client: &mut Client, game: &str, count: u32) {
    client
        .expect(|m| {
            matches!(m, ServerMessage::Lobby { games, .. }
                if games.iter().any(|g| g.id == game && g.spectators == count))
        })
        .await;
}

/// Nothing was said to `client` about the spectators of `game` since its
/// last message (a round trip: whatever was sent before it has come).
async fn told_nothing(client: &mut Client, game: &str) {
    let said = client.sync().await;
    assert_eq!(spectators_of(&said, game), Vec::<u32>::new(), "{said:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_players_are_told_how_many_watch_their_game() {
    let server = TestServer::start().await;
    let ann = server.register("Ann").await;
    let bob = server.register("Bob").await;
    let carl = server.register("Carl").await;
    let dan = server.register("Dan").await;
    let mut a = server.hello(Some(&ann.token)).await;
    let mut b = server.hello(Some(&bob.token)).await;
    let mut lobby = server.hello(Some(&dan.token)).await;
    lobby.send(&ClientMessage::WatchLobby).await;
    lobby.expect(|m| matches!(m, ServerMessage::Lobby { .. })).await;
    let game = start_game(&mut a, &mut b, options()).await;
    lobby_says(&mut lobby, &game, 0).await;

    // A player's Watch: the events, where the players are, then the spectators.
    a.send(&watch(&game)).await;
    let said = a.sync().await;
    let last_presence = said
        .iter()
        .rposition(|m| matches!(m, ServerMessage::Presence { .. }))
        .expect("Presence after Watch");
    assert_eq!(said[last_presence + 1..], [spectators(&game, 0)], "{said:?}");
    assert_eq!(watches(&mut b, &game).await, 0);
    // A player's second connection is no spectator.
    let mut a_again = server.hello(Some(&ann.token)).await;
    assert_eq!(watches(&mut a_again, &game).await, 0);
    told_nothing(&mut a, &game).await;

    // A signed-in spectator: one, however many connections it has.
    let mut c = server.hello(Some(&carl.token)).await;
    assert_eq!(watches(&mut c, &game).await, 1);
    for player in [&mut a, &mut b, &mut a_again] {
        player.expect(|m| *m == spectators(&game, 1)).await;
    }
    lobby_says(&mut lobby, &game, 1).await;
    let mut c_again = server.hello(Some(&carl.token)).await;
    assert_eq!(watches(&mut c_again, &game).await, 1);
    told_nothing(&mut a, &game).await;
    c_again.send(&ClientMessage::Unwatch { game: game.clone() }).await;
    c_again.sync().await;
    told_nothing(&mut a, &game).await;

    // Connections without an account: one each.
    let mut anonymous = server.hello(None).await;
    assert_eq!(watches(&mut anonymous, &game).await, 2);
    let mut anonymous_too = server.hello(None).await;
    assert_eq!(watches(&mut anonymous_too, &game).await, 3);
    a.expect(|m| *m == spectators(&game, 3)).await;
    c.expect(|m| *m == spectators(&game, 3)).await;
    lobby_says(&mut lobby, &game, 3).await;

    // Closing and unwatching bring it back down, to none.
    drop(anonymous);
    a.expect(|m| *m == spectators(&game, 2)).await;
    anonymous_too.send(&ClientMessage::Unwatch { game: game.clone() }).await;
    a.expect(|m| *m == spectators(&game, 1)).await;
    drop(c);
    a.expect(|m| *m == spectators(&game, 0)).await;
    b.expect(|m| *m == spectators(&game, 0)).await;
    lobby_says(&mut lobby, &game, 0).await;
    // The player's second connection going changes nothing.
    a_again.send(&ClientMessage::Unwatch { game: game.clone() }).await;
    a_again.sync().await;
    told_nothing(&mut b, &game).await;
    assert_eq!(
        spectators_of(&a.seen, &game),
        [0, 1, 2, 3, 2, 1, 0],
        "each change told once"
    );
    server.stop().await;
}
