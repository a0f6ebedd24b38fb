//! Time: the sweeper, which ticks the live games whose deadline has passed
//! (of several processes, the one whose events are stored first wins, by
//! the version lock; the others find nothing left to do), the heartbeat of
//! this process, and the resumption of live games after the server was down
//! (on SQLite, always after a restart; on PostgreSQL, when no other process
//! beat lately).

use std::sync::Arc;
use std::sync::atomic::Ordering;

use crate::clock::Millis;
use crate::db::{Backend, games, lobby, processes};
use crate::server::Server;

pub mod alarm;

/// How often a process beats, in milliseconds.
pub const HEARTBEAT: Millis = 5_000;
/// A heartbeat this recent says its process runs.
pub const FRESH: Millis = 3 * HEARTBEAT;
/// How often the sweeper looks for deadlines set by other processes.
pub const POLL: Millis = 1_000;
/// How long a stopped process's last heartbeat is kept.
const FORGET_AFTER: Millis = 30 * 24 * 3600 * 1000;

/// Ticks the games whose deadline has passed, until the server stops.
pub async fn sweep(server: Arc<Server>) {
    let mut stopping = server.stopping.clone();
    loop {
        server.sweep.sleeps_to.store(Millis::MAX, Ordering::SeqCst);
        let now = server.clock.now();
        let mut wake = now + POLL;
        match games::due(&server.store, now).await {
            Ok(due) => {
                for id in due {
                    if let Err(e) = crate::hub::tick(&server, &id).await {
                        tracing::warn!(game = %id, error = %e, "could not tick a game");
                    }
                }
                // A deadline that the tick left in the past waits for the next poll.
                if let Ok(Some(next)) = games::next_deadline(&server.store).await
                    && next > now
                {
                    wake = wake.min(next);
                }
            }
            Err(e) => tracing::warn!(error = %e, "the sweeper could not read the deadlines"),
        }
        server.sweep.sleeps_to.store(wake, Ordering::SeqCst);
        tokio::select! {
            _ = crate::server::stopped(&mut stopping) => return,
            _ = server.clock.sleep_until(wake) => {}
            _ = server.sweep.notify.notified() => {}
        }
    }
}

/// Records this process's heartbeat every few seconds, until the server
/// stops; on PostgreSQL, each beat also forgets the spectators counted by
/// processes that stopped beating.
pub async fn heartbeat(server: Arc<Server>) {
    let mut stopping = server.stopping.clone();
    loop {
        let next = server.clock.now() + HEARTBEAT;
        tokio::select! {
            _ = crate::server::stopped(&mut stopping) => return,
            _ = server.clock.sleep_until(next) => {}
        }
        if let Err(e) = processes::beat(&server.store, &server.process, server.clock.now()).await {
            tracing::warn!(error = %e, "could not record the heartbeat");
        }
        // The rate limits forget the accounts and addresses back to full.
        server.posting.retain_recent();
        server.posting.shrink_to_fit();
        server.registering.retain_recent();
        server.registering.shrink_to_fit();
        server.guard.prune();
        if server.store.backend() == Backend::Postgres {
            crate::hub::spectators::forget_silent(&server, FRESH).await;
            crate::hub::roster::forget_silent(&server, FRESH).await;
        }
    }
}

/// Keeps this process's life lock ([`processes::hold_life`]) until the
/// server stops, taking it again on a new connection if the one holding it
/// is lost (PostgreSQL restarted, say).
pub async fn live(server: Arc<Server>, url: String, life: sqlx::AnyConnection) {
    use sqlx::Connection;
    let mut stopping = server.stopping.clone();
    let mut life = Some(life);
    loop {
        let next = server.clock.now() + HEARTBEAT;
        tokio::select! {
            _ = crate::server::stopped(&mut stopping) => break,
            _ = server.clock.sleep_until(next) => {}
        }
        let held = match life.as_mut() {
            Some(conn) => conn.ping().await.is_ok(),
            None => false,
        };
        if !held {
            life = match processes::hold_life(&url, &server.process).await {
                Ok(conn) => Some(conn),
                Err(e) => {
                    tracing::warn!(error = %e, "cannot take this process's lock again");
                    None
                }
            };
        }
    }
    if let Some(conn) = life {
        let _ = conn.close().await;
    }
}

/// At start: if no other process beats, the server was down since the last
/// heartbeat, and each live game's player to move gets that time back.
pub async fn resume(server: &Server) -> Result<(), sqlx::Error> {
    let now = server.clock.now();
    let last = processes::last_beat(&server.store, &server.process).await?;
    processes::beat(&server.store, &server.process, now).await?;
    processes::forget(&server.store, &server.process, now - FORGET_AFTER).await?;
    let Some(since) = last else { return Ok(()) };
    // One process serves an SQLite database: another's heartbeat, however
    // recent, is that of a process that is gone (killed before it could
    // stop). On PostgreSQL a recent one may be of a process that still
    // runs: its life lock says whether it does.
    if server.store.backend() == Backend::Postgres && now - since < FRESH {
        for other in processes::alive(&server.store, now - FRESH).await? {
            if other != server.process && processes::runs(&server.store, &other).await? {
                tracing::info!("another process runs on this database: no game is resumed");
                return Ok(());
            }
        }
        tracing::info!("the processes that beat lately are gone");
    }
    // The seeks of players who were connected to a process that was killed
    // went with their connections.
    let gone = lobby::delete_all(&server.store).await?;
    if gone > 0 {
        tracing::info!(
            seeks = gone,
            "the seeks of the connections that were lost are withdrawn"
        );
    }
    let live = games::live_ids(&server.store).await?;
    tracing::info!(games = live.len(), down_ms = now - since, "resuming the live games");
    for id in live {
        if let Err(e) = crate::hub::resume(server, &id, since).await {
            tracing::warn!(game = %id, error = %e, "could not resume a game");
        }
    }
    Ok(())
}
