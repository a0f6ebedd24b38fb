//! A player coming back (a new connection, a restarted program) learns
//! from the server which live games it is seated in: after `Welcome`, a
//! `GameStarted` for each, oldest first; none for another's game, for a
//! game that is over, or for a watcher.

mod common;

use std::time::Duration;

use common::{Client, TestServer};
use entropy_protocol::{ClientMessage, Format, GameOptions, PROTOCOL_VERSION, ServerMessage, Speed};

const OPTIONS: GameOptions = GameOptions {
    size: 5,
    format: Format::Match,
    speed: Speed::Live { seconds: 300 },
    rated: false,
};

/// `a` seeks, `b` accepts: the game's id, once both were told it started.
async fn start_game(a: &mut Client, b: &mut Client) -> String {
    a.send(&ClientMessage::Seek { options: OPTIONS }).await;
    let ServerMessage::SeekPosted { seek } = a.expect(|m| matches!(m, ServerMessage::SeekPosted { .. })).await else {
        unreachable!()
    };
    b.send(&ClientMessage::Accept { seek: seek.id }).await;
    let ServerMessage::GameStarted { game } = b.expect(|m| matches!(m, ServerMessage::GameStarted { .. })).await else {
        unreachable!()
    };
    a.expect(|m| *m == ServerMessage::GameStarted { game: game.clone() })
        .await;
    game
}

/// A new connection saying Hello with `token`: what the server said
/// between `Welcome` and the answer to a `Ping` sent right after Hello,
/// that is, everything Hello brought beyond `Welcome`.
async fn come_back(server: &TestServer, token: Option<&str>) -> (Client, Vec<ServerMessage>) {
    let mut client = server.connect().await;
    client
        .send(&ClientMessage::Hello {
            protocol: PROTOCOL_VERSION,
            token: token.map(str::to_string),
        })
        .await;
    client.send(&ClientMessage::Ping).await;
    let welcome = client.expect(|_| true).await;
    assert!(matches!(welcome, ServerMessage::Welcome { .. }), "{welcome:?}");
    let mut said = Vec::new();
    loop {
        match client.expect(|_| true).await {
            ServerMessage::Pong => return (client, said),
            other => said.push(other),
        }
    }
}

fn started(games: &[&str]) -> Vec<ServerMessage> {
    games
        .iter()
        .map(|game| ServerMessage::GameStarted { game: game.to_string() })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_coming_back_is_told_its_live_games_and_no_others() {
    let server = TestServer::start().await;
    let mut signed = Vec::new();
    let mut clients = Vec::new();
    for name in ["Ann", "Bob", "Cid", "Dee"] {
        let account = server.register(name).await;
        clients.push(server.hello(Some(&account.token)).await);
        signed.push(account);
    }
    let [ann, bob, cid, dee] = &mut clients[..] else {
        unreachable!()
    };
    // A second between games, so that "the older first" means something
    // (the ids are random).
    let first = start_game(ann, bob).await;
    server.advance(Duration::from_secs(1));
    let others = start_game(cid, dee).await;
    server.advance(Duration::from_secs(1));
    let second = start_game(dee, ann).await;

    // Ann, on a new connection (the old one still open), is told of her
    // two games, the older first, and not of Cid and Dee's.
    let (_again, said) = come_back(&server, Some(&signed[0].token)).await;
    assert_eq!(said, started(&[&first, &second]));
    // Bob, seated second, of his one game; Dee of both of hers.
    let (_again, said) = come_back(&server, Some(&signed[1].token)).await;
    assert_eq!(said, started(&[&first]));
    let (_again, said) = come_back(&server, Some(&signed[3].token)).await;
    assert_eq!(said, started(&[&others, &second]));
    // A watcher is told of no game.
    let (_watcher, said) = come_back(&server, None).await;
    assert_eq!(said, []);

    // What the new connection is told is enough to play on: it watches the
    // game from the start and may move in it (Ann resigns it).
    let (mut ann_again, _) = come_back(&server, Some(&signed[0].token)).await;
    ann_again
        .send(&ClientMessage::Watch {
            game: first.clone(),
            since: 0,
        })
        .await;
    ann_again.send(&ClientMessage::Resign { game: first.clone() }).await;
    ann_again
        .expect(|m| {
            matches!(m, ServerMessage::Event { game, event: entropy_protocol::GameEvent::Ended { .. }, .. }
                if *game == first)
        })
        .await;

    // A game that is over is no longer one to come back to.
    let (_again, said) = come_back(&server, Some(&signed[0].token)).await;
    assert_eq!(said, started(&[&second]));
    let (_again, said) = come_back(&server, Some(&signed[1].token)).await;
    assert_eq!(said, []);

    // After a restart of the server, the same.
    let (dir, clock) = server.stop().await;
    let server = TestServer::start_in(dir, clock).await;
    let (_again, said) = come_back(&server, Some(&signed[2].token)).await;
    assert_eq!(said, started(&[&others]));
}
