//! Several processes on one PostgreSQL, as players see them: the lobby's
//! players online and the presence a watcher is told cover every process;
//! and a lone process killed and started again at once (before its
//! heartbeat is stale) knows the killed one is gone and gives the running
//! clock its time back.

mod support;

use entropy_protocol::{ClientMessage, Format, GameEvent, GameOptions, ServerMessage, Speed};
use support::player::{Next, Player, play_until, spectator};
use support::postgres::Postgres;
use support::process::{Database, ServerProcess};

fn live(seconds: u32) -> GameOptions {
    GameOptions {
        size: 5,
        format: Format::Match,
        speed: Speed::Live { seconds },
        rated: false,
    }
}

fn postgres() -> Postgres {
    assert!(
        support::postgres::programs().is_some(),
        "PostgreSQL is not installed: install the Debian package `postgresql`, as scripts/setup.sh does"
    );
    Postgres::start()
}

/// `first` seeks, `second` accepts; both follow the game. Its id.
async fn new_game(first: &mut Player, second: &mut Player, options: GameOptions) -> String {
    let seek = first.seek(options).await;
    second.send(&ClientMessage::Accept { seek }).await;
    let game = second.started().await;
    assert_eq!(first.started().await, game);
    first.watch_new(&game).await;
    second.watch_new(&game).await;
    first.settle().await;
    second.settle().await;
    game
}

/// The names a lobby lists online.
fn online(lobby: &ServerMessage) -> Vec<String> {
    match lobby {
        ServerMessage::Lobby { online, .. } => online.iter().map(|p| p.name.clone()).collect(),
        _ => Vec::new(),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_players_online_and_their_presence_cover_every_process() {
    let pg = postgres();
    let logs = tempfile::tempdir().unwrap();
    let database = Database::Url(pg.url());
    let one = ServerProcess::start("one", &database, logs.path()).await;
    let two = ServerProcess::start("two", &database, logs.path()).await;
    let mut alice = Player::register(&one.url(""), "alice").await;
    let mut bob = Player::register(&two.url(""), "bob").await;
    let mut carl = Player::register(&one.url(""), "carl").await;
    alice.connect(&one.ws_url()).await;
    bob.connect(&two.ws_url()).await;
    carl.connect(&one.ws_url()).await;
    carl.send(&ClientMessage::WatchLobby).await;
    carl.expect(|m| {
        let names = online(m);
        ["alice", "bob", "carl"].iter().all(|n| names.iter().any(|o| o == n))
    })
    .await;

    let game = new_game(&mut alice, &mut bob, live(1800)).await;
    // A spectator on the first process is told Bob, on the second, is here.
    let mut looker = spectator(&one.ws_url(), &game).await;
    looker.settle().await;
    let bob_seat = looker.view().seat_of("bob").expect("bob plays");
    looker
        .expect(|m| matches!(m, ServerMessage::Presence { player, here: true, .. } if *player == bob_seat))
        .await;

    // Bob leaves the second process: gone from the first's lobby, and told gone.
    bob.disconnect();
    carl.expect(|m| matches!(m, ServerMessage::Lobby { .. }) && !online(m).iter().any(|n| n == "bob"))
        .await;
    looker
        .expect(|m| matches!(m, ServerMessage::Presence { player, here: false, .. } if *player == bob_seat))
        .await;
    let _ = Next::Closed(String::new());
    drop((one, two, pg));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lone_process_killed_and_started_again_at_once_gives_the_time_back() {
    let pg = postgres();
    let logs = tempfile::tempdir().unwrap();
    let database = Database::Url(pg.url());
    let mut server = ServerProcess::start("lone", &database, logs.path()).await;
    let mut alice = Player::register(&server.url(""), "alice").await;
    let mut bob = Player::register(&server.url(""), "bob").await;
    alice.connect(&server.ws_url()).await;
    bob.connect(&server.ws_url()).await;
    new_game(&mut alice, &mut bob, live(1800)).await;
    play_until(&mut [&mut alice, &mut bob], |v| v.version() >= 8).await;
    let seen = alice.view().version() as usize;
    server.kill();
    alice.expect_cut().await;
    bob.expect_cut().await;
    // Started again at once: the killed process's heartbeat is still fresh.
    let server = ServerProcess::start("lone-again", &database, logs.path()).await;
    alice.connect(&server.ws_url()).await;
    alice.watch_again().await;
    alice.expect(|m| matches!(m, ServerMessage::Presence { .. })).await;
    alice.settle().await;
    let missed = &alice.view().events[seen..];
    assert!(
        matches!(missed, [GameEvent::Resumed { .. }]),
        "a lone process started again gives the running clock the time it was down; missed: {missed:?}\n{}",
        server.log()
    );
    drop(pg);
}
