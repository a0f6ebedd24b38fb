//! The lobby within bounds: one larger than a message goes in parts that
//! each keep within the protocol's one limit, and the project's client
//! reads it whole; an account posting seeks faster than the lobby takes
//! them is told to wait; and however fast seeks come and go, a lobby
//! watcher is told the lobby a few times a second at most.

mod common;

use std::time::Instant;

use common::{Next, TestServer};
use entropy_client::Incoming;
use entropy_protocol::{ClientMessage, Format, GameOptions, MAX_MESSAGE, ServerMessage, Speed, encode};
use entropy_server::lobby::{LOBBY_EVERY, MAX_SEEKS, POSTS_BURST};

fn options(seconds: u32) -> GameOptions {
    GameOptions {
        size: 7,
        format: Format::Match,
        speed: Speed::Live { seconds },
        rated: false,
    }
}

/// Twelve accounts with ten seeks each: more than one message holds.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lobby_larger_than_a_message_comes_in_parts_the_client_reads_whole() {
    let server = TestServer::start().await;
    let accounts = 12;
    let mut posters = Vec::new();
    for i in 0..accounts {
        let signed = server.register(&format!("poster-number-{i:02}")).await;
        let mut client = server.hello(Some(&signed.token)).await;
        for n in 0..MAX_SEEKS {
            client
                .send(&ClientMessage::Seek {
                    options: options(60 + n as u32),
                })
                .await;
            client.expect(|m| matches!(m, ServerMessage::SeekPosted { .. })).await;
        }
        posters.push(client);
    }
    let total = accounts * MAX_SEEKS as usize;

    // As sent: parts, each within the limit, the last one whole.
    let mut raw = server.hello(None).await;
    raw.send(&ClientMessage::WatchLobby).await;
    let mut seeks = 0;
    let mut parts = 0;
    loop {
        let Next::Message(message) = raw.next().await else {
            panic!("closed")
        };
        if let ServerMessage::Lobby { seeks: some, more, .. } = &message {
            assert!(
                encode(&message).len() <= MAX_MESSAGE,
                "a part of {} bytes",
                encode(&message).len()
            );
            seeks += some.len();
            parts += 1;
            if !more {
                break;
            }
        }
    }
    assert_eq!(seeks, total);
    assert!(parts > 1, "{total} seeks in one message");

    // As the project's client hands it on: one lobby, whole.
    let client = entropy_client::Server::new(&server.url("")).unwrap();
    let signed = client
        .register(&entropy_protocol::Credentials {
            name: "reader".into(),
            password: "password-of-reader".into(),
            bot: false,
        })
        .await
        .unwrap();
    let mut connection = client.connect(Some(signed.token)).await.unwrap();
    connection.send(ClientMessage::WatchLobby).unwrap();
    loop {
        match connection.recv().await.expect("the connection goes on") {
            Incoming::Message(ServerMessage::Lobby { seeks, more, .. }) => {
                assert!(!more);
                assert_eq!(seeks.len(), total, "the client hands on the whole lobby");
                break;
            }
            Incoming::Malformed(why) => panic!("the client could not read the lobby: {why}"),
            _ => {}
        }
    }
    drop(posters);
}

/// An account may post [`POSTS_BURST`] seeks at once, then is told to wait.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_account_posting_seeks_too_fast_is_told_to_wait() {
    let server = TestServer::start().await;
    let ann = server.register("ann").await;
    let mut client = server.hello(Some(&ann.token)).await;
    for _ in 0..POSTS_BURST {
        client.send(&ClientMessage::Seek { options: options(300) }).await;
        let posted = client
            .expect(|m| matches!(m, ServerMessage::SeekPosted { .. } | ServerMessage::Error { .. }))
            .await;
        let ServerMessage::SeekPosted { seek } = posted else {
            panic!("{posted:?}")
        };
        client.send(&ClientMessage::CancelSeek { seek: seek.id }).await;
    }
    client.send(&ClientMessage::Seek { options: options(300) }).await;
    let said = client.expect_error().await;
    assert!(said.contains("faster") && said.contains("wait"), "{said}");
}

/// Twelve accounts withdrawing and posting seeks as fast as they may:
/// a lobby watcher is told the lobby at most once each [`LOBBY_EVERY`]
/// (and once more for the first change), and every change is in the next.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seeks_that_come_and_go_fast_are_told_to_watchers_a_few_times_a_second() {
    let server = TestServer::start().await;
    let mut churners = Vec::new();
    for i in 0..12 {
        let signed = server.register(&format!("churner-{i}")).await;
        churners.push(server.hello(Some(&signed.token)).await);
    }
    let mut watcher = server.hello(None).await;
    watcher.send(&ClientMessage::WatchLobby).await;
    watcher
        .expect(|m| matches!(m, ServerMessage::Lobby { more: false, .. }))
        .await;

    let began = Instant::now();
    let rounds = POSTS_BURST / 2;
    for _ in 0..rounds {
        for churner in &mut churners {
            churner.send(&ClientMessage::Seek { options: options(300) }).await;
            let posted = churner.expect(|m| matches!(m, ServerMessage::SeekPosted { .. })).await;
            let ServerMessage::SeekPosted { seek } = posted else {
                unreachable!()
            };
            churner.send(&ClientMessage::CancelSeek { seek: seek.id }).await;
        }
    }
    // A last seek each, left up: the lobby ends with twelve seeks.
    for churner in &mut churners {
        churner.send(&ClientMessage::Seek { options: options(300) }).await;
        churner.expect(|m| matches!(m, ServerMessage::SeekPosted { .. })).await;
    }
    let mut told = 0;
    loop {
        let lobby = watcher
            .expect(|m| matches!(m, ServerMessage::Lobby { more: false, .. }))
            .await;
        told += 1;
        if matches!(&lobby, ServerMessage::Lobby { seeks, .. } if seeks.len() == 12) {
            break;
        }
    }
    let took = began.elapsed();
    let allowed = (took.as_millis() / LOBBY_EVERY.as_millis()) as usize + 1;
    let changes = churners.len() * (2 * rounds as usize + 1);
    assert!(
        told <= allowed,
        "{told} lobbies told in {took:?} for {changes} changes: at most {allowed}"
    );
}
