//! The database on a disk that fills up mid-game (a small tmpfs the test
//! mounts, and a file written until the disk is full), on SQLite and on
//! PostgreSQL: a move the server cannot store is refused, saying so, and
//! nothing is acknowledged that is not stored; once there is room again the
//! server goes on by itself, and after a SIGKILL and a restart every event
//! the players were sent and every account made is there. And a database
//! on a read-only disk is refused at start, saying it cannot be written.
//!
//! Mounting needs root (the tests run as root here, as in CI); without it
//! these tests say they are skipped.

mod support;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;

use entropy_protocol::{ClientMessage, Credentials, Format, GameOptions, Speed, encode};
use entropy_server::db::DISK_FULL;
use entropy_server::{Config, ManualClock};
use sqlx::{Connection, Row};
use support::http;
use support::player::{Player, all_events};
use support::postgres::Postgres;
use support::process::{Database, ServerProcess};

/// A tmpfs of the test's own, unmounted when dropped.
struct Disk(PathBuf);

impl Disk {
    fn mount(at: &Path, size: &str) -> Option<Disk> {
        std::fs::create_dir_all(at).unwrap();
        let mounted = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(at)
            .stderr(std::process::Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        mounted.then(|| Disk(at.to_path_buf()))
    }

    fn remount(&self, options: &str) {
        let status = Command::new("mount")
            .args(["-o", &format!("remount,{options}")])
            .arg(&self.0)
            .status()
            .unwrap();
        assert!(status.success(), "remount {options}");
    }

    /// Writes a file until the disk is full; the file.
    fn fill(&self) -> PathBuf {
        use std::io::Write;
        let filler = self.0.join("filler");
        let mut file = std::fs::File::create(&filler).unwrap();
        for block in [65_536, 4096, 512, 1] {
            let bytes = vec![7u8; block];
            while file.write_all(&bytes).and_then(|()| file.flush()).is_ok() {}
        }
        filler
    }
}

impl Drop for Disk {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg("-l").arg(&self.0).status();
    }
}

fn skipped() {
    eprintln!("skipped: a tmpfs cannot be mounted here (the test needs root)");
}

/// A 5×5 match on a long live clock, casual.
fn options() -> GameOptions {
    GameOptions {
        size: 5,
        format: Format::Match,
        speed: Speed::Live { seconds: 3600 },
        rated: false,
    }
}

/// Registers `name`: whether the server said it was made (200), or the
/// reason it gave for not making it.
async fn register(server: &ServerProcess, name: &str) -> Result<(), String> {
    let body = encode(&Credentials {
        name: name.into(),
        password: format!("password-of-{name}"),
        bot: false,
    });
    let (status, text) = http("POST", server.url("/api/register"), Some(body)).await;
    match status {
        200 => Ok(()),
        _ => Err(format!("{status} {text}")),
    }
}

async fn signs_in(server: &ServerProcess, name: &str) -> bool {
    let body = encode(&Credentials {
        name: name.into(),
        password: format!("password-of-{name}"),
        bot: false,
    });
    http("POST", server.url("/api/login"), Some(body)).await.0 == 200
}

/// The version the database holds for a game, read on a connection of
/// the test's own beside the server's (a write the server left in a
/// transaction that never commits would not be seen, and would lock it).
async fn stored_version(url: &str, game: &str) -> i64 {
    sqlx::any::install_default_drivers();
    let mut conn = sqlx::AnyConnection::connect(url).await.unwrap();
    let row = sqlx::query("SELECT version FROM games WHERE id = $1")
        .bind(game)
        .fetch_one(&mut conn)
        .await
        .unwrap();
    let version = row.try_get(0).unwrap();
    let _ = conn.close().await;
    version
}

/// The game's player who owes the move.
fn mover<'a>(ann: &'a mut Player, bob: &'a mut Player) -> &'a mut Player {
    let owed = ann.view().owed().expect("a move is owed");
    if ann.seat() == owed { ann } else { bob }
}

/// Both players read until each has seen `version` (and, should the
/// count between the rounds have begun, until round 2 has).
async fn both_reach(ann: &mut Player, bob: &mut Player, version: u64) {
    ann.reach(version).await;
    bob.reach(version).await;
    ann.settle().await;
    bob.settle().await;
    if ann.view().counting() {
        ann.past_count().await;
        bob.past_count().await;
        ann.settle().await;
        bob.settle().await;
    }
}

