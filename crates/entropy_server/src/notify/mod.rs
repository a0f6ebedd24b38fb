//! What one part of the server tells the others, across processes.
//!
//! On SQLite there is one process, and a note goes straight to this
//! process's dispatcher. On PostgreSQL a note is sent with `NOTIFY`, and
//! every process (this one too) hears it through a `PgListener` and
//! dispatches it: new events of a game on the channel `entropy_games`
//! (payload `game_id:version`), everything else on `entropy_lobby` (a
//! [`Note`] as JSON).

use std::sync::Arc;

use sqlx::postgres::PgListener;
use tokio::sync::mpsc;

use crate::hub::spectators;
use crate::server::Server;

pub mod note;

use note::{GAMES_CHANNEL, LOBBY_CHANNEL, Note};

/// Listens to PostgreSQL's notifications and queues them for dispatch,
/// until the server stops.
pub async fn listen(url: String, server: Arc<Server>) {
    let mut stopping = server.stopping.clone();
    let mut listener = match PgListener::connect(&url).await {
        Ok(listener) => listener,
        Err(e) => {
            tracing::error!(error = %e, "cannot listen to the database's notifications: other processes' moves will not be seen");
            return;
        }
    };
    if let Err(e) = listener.listen_all([GAMES_CHANNEL, LOBBY_CHANNEL]).await {
        tracing::error!(error = %e, "cannot listen to the database's notifications");
        return;
    }
    // The other processes' numbers of spectators and players, told before this one listened.
    crate::hub::roster::census(&server).await;
    spectators::census(&server).await;
    loop {
        tokio::select! {
            _ = crate::server::stopped(&mut stopping) => return,
            received = listener.try_recv() => match received {
                Ok(Some(notification)) => {
                    match Note::decode(notification.channel(), notification.payload()) {
                        Some(note) => server.notes.local(note),
                        None => tracing::warn!(channel = notification.channel(), "an unreadable notification"),
                    }
                }
                Ok(None) => {
                    // The connection was lost, and is made again: what was
                    // missed meanwhile is read again.
                    tracing::warn!("lost the database's notifications; listening again");
                    server.notes.local(Note::Lobby);
                    crate::hub::roster::census(&server).await;
                    spectators::census(&server).await;
                }
                Err(e) => {
                    // PgListener reconnects by itself on the next call.
                    tracing::warn!(error = %e, "lost the database's notifications; reconnecting");
                    let later = server.clock.now() + 1000;
                    server.clock.sleep_until(later).await;
                    // Whatever was missed meanwhile: the lobby is read again.
                    server.notes.local(Note::Lobby);
                    crate::hub::roster::census(&server).await;
                    spectators::census(&server).await;
                }
            }
        }
    }
}

/// Dispatches the notes of this process's queue, until the server stops.
pub async fn dispatch(server: Arc<Server>, mut queue: mpsc::UnboundedReceiver<Note>) {
    let mut stopping = server.stopping.clone();
    loop {
        let note = tokio::select! {
            _ = crate::server::stopped(&mut stopping) => return,
            note = queue.recv() => match note { Some(note) => note, None => return },
        };
        match note {
            Note::Game { game, version } => crate::hub::notified(&server, &game, version).await,
            Note::Lobby => server.lobby_changed.notify_one(),
            Note::Tell { account, message } => server.conns.send_account(&account, &message),
            Note::Presence {
                process,
                account,
                name,
                bot,
                here,
            } => {
                let who = crate::conns::Who { id: account, name, bot };
                crate::hub::roster::heard(&server, &process, &who, here).await;
            }
            Note::Spectators { game, process, count } => spectators::heard(&server, &game, &process, count).await,
            Note::Recount { process } => {
                spectators::recount_asked(&server, &process).await;
                crate::hub::roster::recount_asked(&server, &process).await;
            }
            Note::SignedOut { session } => {
                let ended = server.conns.sign_out(&session);
                if ended > 0 {
                    tracing::info!(connections = ended, "a session signed out: its connections are closed");
                }
            }
        }
    }
}
