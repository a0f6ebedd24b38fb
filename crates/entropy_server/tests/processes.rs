//! The server as processes: the real binary killed with SIGKILL mid-match
//! and started again on its SQLite file; two processes on one PostgreSQL,
//! whose players meet in one lobby and play across them, one of them
//! killed mid-match; and a flag that falls once when two servers on one
//! PostgreSQL both see its deadline pass (two servers in this process on
//! one `ManualClock`, so no test waits for a real minute).
//!
//! PostgreSQL must be installed (Debian's `postgresql` package; the test
//! command's scripts/setup.sh installs it): without it the PostgreSQL tests
//! fail, saying so.

mod support;

use entropy_protocol::fairness::verify;
use entropy_protocol::{ClientMessage, Format, GameEvent, GameOptions, ServerMessage, Speed};
use entropy_rules::AnyMatchFile;
use support::player::{Player, View, all_events, play_until};
use support::process::{Database, ServerProcess};
use support::{http, wall_ms};

/// How long the server stays dead after the first kill.
const OUTAGE: std::time::Duration = std::time::Duration::from_millis(1500);

/// A 5×5 two-round match on a live clock.
fn live(seconds: u32) -> GameOptions {
    GameOptions {
        size: 5,
        format: Format::Match,
        speed: Speed::Live { seconds },
        rated: false,
    }
}

/// `first` seeks, `second` accepts; both follow the game from version 0. Its id.
async fn new_game(first: &mut Player, second: &mut Player, options: GameOptions) -> String {
    let seek = first.seek(options).await;
    second.send(&ClientMessage::Accept { seek }).await;
    let game = second.started().await;
    assert_eq!(first.started().await, game, "both players are told of one game");
    first.watch_new(&game).await;
    second.watch_new(&game).await;
    game
}

/// The number of moves made by players (not forced) in a view.
fn moves(view: &View) -> usize {
    view.count(|e| matches!(e, GameEvent::Moved { forced: false, .. }))
}

/// The finished game's file from a server, checked against its seed and the result told.
async fn download_and_verify(server: &ServerProcess, game: &str, events: &[GameEvent]) {
    let (status, text) = http("GET", server.url(&format!("/api/games/{game}")), None).await;
    assert_eq!(status, 200, "server {} gives game {game}'s file: {text}", server.name);
    let file = AnyMatchFile::parse(&text).unwrap_or_else(|e| panic!("game {game}'s file does not read: {e}\n{text}"));
    let hash = verify(&file).unwrap_or_else(|e| panic!("game {game}'s file does not verify: {e}\n{text}"));
    let Some(GameEvent::Started { seed_hash, .. }) = events.first() else {
        panic!("game {game} began with {:?}", events.first());
    };
    assert_eq!(hash, *seed_hash, "the file's seed is the one game {game} published");
    let result = events.iter().find_map(|e| match e {
        GameEvent::Ended { result, .. } => Some(result),
        _ => None,
    });
    let result = result.unwrap_or_else(|| panic!("game {game} has no end"));
    assert!(
        text.contains(&format!("[Result \"{result}\"]")),
        "game {game}'s file says the result {result}:\n{text}"
    );
}

/// After a restart: `player` connects to `ws_url`, watches its game since
/// the last version it saw, reads the answer (the events missed, then
/// where the players are) and settles.
async fn come_back(player: &mut Player, ws_url: &str) {
    player.connect(ws_url).await;
    player.watch_again().await;
    player
        .expect(|m| matches!(m, ServerMessage::Presence { player: 1, .. }))
        .await;
    player.settle().await;
}

/// Reads until the game followed is over.
async fn wait_over(player: &mut Player) {
    while !player.view().is_over() {
        player.next().await;
    }
}

