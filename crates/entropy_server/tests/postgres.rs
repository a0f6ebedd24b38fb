//! Two server processes on one PostgreSQL database (two servers in this
//! process, each with its own connections, sharing only the database): one
//! lobby, and a game played across them, every move reaching the other
//! server's players and spectators through NOTIFY; a player gone and back
//! seen from the other server; spectators on one server counted for the
//! players on another, and by a server started later.

mod common;
#[path = "support/postgres.rs"]
mod postgres;

use std::sync::Arc;
use std::time::Duration;

use common::play::{Follow, Next};
use common::{Client, START};
use entropy_protocol::{ClientMessage, Format, GameOptions, PROTOCOL_VERSION, ServerMessage, SignedIn, Speed};
use entropy_server::{Config, ManualClock, Running};

struct Node {
    running: Running,
    addr: std::net::SocketAddr,
}

async fn node(url: &str, clock: Arc<ManualClock>) -> Node {
    let config = Config::new("127.0.0.1:0".parse().unwrap(), url);
    let running = entropy_server::start(config, clock)
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    let addr = running.local_addr();
    Node { running, addr }
}

async fn register(node: &Node, name: &str) -> SignedIn {
    let url = format!("http://{}/api/register", node.addr);
    let body = common::credentials(name, &format!("password-of-{name}"));
    tokio::task::spawn_blocking(move || {
        let mut response = ureq::post(&url).content_type("application/json").send(body).unwrap();
        serde_json::from_str(&response.body_mut().read_to_string().unwrap()).unwrap()
    })
    .await
    .unwrap()
}

async fn hello(node: &Node, token: Option<&str>) -> Client {
    let mut client = Client::connect(&format!("ws://{}/ws", node.addr)).await;
    client
        .send(&ClientMessage::Hello {
            protocol: PROTOCOL_VERSION,
            token: token.map(str::to_string),
        })
        .await;
    client.expect(|m| matches!(m, ServerMessage::Welcome { .. })).await;
    client
}

