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

use std::sync::Arc;
use std::time::Duration;

use entropy_protocol::fairness::verify;
use entropy_protocol::{ClientMessage, Format, GameEvent, GameOptions, ServerMessage, Speed};
use entropy_rules::AnyMatchFile;
use entropy_server::game::LAG_ALLOWANCE_MS;
use entropy_server::{Config, ManualClock, Running};
use support::player::{Player, View, all_events, play_until, spectator};
use support::postgres::Postgres;
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
    first.settle().await;
    second.settle().await;
    game
}

/// The number of moves made by players (not forced) in a view.
fn moves(view: &View) -> usize {
    view.count(|e| matches!(e, GameEvent::Moved { forced: false, .. }))
}

/// The finished game's file from a server (`http://ADDR`), checked against its seed and the result told.
async fn download_and_verify(server: &ServerProcess, game: &str, events: &[GameEvent]) {
    let (status, text) = http("GET", server.url(&format!("/api/games/{game}")), None).await;
    assert_eq!(status, 200, "server {} gives game {game}'s file: {text}", server.name);
    verify_file(game, &text, events);
}

/// A match file checked against its seed and the game's events.
fn verify_file(game: &str, text: &str, events: &[GameEvent]) {
    let file = AnyMatchFile::parse(text).unwrap_or_else(|e| panic!("game {game}'s file does not read: {e}\n{text}"));
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

/// Sends again a move sent before a server died, as a client does, and
/// checks it is in the game exactly once (stored before the death or not).
async fn send_again(mover: &mut Player, sent_version: u64, action: &str) {
    let game = mover.view().game.clone();
    let stored = mover.own_move_after(sent_version).is_some();
    mover
        .send(&ClientMessage::Play {
            game,
            version: sent_version,
            action: action.to_string(),
        })
        .await;
    mover.send(&ClientMessage::Ping).await;
    mover.expect(|m| matches!(m, ServerMessage::Pong)).await;
    mover.settle().await;
    let seat = mover.seat();
    let played = mover.view().events[sent_version as usize..]
        .iter()
        .filter(|e| matches!(e, GameEvent::Moved { player, action: a, forced: false, .. } if *player == seat && a == action))
        .count();
    assert_eq!(
        played, 1,
        "the move sent before the server died (stored before: {stored}) is played once"
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
    send_again(mover, sent_version, &action).await;
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
    // Alice posts a seek, and the server is killed with it open: it goes
    // with her connection, and the lobby after the restart does not list it.
    let open = alice.seek(live(600)).await;
    server.kill();
    server = ServerProcess::start("sqlite", &database, logs.path()).await;
    assert_eq!(
        all_events(&server.ws_url(), &game).await,
        first,
        "the first game is kept whole"
    );
    let mut looker = spectator(&server.ws_url(), &game).await;
    looker.send(&ClientMessage::WatchLobby).await;
    match looker.expect(|m| matches!(m, ServerMessage::Lobby { .. })).await {
        ServerMessage::Lobby { seeks, .. } => assert!(
            seeks.iter().all(|s| s.id != open),
            "a seek of a connection the kill cut is still listed: {seeks:?}"
        ),
        _ => unreachable!(),
    }
    download_and_verify(&server, &game, &first).await;
    download_and_verify(&server, &second, &second_events).await;

    // The logs of all four runs (at the debug level) hold no password and no token.
    let mut logged = String::new();
    for entry in std::fs::read_dir(logs.path()).unwrap() {
        logged += &std::fs::read_to_string(entry.unwrap().path()).unwrap();
    }
    assert!(logged.contains("alice"), "the logs are the server's: {logged}");
    for (what, secret) in [
        ("Alice's password", "password-of-alice".to_string()),
        ("Bob's password", "password-of-bob".to_string()),
        ("Alice's token", alice.token.clone()),
        ("Bob's token", bob.token.clone()),
    ] {
        assert!(!logged.contains(&secret), "{what} is in the server's log");
    }
}

/// Two processes on one PostgreSQL: Alice on the first, Bob on the second.
/// One lobby (a seek posted on the first is listed by the second and taken
/// there), a whole match played across them (each move reaches the other
/// process through NOTIFY). Then a second game, in which the first process
/// is killed with SIGKILL right after Alice sent a move: its connections
/// to PostgreSQL are cut mid-work, the second process goes on, Alice comes
/// back to it (her move played once) and they finish; a spectator of the
/// second game on the first process, counted for Bob on the second, is
/// forgotten once the first's heartbeat is stale; both files download
/// from the survivor and from a third process started after the kill, and verify.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_on_one_postgresql_play_across_and_one_killed_leaves_the_other_going() {
    let pg = start_postgres();
    let logs = tempfile::tempdir().unwrap();
    let database = Database::Url(pg.url());
    let mut one = ServerProcess::start("one", &database, logs.path()).await;
    let two = ServerProcess::start("two", &database, logs.path()).await;
    let mut alice = Player::register(&one.url(""), "alice").await;
    let mut bob = Player::register(&two.url(""), "bob").await;
    alice.connect(&one.ws_url()).await;
    bob.connect(&two.ws_url()).await;

    // One lobby.
    bob.send(&ClientMessage::WatchLobby).await;
    bob.expect(|m| matches!(m, ServerMessage::Lobby { .. })).await;
    let seek = alice.seek(live(1800)).await;
    bob.expect(|m| matches!(m, ServerMessage::Lobby { seeks, .. } if seeks.iter().any(|s| s.id == seek)))
        .await;
    bob.send(&ClientMessage::Accept { seek: seek.clone() }).await;
    let first = bob.started().await;
    assert_eq!(
        alice.started().await,
        first,
        "Alice, on the other process, is told of the game"
    );
    bob.expect(|m| {
        matches!(m, ServerMessage::Lobby { seeks, games, .. }
            if seeks.iter().all(|s| s.id != seek) && games.iter().any(|g| g.id == first))
    })
    .await;
    alice.watch_new(&first).await;
    bob.watch_new(&first).await;

    // A whole match across the processes.
    play_until(&mut [&mut alice, &mut bob], |_| false).await;
    assert!(alice.view().is_over() && bob.view().is_over());
    assert_eq!(alice.view().events, bob.view().events, "both processes tell one game");
    let first_events = bob.view().events.clone();
    assert_eq!(all_events(&one.ws_url(), &first).await, first_events);

    // A second game; the first process dies mid-match with a move of Alice's in flight.
    let second = new_game(&mut bob, &mut alice, live(1800)).await;
    // A spectator on the first process is counted for Bob on the second.
    let looker = spectator(&one.ws_url(), &second).await;
    bob.expect(|m| *m == spectators(&second, 1)).await;
    let seat = alice.seat();
    play_until(&mut [&mut alice, &mut bob], |v| moves(v) >= 9 && v.owed() == Some(seat)).await;
    let (sent_version, action) = alice.send_move().await;
    one.kill();
    alice.expect_cut().await;
    // The second process goes on: it answers, and Alice finds her game there.
    bob.send(&ClientMessage::Ping).await;
    bob.expect(|m| matches!(m, ServerMessage::Pong)).await;
    come_back(&mut alice, &two.ws_url()).await;
    send_again(&mut alice, sent_version, &action).await;
    bob.reach(alice.view().version()).await;
    bob.settle().await;
    assert_eq!(alice.view().events, bob.view().events, "both players see one game");
    play_until(&mut [&mut alice, &mut bob], |_| false).await;
    assert!(alice.view().is_over() && bob.view().is_over());
    assert_eq!(alice.view().events, bob.view().events);
    let second_events = bob.view().events.clone();
    assert_eq!(all_events(&two.ws_url(), &second).await, second_events);
    // The spectator went with the first process, which never said so: once
    // its heartbeat is stale, its spectator is forgotten and Bob is told.
    while !counted_down(&bob.seen, &second) {
        bob.next().await;
    }
    drop(looker);

    download_and_verify(&two, &first, &first_events).await;
    download_and_verify(&two, &second, &second_events).await;
    // PostgreSQL let go of the dead process's connections: a new process starts and serves.
    let three = ServerProcess::start("three", &database, logs.path()).await;
    download_and_verify(&three, &second, &second_events).await;
    drop((two, three));
    drop(pg);
}

fn spectators(game: &str, count: u32) -> ServerMessage {
    ServerMessage::Spectators {
        game: game.to_string(),
        count,
    }
}

/// Whether `seen` tells that `game` had a spectator, and later none.
fn counted_down(seen: &[ServerMessage], game: &str) -> bool {
    let one = seen.iter().position(|m| *m == spectators(game, 1));
    one.is_some_and(|one| seen[one..].contains(&spectators(game, 0)))
}

/// A PostgreSQL of the test's own; without PostgreSQL installed, a failure
/// that says which package to install (never a test skipped).
fn start_postgres() -> Postgres {
    assert!(
        support::postgres::programs().is_some(),
        "PostgreSQL is not installed (no /usr/lib/postgresql/<version>/bin/initdb): install the Debian package \
         `postgresql` (apt-get install postgresql), as scripts/setup.sh does for ./run-tests and .ci/run"
    );
    Postgres::start()
}

/// A server in this process on `url` and `clock`.
async fn in_process(url: &str, clock: Arc<ManualClock>) -> Running {
    let config = Config::new("127.0.0.1:0".parse().unwrap(), url);
    entropy_server::start(config, clock)
        .await
        .unwrap_or_else(|e| panic!("a server on PostgreSQL did not start: {e}"))
}

/// 2026-03-01 12:00 UTC, where the manual clock starts.
const START: i64 = 1_772_366_400_000;

/// A live game on the shortest clock between players of two servers on one
/// PostgreSQL, both on one manual clock. The player to move stays away;
/// the clock is moved past their deadline, so both servers' sweepers find
/// the game due at once: the flag falls once (one FlagFell stored, and
/// told to the players and spectators of both servers), the rules play the
/// absent player's moves, and the game ends.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flag_due_on_two_servers_falls_once_and_the_rules_play_on() {
    let pg = start_postgres();
    let clock = Arc::new(ManualClock::new(START));
    let one = in_process(&pg.url(), clock.clone()).await;
    let two = in_process(&pg.url(), clock.clone()).await;
    let http_of = |r: &Running| format!("http://{}", r.local_addr());
    let ws_of = |r: &Running| format!("ws://{}/ws", r.local_addr());
    let mut alice = Player::register(&http_of(&one), "alice").await;
    let mut bob = Player::register(&http_of(&two), "bob").await;
    alice.connect(&ws_of(&one)).await;
    bob.connect(&ws_of(&two)).await;
    let game = new_game(&mut alice, &mut bob, live(GameOptions::MIN_SECONDS)).await;
    play_until(&mut [&mut alice, &mut bob], |v| moves(v) >= 4).await;

    let away = alice.view().owed().expect("a move is owed");
    let (absent, here) = if alice.seat() == away {
        (&mut alice, &mut bob)
    } else {
        (&mut bob, &mut alice)
    };
    absent.disconnect();
    let mut watchers = [
        spectator(&ws_of(&one), &game).await,
        spectator(&ws_of(&two), &game).await,
    ];
    for watcher in &mut watchers {
        watcher.reach(here.view().version()).await;
    }
    let before = here.view().version();
    assert_eq!(
        here.view().count(|e| matches!(e, GameEvent::FlagFell { .. })),
        0,
        "no flag has fallen yet"
    );

    // Past the absent player's deadline on both servers at once.
    let seconds = u64::from(GameOptions::MIN_SECONDS);
    clock.advance(Duration::from_millis(seconds * 1000 + LAG_ALLOWANCE_MS as u64 + 1));
    let flag = |m: &ServerMessage| {
        matches!(
            m,
            ServerMessage::Event {
                event: GameEvent::FlagFell { .. },
                ..
            }
        )
    };
    for watcher in &mut watchers {
        watcher.expect(flag).await;
    }
    here.expect(flag).await;
    play_until(&mut [here], |_| false).await;
    for watcher in &mut watchers {
        while !watcher.view().is_over() {
            watcher.next().await;
        }
    }

    let events = here.view().events.clone();
    for (i, watcher) in watchers.iter().enumerate() {
        assert_eq!(
            watcher.view().events,
            events,
            "the spectator of server {} saw the game as played",
            i + 1
        );
    }
    let after = &events[before as usize..];
    let flags: Vec<_> = after
        .iter()
        .filter(|e| matches!(e, GameEvent::FlagFell { .. }))
        .collect();
    assert_eq!(
        flags,
        [&GameEvent::FlagFell { player: away }],
        "one flag fell, the absent player's"
    );
    let forced = after
        .iter()
        .filter(|e| matches!(e, GameEvent::Moved { forced: true, .. }))
        .count();
    assert!(forced > 0, "the rules played the absent player's moves: {after:?}");
    assert!(
        after.iter().all(|e| match e {
            GameEvent::Moved { player, forced, .. } => (*player == away) == *forced,
            _ => true,
        }),
        "every move of the absent player after the flag is forced, and only theirs: {after:?}"
    );
    assert!(
        matches!(events.last(), Some(GameEvent::Ended { .. })),
        "the game ended: {after:?}"
    );
    // As stored: each server tells a newcomer the same events.
    assert_eq!(all_events(&ws_of(&one), &game).await, events);
    assert_eq!(all_events(&ws_of(&two), &game).await, events);
    drop(watchers);
    one.shutdown().await;
    two.shutdown().await;
}
