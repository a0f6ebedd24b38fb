//! The server signs every finished match file: a rated game played to its
//! end is downloaded (`/api/games/{id}`) signed with the key the server
//! publishes (`/api/key`), the whole file checked by
//! `entropy_protocol::signature`; the key is the database's, the same after
//! a restart (the file still verifies, and a game ended after it is signed
//! with it too), and the same for two processes starting at once on one
//! PostgreSQL; a key stored damaged is refused at start.

mod common;
#[path = "support/postgres.rs"]
mod postgres;

use std::sync::Arc;

use common::play::{Follow, Next as Due};
use common::{Client, Next, START, TestServer, start_game};
use entropy_protocol::fairness;
use entropy_protocol::signature::{self, SignatureError};
use entropy_protocol::{ClientMessage, Format, GameEvent, GameOptions, ServerKey, ServerMessage, Speed};
use entropy_rules::AnyMatchFile;
use entropy_server::{Config, ManualClock};

fn rated() -> GameOptions {
    GameOptions {
        size: 5,
        format: Format::Match,
        speed: Speed::Live { seconds: 600 },
        rated: true,
    }
}

/// `a` (player 0) and `b` play `game` to its end, `a` following it: each
/// move sent once, when the events seen make it due.
async fn play_to_the_end(a: &mut Client, b: &mut Client, game: &str) {
    a.send(&ClientMessage::Watch {
        game: game.to_string(),
        since: 0,
    })
    .await;
    let mut follow = Follow::default();
    let mut sent = None;
    loop {
        match follow.next() {
            Due::Over => return,
            Due::Move {
                player,
                action,
                version,
            } if sent != Some(version) => {
                sent = Some(version);
                let mover = if player == 0 { &mut *a } else { &mut *b };
                let play = ClientMessage::Play {
                    game: game.to_string(),
                    version,
                    action,
                };
                mover.send(&play).await;
            }
            Due::Count { players, version } if sent != Some(version) => {
                sent = Some(version);
                for player in players {
                    let seer = if player == 0 { &mut *a } else { &mut *b };
                    let seen = ClientMessage::CountSeen {
                        game: game.to_string(),
                        version,
                    };
                    seer.send(&seen).await;
                }
            }
            _ => match a.next().await {
                Next::Message(message) => {
                    follow.take(&message, game);
                }
                Next::Closed(reason) => panic!("the connection closed ({reason}) in mid-game"),
            },
        }
    }
}

/// The key the server publishes.
async fn published(server: &TestServer) -> String {
    let (status, text) = server.http("GET", "/api/key", None, None).await;
    assert_eq!(status, 200, "{text}");
    let key: ServerKey = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
    assert_eq!(key.algorithm, "ed25519");
    assert_eq!(key.key.len(), 64, "{text}");
    key.key
}

/// The finished game's file, as the archive serves it.
async fn file_of(server: &TestServer, game: &str) -> String {
    let (status, text) = server.http("GET", &format!("/api/games/{game}"), None, None).await;
    assert_eq!(status, 200, "{text}");
    text
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_is_signed_with_the_published_key_which_a_restart_keeps() {
    let server = TestServer::start().await;
    let ann = server.register("Ann").await;
    let bob = server.register("Bob").await;
    let mut a = server.hello(Some(&ann.token)).await;
    let mut b = server.hello(Some(&bob.token)).await;
    let game = start_game(&mut a, &mut b, rated()).await;
    play_to_the_end(&mut a, &mut b, &game).await;

    let key = published(&server).await;
    let text = file_of(&server, &game).await;
    // The whole file is the server's: the draws, and the rest with them.
    assert_eq!(
        signature::verify_file(&text, Some(&key)).map(|s| s.key),
        Ok(key.clone())
    );
    let file = AnyMatchFile::parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert!(fairness::verify(&file).is_ok());
    let tag = |name: &str| {
        file.tags()
            .extra
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
    };
    assert_eq!(tag("ServerKey"), Some(key.clone()));
    assert_eq!(tag("Rating1").as_deref(), Some("1500"), "{text}");
    assert!(
        text.contains("[Result \"") && text.contains("[TimeControl \"600\"]"),
        "{text}"
    );
    let swapped = text.replace("\"Ann\"", "\"Eve\"");
    assert_eq!(
        signature::verify_file(&swapped, Some(&key)),
        Err(SignatureError::Changed { key: key.clone() })
    );

    // Stopped and started again on the same database: the same key, the
    // same file, and a game ended now signed with it too.
    drop((a, b));
    let (dir, clock) = server.stop().await;
    let server = TestServer::start_in(dir, clock).await;
    assert_eq!(published(&server).await, key, "the key is the database's");
    assert_eq!(file_of(&server, &game).await, text);
    let mut a = server.hello(Some(&ann.token)).await;
    let mut b = server.hello(Some(&bob.token)).await;
    let second = start_game(&mut a, &mut b, rated()).await;
    a.send(&ClientMessage::Watch {
        game: second.clone(),
        since: 0,
    })
    .await;
    a.send(&ClientMessage::Resign { game: second.clone() }).await;
    a.expect(|m| matches!(m, ServerMessage::Event { game: g, event: GameEvent::Ended { .. }, .. } if *g == second))
        .await;
    let resigned = file_of(&server, &second).await;
    assert!(resigned.contains("[Termination \"resigned: player 1\"]"), "{resigned}");
    assert!(signature::verify_file(&resigned, Some(&key)).is_ok(), "{resigned}");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_key_stored_damaged_is_refused_and_left_as_it_is() {
    let server = TestServer::start().await;
    let path = server.db_path();
    let (dir, _) = server.stop().await;
    let store = entropy_server::db::Store::connect(&entropy_server::db::sqlite_url(&path))
        .await
        .unwrap();
    sqlx::query("UPDATE meta SET value = 'not a key' WHERE key = 'signing_key'")
        .execute(store.pool())
        .await
        .unwrap();
    store.close().await;
    let config = Config::new("127.0.0.1:0".parse().unwrap(), entropy_server::db::sqlite_url(&path));
    let error = entropy_server::start(config, Arc::new(ManualClock::new(START)))
        .await
        .err()
        .expect("the server started with a damaged key");
    let said = error.to_string();
    assert!(said.contains("signing key") && said.contains("signing_key"), "{said}");
    assert!(said.contains("left as it is"), "{said}");
    drop(dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_starting_at_once_on_one_postgresql_share_one_key() {
    let pg = postgres::Postgres::start();
    let clock = Arc::new(ManualClock::new(START));
    let start = || entropy_server::start(Config::new("127.0.0.1:0".parse().unwrap(), pg.url()), clock.clone());
    let (one, two) = tokio::join!(start(), start());
    let (one, two) = (one.unwrap(), two.unwrap());
    let key_of = |addr: std::net::SocketAddr| async move {
        let (status, text) = common::request(addr, "GET", "/api/key", None, None).await;
        assert_eq!(status, 200, "{text}");
        serde_json::from_str::<ServerKey>(&text).unwrap().key
    };
    let key = key_of(one.local_addr()).await;
    assert_eq!(key_of(two.local_addr()).await, key);
    one.shutdown().await;
    two.shutdown().await;
    let three = start().await.unwrap();
    assert_eq!(key_of(three.local_addr()).await, key, "kept across restarts");
    three.shutdown().await;
}