/// Reads until a client has seen `game` up to `version`.
async fn see(client: &mut Client, game: &str, version: u64) -> Follow {
    loop {
        let mut follow = Follow::default();
        for m in &client.seen {
            follow.take(m, game);
        }
        if follow.version() >= version {
            return follow;
        }
        client.next().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_servers_on_one_postgresql_share_the_lobby_and_the_games() {
    let pg = postgres::Postgres::start();
    let clock = Arc::new(ManualClock::new(START));
    let a = node(&pg.url(), clock.clone()).await;
    let b = node(&pg.url(), clock.clone()).await;
    let ann = register(&a, "Ann").await;
    let bob = register(&b, "Bob").await;
    let mut ann_a = hello(&a, Some(&ann.token)).await;
    let mut bob_b = hello(&b, Some(&bob.token)).await;
    let mut watcher_b = hello(&b, None).await;
    bob_b.send(&ClientMessage::WatchLobby).await;
    bob_b.expect(|m| matches!(m, ServerMessage::Lobby { .. })).await;

    // Ann's seek on A is in B's lobby.
    let options = GameOptions {
        size: 5,
        format: Format::Match,
        speed: Speed::Live { seconds: 600 },
        rated: true,
    };
    ann_a.send(&ClientMessage::Seek { options }).await;
    let lobby = bob_b
        .expect(|m| matches!(m, ServerMessage::Lobby { seeks, .. } if !seeks.is_empty()))
        .await;
    let ServerMessage::Lobby { seeks, .. } = lobby else {
        unreachable!()
    };
    assert_eq!(seeks[0].by.name, "Ann");
    // Bob accepts on B: Ann, on A, is told the game started.
    bob_b
        .send(&ClientMessage::Accept {
            seek: seeks[0].id.clone(),
        })
        .await;
    let ServerMessage::GameStarted { game } = bob_b.expect(|m| matches!(m, ServerMessage::GameStarted { .. })).await
    else {
        unreachable!()
    };
    let told = ann_a.expect(|m| matches!(m, ServerMessage::GameStarted { .. })).await;
    assert_eq!(told, ServerMessage::GameStarted { game: game.clone() });

    for client in [&mut ann_a, &mut bob_b, &mut watcher_b] {
        client
            .send(&ClientMessage::Watch {
                game: game.clone(),
                since: 0,
            })
            .await;
    }
    // Twenty moves, each made on one server and seen on the other.
    let mut clients = [ann_a, bob_b];
    let mut version = 2;
    for _ in 0..20 {
        let follow = loop {
            let follow = see(&mut clients[0], &game, version).await;
            if !matches!(follow.next(), Next::Wait) {
                break follow;
            }
            version += 1;
        };
        let Next::Move {
            player,
            action,
            version: at,
        } = follow.next()
        else {
            panic!("{:?}", follow.next())
        };
        clients[player as usize]
            .send(&ClientMessage::Play {
                game: game.clone(),
                version: at,
                action,
            })
            .await;
        clock.advance(Duration::from_millis(800));
        version = at + 1;
        let on_a = see(&mut clients[0], &game, version).await;
        let on_b = see(&mut clients[1], &game, version).await;
        assert_eq!(on_a.events[..version as usize], on_b.events[..version as usize]);
    }
    let on_a = see(&mut clients[0], &game, version).await;
    let watched = see(&mut watcher_b, &game, version).await;
    assert_eq!(
        watched.events[..version as usize],
        on_a.events[..version as usize],
        "B's spectator saw A's moves"
    );

    // A move sent to both servers at once is played once.
    let follow = see(&mut clients[0], &game, version).await;
    if let Next::Move {
        player,
        action,
        version: at,
    } = follow.next()
    {
        let play = ClientMessage::Play {
            game: game.clone(),
            version: at,
            action,
        };
        let mut again = hello(
            if player == 0 { &b } else { &a },
            Some(if player == 0 { &ann.token } else { &bob.token }),
        )
        .await;
        clients[player as usize].send(&play).await;
        again.send(&play).await;
        clock.advance(Duration::from_millis(800));
        let seen = see(&mut clients[0], &game, at + 1).await;
        again.sync().await;
        let after = see(&mut clients[0], &game, seen.version()).await;
        assert_eq!(after.events.iter().filter(|(v, _)| *v == at + 1).count(), 1);
    }
    b.running.shutdown().await;
    a.running.shutdown().await;
}

/// The opponent sees that the other is gone, and back, when the two are
/// connected to different servers.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_gone_and_back_is_seen_from_another_process() {
    let pg = postgres::Postgres::start();
    let clock = Arc::new(ManualClock::new(START));
    let a = node(&pg.url(), clock.clone()).await;
    let b = node(&pg.url(), clock.clone()).await;
    let ann = register(&a, "Ann").await;
    let bob = register(&b, "Bob").await;
    let mut ann_a = hello(&a, Some(&ann.token)).await;
    let mut bob_b = hello(&b, Some(&bob.token)).await;

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
    let _ann_again = hello(&a, Some(&ann.token)).await;
    bob_b.expect(present(true)).await;
}

/// Waits for `client` to be told that `game` has `count` spectators.
async fn told(client: &mut Client, game: &str, count: u32) {
    let wanted = ServerMessage::Spectators {
        game: game.to_string(),
        count,
    };
    client.expect(|m| *m == wanted).await;
}

/// A spectator on one server is counted for the players on another (and
/// in that server's lobby), a server started later learns the others'
/// counts, and a spectator gone is no longer counted anywhere.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spectator_on_one_process_is_counted_for_the_players_on_another() {
    let pg = postgres::Postgres::start();
    let clock = Arc::new(ManualClock::new(START));
    let a = node(&pg.url(), clock.clone()).await;
    let b = node(&pg.url(), clock.clone()).await;
    let ann = register(&a, "Ann").await;
    let bob = register(&a, "Bob").await;
    let mut ann_a = hello(&a, Some(&ann.token)).await;
    let mut bob_a = hello(&a, Some(&bob.token)).await;
    ann_a
        .send(&ClientMessage::Seek {
            options: GameOptions::default(),
        })
        .await;
    let seek = match ann_a.expect(|m| matches!(m, ServerMessage::SeekPosted { .. })).await {
        ServerMessage::SeekPosted { seek } => seek.id,
        _ => unreachable!(),
    };
    bob_a.send(&ClientMessage::Accept { seek }).await;
    let game = match bob_a.expect(|m| matches!(m, ServerMessage::GameStarted { .. })).await {
        ServerMessage::GameStarted { game } => game,
        _ => unreachable!(),
    };
    let watch = ClientMessage::Watch {
        game: game.clone(),
        since: 0,
    };
    ann_a.send(&watch).await;
    told(&mut ann_a, &game, 0).await;
    ann_a.send(&ClientMessage::WatchLobby).await;

    // A spectator on B: Ann, on A, is told; so is A's lobby.
    let mut watcher_b = hello(&b, None).await;
    watcher_b.send(&watch).await;
    told(&mut watcher_b, &game, 1).await;
    told(&mut ann_a, &game, 1).await;
    ann_a
        .expect(|m| matches!(m, ServerMessage::Lobby { games, .. } if games.iter().any(|g| g.id == game && g.spectators == 1)))
        .await;

    // A server started now learns B's count: its own spectator makes two.
    let c = node(&pg.url(), clock.clone()).await;
    let mut watcher_c = hello(&c, None).await;
    watcher_c.send(&watch).await;
    told(&mut watcher_c, &game, 2).await;
    told(&mut ann_a, &game, 2).await;
    told(&mut watcher_b, &game, 2).await;

    // Gone from B, then from C: none.
    drop(watcher_b);
    told(&mut ann_a, &game, 1).await;
    told(&mut watcher_c, &game, 1).await;
    watcher_c.send(&ClientMessage::Unwatch { game: game.clone() }).await;
    told(&mut ann_a, &game, 0).await;
    c.running.shutdown().await;
    b.running.shutdown().await;
    a.running.shutdown().await;
}
