//! The opponent sees that the other is gone, and back — also when the two
//! are connected to different server processes on one PostgreSQL (two
//! servers in this process, sharing only the database).

mod common;
#[path = "support/postgres.rs"]
mod postgres;

use std::sync::Arc;

use common::{Client, START};
use entropy_protocol::{ClientMessage, GameOptions, PROTOCOL_VERSION, ServerMessage, SignedIn};
use entropy_server::{Config, ManualClock, Running};

async fn node(url: &str, clock: Arc<ManualClock>) -> Running {
    let config = Config::new("127.0.0.1:0".parse().unwrap(), url);
    entropy_server::start(config, clock)
        .await
        .unwrap_or_else(|e| panic!("{e}"))
}

async fn register(node: &Running, name: &str) -> SignedIn {
    let url = format!("http://{}/api/register", node.local_addr());
    let body = common::credentials(name, &format!("password-of-{name}"));
    tokio::task::spawn_blocking(move || {
        let mut response = ureq::post(&url).content_type("application/json").send(body).unwrap();
        serde_json::from_str(&response.body_mut().read_to_string().unwrap()).unwrap()
    })
    .await
    .unwrap()
}

async fn hello(node: &Running, token: &str) -> Client {
    let mut client = Client::connect(&format!("ws://{}/ws", node.local_addr())).await;
    client
        .send(&ClientMessage::Hello {
            protocol: PROTOCOL_VERSION,
            token: Some(token.to_string()),
        })
        .await;
    client.expect(|m| matches!(m, ServerMessage::Welcome { .. })).await;
    client
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_gone_and_back_is_seen_from_another_process() {
    let pg = postgres::Postgres::start();
    let clock = Arc::new(ManualClock::new(START));
    let a = node(&pg.url(), clock.clone()).await;
    let b = node(&pg.url(), clock.clone()).await;
    let ann = register(&a, "Ann").await;
    let bob = register(&b, "Bob").await;
    let mut ann_a = hello(&a, &ann.token).await;
    let mut bob_b = hello(&b, &bob.token).await;

    ann_a
        .send(&ClientMessage::Seek {
            options: GameOptions::default(),
        })
        .await;
    let seek = match ann_a.expect(|m| matches!(m, ServerMessage::SeekPosted { .. })).await {
        ServerMessage::SeekPosted { seek } => seek.id,
        _ => unreachable!(),
    };
    bob_b.send(&ClientMessage::Accept { seek }).await;
    let game = match bob_b.expect(|m| matches!(m, ServerMessage::GameStarted { .. })).await {
        ServerMessage::GameStarted { game } => game,
        _ => unreachable!(),
    };
    bob_b
        .send(&ClientMessage::Watch {
            game: game.clone(),
            since: 0,
        })
        .await;
    let ann_seat = match bob_b
        .expect(|m| matches!(m, ServerMessage::Event { version: 1, .. }))
        .await
    {
        ServerMessage::Event {
            event: entropy_protocol::GameEvent::Started { players, .. },
            ..
        } => players.iter().position(|p| p.name == "Ann").unwrap() as u8,
        other => panic!("the first event is the start: {other:?}"),
    };
    let present = |here: bool| {
        let game = game.clone();
        move |m: &ServerMessage| {
            *m == ServerMessage::Presence {
                game: game.clone(),
                player: ann_seat,
                here,
            }
        }
    };
    bob_b.sync().await;

    // Ann's connection to A drops: Bob, on B, sees her gone.
    drop(ann_a);
    bob_b.expect(present(false)).await;

    // She connects again, to A: Bob sees her back.
    let _ann_again = hello(&a, &ann.token).await;
    bob_b.expect(present(true)).await;
}