/// SQLite: the server is killed with SIGKILL right after a move was
/// acknowledged, and again right after a move was sent, before its answer;
/// each time it is started again on the same data, the players come back
/// (Hello with their token, Watch since the last version seen) and get
/// exactly what they missed, every acknowledged move is there, the player
/// to move is given back the time the server was down, and the game goes
/// on to its end. Finished games are still there after another kill.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_killed_mid_match_comes_back_with_every_move_and_the_time_it_was_down() {
    let data = tempfile::tempdir().unwrap();
    let logs = tempfile::tempdir().unwrap();
    let database = Database::Data(data.path().to_path_buf());
    let mut server = ServerProcess::start("sqlite", &database, logs.path()).await;
    let mut alice = Player::register(&server.url(""), "alice").await;
    let mut bob = Player::register(&server.url(""), "bob").await;
    alice.connect(&server.ws_url()).await;
    bob.connect(&server.ws_url()).await;
    let game = new_game(&mut alice, &mut bob, live(1800)).await;

    // 1. Killed right after a move was acknowledged.
    let acked = play_until(&mut [&mut alice, &mut bob], |v| moves(v) >= 7)
        .await
        .expect("moves were made");
    let (_, before) = alice.view().clocks.expect("a live game's events carry the clocks");
    let running = before.running.expect("a clock runs") as usize;
    let seen_before = alice.view().events.clone();
    let dead_at = server.kill();
    alice.expect_cut().await;
    bob.expect_cut().await;
    // The outage itself, which the clock must not charge: long enough to
    // tell from the moments the server is up around it (no wait for anything).
    tokio::time::sleep(OUTAGE).await;
    let spawned_at = wall_ms();
    server = ServerProcess::start("sqlite", &database, logs.path()).await;
    come_back(&mut alice, &server.ws_url()).await;
    let watched_at = wall_ms();
    come_back(&mut bob, &server.ws_url()).await;
    let missed = &alice.view().events[seen_before.len()..];
    let [GameEvent::Resumed { ms }] = missed else {
        panic!(
            "after a restart the player to move gets the time the server was down back (a Resumed event), \
             and nothing else happened; missed: {missed:?}\nserver log:\n{}",
            server.log()
        );
    };
    // The server was down at least from its death to the new process's start.
    assert!(
        *ms as i64 >= spawned_at - dead_at,
        "Resumed gives back {ms} ms; the server was down at least {} ms",
        spawned_at - dead_at
    );
    let (_, after) = alice
        .view()
        .clocks
        .expect("the last event sent again carries the clocks");
    assert_eq!(after.running, before.running, "the same clock runs");
    assert_eq!(
        after.left_ms[1 - running],
        before.left_ms[1 - running],
        "the clock that did not run is untouched"
    );
    // The running clock is charged at most the time the server was up: from
    // the move's sending to its death, and from the new start to the reading.
    let charged = (dead_at - acked.sent_at) + (watched_at - spawned_at);
    assert!(
        after.left_ms[running] as i64 >= before.left_ms[running] as i64 - charged,
        "player {running}'s clock read {} ms before the kill and {} ms after, more than the {charged} ms \
         the server was up in between: the downtime was charged",
        before.left_ms[running],
        after.left_ms[running]
    );
    assert_eq!(bob.view().events, alice.view().events, "both players see one game");
    eprintln!(
        "down {} ms, given back {ms} ms; clock {} -> {} ms, at most {charged} ms charged",
        spawned_at - dead_at,
        before.left_ms[running],
        after.left_ms[running]
    );

    // 2. Killed right after a move was sent, before its answer: the move is
    // either stored or not; sent again, it is played once.
    play_until(&mut [&mut alice, &mut bob], |v| moves(v) >= 20).await;
    let mover_is_alice = alice.view().owed() == Some(alice.seat());
    let (mover, other) = if mover_is_alice {
        (&mut alice, &mut bob)
    } else {
        (&mut bob, &mut alice)
    };
    let (sent_version, action) = mover.send_move().await;
    server.kill();
    mover.expect_cut().await;
    other.expect_cut().await;
    server = ServerProcess::start("sqlite", &database, logs.path()).await;
    let seen = mover.view().version();
    come_back(mover, &server.ws_url()).await;
    let missed = &mover.view().events[seen as usize..];
    assert!(
        missed.iter().any(|e| matches!(e, GameEvent::Resumed { .. })),
        "a restart gives back the time it was down; missed: {missed:?}"
    );
    let stored = mover.own_move_after(sent_version).is_some();
    // Sent again as the client would: played if it was lost, nothing if it was stored.
    mover
        .send(&ClientMessage::Play {
            game: game.clone(),
            version: sent_version,
            action: action.clone(),
        })
        .await;
    mover.send(&ClientMessage::Ping).await;
    mover.expect(|m| matches!(m, ServerMessage::Pong)).await;
    mover.settle().await;
    let own = |e: &GameEvent, seat: u8| matches!(e, GameEvent::Moved { player, action: a, forced: false, .. } if *player == seat && *a == action);
    let seat = mover.seat();
    let played = mover.view().events[sent_version as usize..]
        .iter()
        .filter(|e| own(e, seat))
        .count();
    assert_eq!(
        played, 1,
        "the move sent before the kill (stored before it: {stored}) is played once"
    );
    come_back(other, &server.ws_url()).await;
    other.reach(mover.view().version()).await;
    assert_eq!(other.view().events, mover.view().events, "both players see one game");

    // The game goes on to its end.
    play_until(&mut [&mut alice, &mut bob], |_| false).await;
    assert!(alice.view().is_over() && bob.view().is_over());
    assert_eq!(alice.view().events, bob.view().events);
    let first = alice.view().events.clone();

    // A second game, resigned; then another kill: both files are still there.
    let second = new_game(&mut bob, &mut alice, live(1800)).await;
    play_until(&mut [&mut alice, &mut bob], |v| moves(v) >= 3).await;
    alice.send(&ClientMessage::Resign { game: second.clone() }).await;
    wait_over(&mut alice).await;
    wait_over(&mut bob).await;
    let second_events = bob.view().events.clone();
    assert!(
        matches!(second_events.last(), Some(GameEvent::Ended { .. })),
        "{second_events:?}"
    );
    server.kill();
    server = ServerProcess::start("sqlite", &database, logs.path()).await;
    assert_eq!(
        all_events(&server.ws_url(), &game).await,
        first,
        "the first game is kept whole"
    );
    download_and_verify(&server, &game, &first).await;
    download_and_verify(&server, &second, &second_events).await;
}