/// The whole story on one database: `disk` holds it, `reader` reads it
/// beside the server.
async fn a_full_disk_loses_nothing_acknowledged(database: Database, disk: &Disk, reader: &str) {
    let logs = tempfile::tempdir().unwrap();
    let server = ServerProcess::start("full", &database, logs.path()).await;
    let ws = server.ws_url();
    let mut ann = Player::register(&server.url(""), "ann").await;
    let mut bob = Player::register(&server.url(""), "bob").await;
    ann.connect(&ws).await;
    bob.connect(&ws).await;
    ann.refusals_expected = true;
    bob.refusals_expected = true;
    let seek = ann.seek(options()).await;
    bob.send(&ClientMessage::Accept { seek }).await;
    let game = bob.started().await;
    assert_eq!(ann.started().await, game);
    ann.watch_new(&game).await;
    bob.watch_new(&game).await;
    both_reach(&mut ann, &mut bob, 2).await;
    for _ in 0..4 {
        let acked = mover(&mut ann, &mut bob).try_play().await.expect("room on the disk");
        both_reach(&mut ann, &mut bob, acked.version).await;
    }

    // Full: moves are refused, saying why, until one is; nothing else is
    // acknowledged that will not be found after the restart.
    let filler = disk.fill();
    let mut tries = 0;
    loop {
        tries += 1;
        assert!(tries < 150, "the full disk never refused a move");
        assert!(
            !ann.view().is_over(),
            "the game ended before the full disk refused a move"
        );
        match mover(&mut ann, &mut bob).try_play().await {
            Ok(acked) => both_reach(&mut ann, &mut bob, acked.version).await,
            Err(reason) => {
                assert_eq!(reason, DISK_FULL, "the refusal says the disk is full");
                break;
            }
        }
    }
    // Still full: whatever is tried now is refused or stored, never
    // acknowledged and lost.
    for _ in 0..5 {
        match mover(&mut ann, &mut bob).try_play().await {
            Ok(acked) => both_reach(&mut ann, &mut bob, acked.version).await,
            Err(reason) => assert_eq!(reason, DISK_FULL),
        }
    }
    let carl = register(&server, "carl").await;
    if let Err(why) = &carl {
        assert!(why.starts_with("503") && why.contains("disk is full"), "{why}");
    }
    let stored = stored_version(reader, &game).await;
    assert_eq!(
        stored,
        ann.view().version() as i64,
        "the database holds exactly what was acknowledged"
    );

    // Room again: the server goes on by itself, every move at its first try.
    // The filler goes and the disk grows past what the rest of the match
    // can write: removing the filler alone frees only what was left when
    // it was written, which SQLite's log (started again from its beginning
    // only past 4 MiB, or when a checkpoint catches up with the moves)
    // may outgrow before the match ends, and the server would then rightly
    // refuse again.
    std::fs::remove_file(&filler).unwrap();
    disk.remount("size=256m");
    while !ann.view().is_over() {
        let acked = mover(&mut ann, &mut bob)
            .try_play()
            .await
            .unwrap_or_else(|why| panic!("a move refused once there was room: {why}"));
        both_reach(&mut ann, &mut bob, acked.version).await;
    }
    register(&server, "dave")
        .await
        .expect("an account made once there is room");
    assert_eq!(stored_version(reader, &game).await, ann.view().version() as i64);

    // Killed and started again: everything acknowledged is there.
    let mut server = server;
    server.kill();
    let again = ServerProcess::start("full-again", &database, logs.path()).await;
    let events = all_events(&again.ws_url(), &game).await;
    assert_eq!(events, ann.view().events, "every event the players were sent is stored");
    assert_eq!(events, bob.view().events);
    assert_eq!(
        signs_in(&again, "carl").await,
        carl.is_ok(),
        "carl exists if and only if acknowledged"
    );
    assert!(signs_in(&again, "dave").await);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_on_a_full_disk_refuses_what_it_cannot_store_and_goes_on_when_there_is_room() {
    let scratch = tempfile::tempdir().unwrap();
    let Some(disk) = Disk::mount(&scratch.path().join("disk"), "1m") else {
        return skipped();
    };
    let data = disk.0.join("data");
    let reader = entropy_server::db::sqlite_url(&data.join("server.db"));
    a_full_disk_loses_nothing_acknowledged(Database::Data(data), &disk, &reader).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgresql_on_a_full_disk_refuses_what_it_cannot_store_and_goes_on_when_there_is_room() {
    let scratch = tempfile::tempdir().unwrap();
    let Some(disk) = Disk::mount(&scratch.path().join("disk"), "96m") else {
        return skipped();
    };
    let postgres = Postgres::start_in(&disk.0);
    let url = postgres.url();
    a_full_disk_loses_nothing_acknowledged(Database::Url(url.clone()), &disk, &url).await;
    drop(postgres);
}

/// A database whose disk is read-only is refused at start, saying it
/// cannot be written, and left as it was.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_database_on_a_read_only_disk_is_refused_saying_it_cannot_be_written() {
    let scratch = tempfile::tempdir().unwrap();
    let Some(disk) = Disk::mount(&scratch.path().join("disk"), "8m") else {
        return skipped();
    };
    let path = disk.0.join("server.db");
    let start = || {
        let config = Config::new("127.0.0.1:0".parse().unwrap(), path.to_string_lossy().into_owned());
        entropy_server::start(config, Arc::new(ManualClock::new(1_772_366_400_000)))
    };
    start().await.expect("a server starts on a new file").shutdown().await;
    let before = std::fs::read(&path).unwrap();
    disk.remount("ro");
    let error = start().await.err().expect("a server started on a read-only database");
    let said = error.to_string();
    assert!(
        said.contains("cannot be written") && said.contains(&path.display().to_string()),
        "{said}"
    );
    assert!(!said.contains("cannot read"), "{said}");
    assert_eq!(std::fs::read(&path).unwrap(), before);
    disk.remount("rw");
}
